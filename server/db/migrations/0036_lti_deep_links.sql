-- LTI Deep Linking 2.0 (issue 34, decision 074): a teacher's request from the LMS to place Gurukul content, kept
-- until the teacher picks it (its return URL and the platform's opaque data), used once.
CREATE TABLE "lti_deep_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL REFERENCES "lti_platforms"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"deployment_id" text NOT NULL,
	"return_url" text NOT NULL,
	"data" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
