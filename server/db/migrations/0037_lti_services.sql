-- LTI Advantage services (issue 34, decision 075). A grade link: a learner launched a quiz whose LMS link has a
-- line item (Assignment and Grade Services), so the quiz's marked score goes to that line item for that person.
-- A context: an LMS course seen in a launch, with its Names and Role Provisioning URL, so the institute can pull
-- its roster as students.
CREATE TABLE "lti_grade_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL REFERENCES "lti_platforms"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"quiz_id" uuid NOT NULL REFERENCES "quizzes"("id") ON DELETE cascade,
	"subject" text NOT NULL,
	"line_item_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lti_grade_links_unique" ON "lti_grade_links" USING btree ("platform_id","user_id","quiz_id","line_item_url");
--> statement-breakpoint
CREATE INDEX "lti_grade_links_learner_idx" ON "lti_grade_links" USING btree ("user_id","quiz_id");
--> statement-breakpoint
CREATE TABLE "lti_contexts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL REFERENCES "lti_platforms"("id") ON DELETE cascade,
	"context_id" text NOT NULL,
	"title" text NOT NULL,
	"memberships_url" text,
	"last_launch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"roster_pulled_at" timestamp with time zone,
	"roster_added" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lti_contexts_unique" ON "lti_contexts" USING btree ("platform_id","context_id");
