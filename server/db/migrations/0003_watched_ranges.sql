ALTER TABLE "video_progress" ADD COLUMN "watched_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Progress saved before ranges existed was the furthest point reached: keep it as one range from the start.
UPDATE "video_progress" SET "watched_ranges" = jsonb_build_array(jsonb_build_array(0, "watched_seconds")) WHERE "watched_seconds" > 0;
