-- A lesson's summary and glossary for its students (issue 37, item 3). Drafted from the lesson's own text and
-- drafted again when that text changes (source_hash), unless the teacher edited them: then the edit is kept and
-- the teacher is told the lesson changed. Either list can be hidden from students.
CREATE TABLE "lesson_notes" (
	"video_id" uuid PRIMARY KEY NOT NULL REFERENCES "course_videos"("id") ON DELETE CASCADE,
	"source_hash" text NOT NULL,
	"summary" jsonb NOT NULL,
	"glossary" jsonb NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"summary_hidden" boolean DEFAULT false NOT NULL,
	"glossary_hidden" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
