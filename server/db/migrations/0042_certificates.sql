-- Certificates of completion (issue 36, decision 079). A course's completion rules (a row only once its author
-- saved some: without one, the defaults apply — 90 % of every lesson and every live quiz passed at its own pass
-- mark); certificate looks per course, institute or teacher; completions recorded once by the server; the issued
-- certificates with everything they print frozen in `content` and their signed Open Badges 3.0 credential; the
-- platform's Ed25519 signing keys (retired ones kept, so old credentials still verify).
CREATE TABLE "certificate_rules" (
	"course_id" uuid PRIMARY KEY NOT NULL REFERENCES "courses"("id") ON DELETE CASCADE,
	"enabled" boolean DEFAULT true NOT NULL,
	"lesson_percent" integer DEFAULT 90 NOT NULL,
	"quizzes" jsonb,
	"guru_questions" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_templates" (
	"scope" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"template" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_completions" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"course_id" uuid NOT NULL REFERENCES "courses"("id") ON DELETE CASCADE,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "course_id")
);
--> statement-breakpoint
CREATE TABLE "certificate_names" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- course_id has no foreign key: a certificate outlives its course (an employer can still check it).
CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"course_id" uuid NOT NULL,
	"owner_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" jsonb NOT NULL,
	"credential" jsonb NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by" uuid REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_per_course" ON "certificates" USING btree ("user_id","course_id");
--> statement-breakpoint
CREATE INDEX "certificates_course_idx" ON "certificates" USING btree ("course_id","issued_at");
--> statement-breakpoint
CREATE TABLE "certificate_signing_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"public_key_multibase" text NOT NULL,
	"private_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_signing_keys_one_current" ON "certificate_signing_keys" USING btree ((true)) WHERE "retired_at" IS NULL;
