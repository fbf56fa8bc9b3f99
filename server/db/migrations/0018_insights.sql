CREATE TABLE "insight_courses" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"questions_total" integer DEFAULT 0 NOT NULL,
	"questions_this_week" integer DEFAULT 0 NOT NULL,
	"questions_last_week" integer DEFAULT 0 NOT NULL,
	"unanswered_total" integer DEFAULT 0 NOT NULL,
	"moment_asks" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone,
	"requested_at" timestamp with time zone,
	"refresh_ms" integer
);
--> statement-breakpoint
CREATE TABLE "insight_digest_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"weekly_digest" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_digests" (
	"user_id" uuid NOT NULL,
	"week" text NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_digests_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
CREATE TABLE "insight_group_fixes" (
	"guru_id" uuid NOT NULL,
	"term" text NOT NULL,
	"faq_id" uuid,
	"fixed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_group_fixes_guru_id_term_pk" PRIMARY KEY("guru_id","term")
);
--> statement-breakpoint
CREATE TABLE "insight_lesson_heat" (
	"course_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"bucket_seconds" integer NOT NULL,
	"buckets" integer[] NOT NULL,
	CONSTRAINT "insight_lesson_heat_course_id_video_id_pk" PRIMARY KEY("course_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "insight_moments" (
	"course_id" uuid NOT NULL,
	"key" text NOT NULL,
	"rank" integer NOT NULL,
	"guru_id" uuid NOT NULL,
	"guru_name" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"heading" text,
	"video_id" uuid,
	"start_seconds" real,
	"slide" integer,
	"material_id" uuid,
	"page" integer,
	"asks" integer NOT NULL,
	"this_week" integer NOT NULL,
	"last_week" integer NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"library_id" uuid,
	"struggling_students" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_moments_course_id_key_pk" PRIMARY KEY("course_id","key")
);
--> statement-breakpoint
CREATE TABLE "insight_quiz_questions" (
	"course_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"quiz_id" uuid NOT NULL,
	"quiz_title" text NOT NULL,
	"prompt" text NOT NULL,
	"answers" integer NOT NULL,
	"right" integer NOT NULL,
	"right_rate" real NOT NULL,
	"wrong_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"moment_video_id" uuid,
	"moment_title" text,
	"moment_seconds" real,
	"wrong_and_asked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_quiz_questions_course_id_question_id_pk" PRIMARY KEY("course_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "insight_rewatch_counts" (
	"video_id" uuid NOT NULL,
	"bucket" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_rewatch_counts_video_id_bucket_pk" PRIMARY KEY("video_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "insight_unanswered_groups" (
	"course_id" uuid NOT NULL,
	"key" text NOT NULL,
	"rank" integer NOT NULL,
	"guru_id" uuid NOT NULL,
	"guru_name" text NOT NULL,
	"term" text NOT NULL,
	"terms" text[] NOT NULL,
	"wording" text NOT NULL,
	"asks" integer NOT NULL,
	"this_week" integer NOT NULL,
	"last_week" integer NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_asked_at" timestamp with time zone NOT NULL,
	"fixed_at" timestamp with time zone,
	CONSTRAINT "insight_unanswered_groups_course_id_key_pk" PRIMARY KEY("course_id","key")
);
--> statement-breakpoint
CREATE TABLE "insight_viewing" (
	"course_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"viewers" integer NOT NULL,
	"part_seconds" real NOT NULL,
	"parts" real[] NOT NULL,
	"rewatched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"drop_off_seconds" real,
	"drop_off_share" real,
	"drop_off_viewers" integer DEFAULT 0 NOT NULL,
	"completed" integer NOT NULL,
	CONSTRAINT "insight_viewing_course_id_video_id_pk" PRIMARY KEY("course_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "insight_watch_reports" (
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"reported" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_watch_reports_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
ALTER TABLE "insight_courses" ADD CONSTRAINT "insight_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_digest_settings" ADD CONSTRAINT "insight_digest_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_digests" ADD CONSTRAINT "insight_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_group_fixes" ADD CONSTRAINT "insight_group_fixes_guru_id_gurus_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."gurus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_group_fixes" ADD CONSTRAINT "insight_group_fixes_faq_id_guru_questions_id_fk" FOREIGN KEY ("faq_id") REFERENCES "public"."guru_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_lesson_heat" ADD CONSTRAINT "insight_lesson_heat_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_moments" ADD CONSTRAINT "insight_moments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_moments" ADD CONSTRAINT "insight_moments_guru_id_gurus_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."gurus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_quiz_questions" ADD CONSTRAINT "insight_quiz_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_rewatch_counts" ADD CONSTRAINT "insight_rewatch_counts_video_id_course_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."course_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_unanswered_groups" ADD CONSTRAINT "insight_unanswered_groups_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_unanswered_groups" ADD CONSTRAINT "insight_unanswered_groups_guru_id_gurus_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."gurus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_viewing" ADD CONSTRAINT "insight_viewing_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_watch_reports" ADD CONSTRAINT "insight_watch_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_watch_reports" ADD CONSTRAINT "insight_watch_reports_video_id_course_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."course_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_unanswered_groups_guru_idx" ON "insight_unanswered_groups" USING btree ("guru_id","term");--> statement-breakpoint
CREATE INDEX "course_subscriptions_course_created_idx" ON "course_subscriptions" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "video_progress_video_updated_idx" ON "video_progress" USING btree ("video_id","updated_at");--> statement-breakpoint
CREATE INDEX "conversation_messages_guru_answers_idx" ON "conversation_messages" USING btree ("conversation_id","created_at") WHERE "conversation_messages"."role" = 'guru';--> statement-breakpoint
CREATE INDEX "conversations_course_last_idx" ON "conversations" USING btree ("course_id","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_guru_last_idx" ON "conversations" USING btree ("guru_id","last_message_at");--> statement-breakpoint
CREATE INDEX "quiz_answers_question_idx" ON "quiz_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_course_finished_idx" ON "quiz_attempts" USING btree ("course_id",greatest("submitted_at", "marked_at"));