-- Questions drafted from a course's own text (issue 37, decision 080). A run drafts in the worker queue and
-- reports its progress; its drafts wait for the teacher's review. Nothing enters a quiz without an accept: an
-- accepted draft points at the question it became; a rejected one keeps its reason and its fingerprint, so the
-- same question (in any wording) is never offered again for that quiz's course.
CREATE TABLE "question_draft_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL REFERENCES "quizzes"("id") ON DELETE CASCADE,
	"course_id" uuid NOT NULL REFERENCES "courses"("id") ON DELETE CASCADE,
	"video_id" uuid REFERENCES "course_videos"("id") ON DELETE SET NULL,
	"requested_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"count" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"made" integer DEFAULT 0 NOT NULL,
	"message_key" text,
	"message_values" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "question_draft_runs_quiz_idx" ON "question_draft_runs" USING btree ("quiz_id","created_at");
--> statement-breakpoint
CREATE TABLE "question_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL REFERENCES "quizzes"("id") ON DELETE CASCADE,
	"course_id" uuid NOT NULL REFERENCES "courses"("id") ON DELETE CASCADE,
	"run_id" uuid REFERENCES "question_draft_runs"("id") ON DELETE SET NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"content" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"rewritten" boolean DEFAULT false NOT NULL,
	"reject_reason" text,
	"question_id" uuid REFERENCES "quiz_questions"("id") ON DELETE SET NULL,
	"reviewed_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "question_drafts_quiz_idx" ON "question_drafts" USING btree ("quiz_id","status","position");
--> statement-breakpoint
CREATE INDEX "question_drafts_fingerprint_idx" ON "question_drafts" USING btree ("course_id","fingerprint");
