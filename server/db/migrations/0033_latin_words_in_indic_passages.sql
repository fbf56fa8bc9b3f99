-- English words inside another language's passage ("दीप्त वस्तुएँ (luminous objects)") are searched with English
-- stemming too (issue 32, decision 065, round nine): as 'simple' lexemes alone, "object" never found "objects".
-- gurukul_ascii_part keeps a text's ASCII letters and digits, everything else a space (a Hindi word is one).
CREATE OR REPLACE FUNCTION gurukul_ascii_part(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select regexp_replace(t, U&'[^\0001-\007f]+', ' ', 'g') $$;--> statement-breakpoint
DROP INDEX IF EXISTS "guru_chunks_search_idx";--> statement-breakpoint
ALTER TABLE "guru_chunks" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "guru_chunks" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (CASE WHEN language IN ('', 'en') THEN setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', coalesce(title, '') || ' ' || text), 'D') ELSE setweight(to_tsvector('simple', gurukul_search_fold(heading)), 'A') || setweight(to_tsvector('english', gurukul_ascii_part(heading)), 'A') || setweight(to_tsvector('simple', gurukul_search_fold(coalesce(title, '') || ' ' || text)), 'D') || setweight(to_tsvector('english', gurukul_ascii_part(coalesce(title, '') || ' ' || text)), 'D') END) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guru_chunks_search_idx" ON "guru_chunks" USING gin ("search");
