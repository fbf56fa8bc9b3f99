CREATE TABLE "conversation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"not_covered" boolean DEFAULT false NOT NULL,
	"marked_wrong" boolean DEFAULT false NOT NULL,
	"correction" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_reads" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_reads_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guru_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guru_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guru_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"source_kind" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"course_id" uuid,
	"video_id" uuid,
	"material_id" uuid,
	"start_seconds" real,
	"end_seconds" real,
	"page" integer,
	"slide" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, '') || ' ' || text)) STORED
);
--> statement-breakpoint
CREATE TABLE "guru_courses" (
	"guru_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	CONSTRAINT "guru_courses_guru_id_course_id_pk" PRIMARY KEY("guru_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "guru_indexed_sources" (
	"guru_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"content_hash" text NOT NULL,
	"chunk_count" integer NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guru_indexed_sources_guru_id_source_key_pk" PRIMARY KEY("guru_id","source_key")
);
--> statement-breakpoint
CREATE TABLE "guru_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guru_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"source_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guru_videos" (
	"guru_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	CONSTRAINT "guru_videos_guru_id_video_id_pk" PRIMARY KEY("guru_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "gurus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"teaching_mode" text DEFAULT 'direct' NOT NULL,
	"introduction_text" text DEFAULT '' NOT NULL,
	"introduction_video_path" text,
	"avatar_kind" text,
	"avatar_image_path" text,
	"avatar_glb_path" text,
	"avatar_glb_url" text,
	"voice" text,
	"fallback_voice" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"training_progress" integer DEFAULT 0 NOT NULL,
	"training_error" text,
	"trained_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_keys" (
	"user_id" uuid NOT NULL,
	"key_name" text NOT NULL,
	"encrypted" text NOT NULL,
	"last_four" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_keys_user_id_key_name_pk" PRIMARY KEY("user_id","key_name")
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_guru_id_gurus_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."gurus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guru_chunks" ADD CONSTRAINT "guru_chunks_guru_id_gurus_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."gurus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guru_courses" ADD CONSTRAINT "guru_courses_guru_id_gurus_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."gurus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guru_courses" ADD CONSTRAINT "guru_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guru_indexed_sources" ADD CONSTRAINT "guru_indexed_sources_guru_id_gurus_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."gurus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guru_questions" ADD CONSTRAINT "guru_questions_guru_id_gurus_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."gurus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guru_videos" ADD CONSTRAINT "guru_videos_guru_id_gurus_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."gurus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guru_videos" ADD CONSTRAINT "guru_videos_video_id_course_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."course_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gurus" ADD CONSTRAINT "gurus_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_conversation_idx" ON "conversation_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "conversations_guru_idx" ON "conversations" USING btree ("guru_id","started_at");--> statement-breakpoint
CREATE INDEX "conversations_user_idx" ON "conversations" USING btree ("user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "guru_chunks_guru_idx" ON "guru_chunks" USING btree ("guru_id","source_key");--> statement-breakpoint
CREATE INDEX "guru_chunks_search_idx" ON "guru_chunks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "guru_courses_course_idx" ON "guru_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "guru_questions_guru_idx" ON "guru_questions" USING btree ("guru_id","kind","position");--> statement-breakpoint
CREATE INDEX "gurus_owner_idx" ON "gurus" USING btree ("owner_id");