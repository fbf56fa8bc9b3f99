CREATE TABLE "course_libraries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"source_name" text DEFAULT '' NOT NULL,
	"voice" text DEFAULT 'alloy' NOT NULL,
	"fallback_voice" text DEFAULT 'echo' NOT NULL,
	"avatar_kind" text DEFAULT 'none' NOT NULL,
	"avatar_image_path" text,
	"avatar_corner" text DEFAULT 'bottom-right' NOT NULL,
	"font_family" text DEFAULT 'Lato' NOT NULL,
	"theme_color" text DEFAULT 'blue' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text,
	"error" text,
	"generation_id" uuid,
	"video_path" text,
	"hls_path" text,
	"captions_path" text,
	"poster_path" text,
	"duration_seconds" real,
	"cues" jsonb,
	"generated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"slide_path" text NOT NULL,
	"page" integer,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rendered_hash" text,
	"video_path" text,
	"duration_seconds" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_videos" ADD COLUMN "library_id" uuid;--> statement-breakpoint
ALTER TABLE "course_videos" ADD COLUMN "library_cues" jsonb;--> statement-breakpoint
ALTER TABLE "course_libraries" ADD CONSTRAINT "course_libraries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_segments" ADD CONSTRAINT "library_segments_library_id_course_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."course_libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_libraries_owner_idx" ON "course_libraries" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "library_segments_library_idx" ON "library_segments" USING btree ("library_id","position");--> statement-breakpoint
ALTER TABLE "course_videos" ADD CONSTRAINT "course_videos_library_id_course_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."course_libraries"("id") ON DELETE set null ON UPDATE no action;