-- Where an LMS's pages are, when not at its LTI endpoints' origins (Canvas cloud: the school's instructure.com
-- address): Gurukul's pages name it in frame-ancestors (issue 34, decision 075).
ALTER TABLE "lti_platforms" ADD COLUMN "site_url" text;
