ALTER TABLE "guru_chunks" ADD COLUMN "heading" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "library_segments" ADD COLUMN "heading" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "guru_chunks" drop column "search";--> statement-breakpoint
ALTER TABLE "guru_chunks" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', coalesce(title, '') || ' ' || text), 'D')) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guru_chunks_search_idx" ON "guru_chunks" USING gin ("search");
