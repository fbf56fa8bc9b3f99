-- A course packaged for another learning platform (issue 35, decision 077): SCORM 1.2, SCORM 2004 or Common
-- Cartridge 1.3, built by a background job that records its progress here; the zip is a stored file of the owner.
CREATE TABLE "course_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL REFERENCES "courses"("id") ON DELETE cascade,
	"requested_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"format" text NOT NULL,
	"status" text DEFAULT 'working' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_path" text,
	"file_name" text,
	"size_bytes" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "course_exports_course_idx" ON "course_exports" USING btree ("course_id","format","created_at");
