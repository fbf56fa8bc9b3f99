-- The guru searches each passage in its language's configuration (issue 32, decision 065): English with its
-- stemming, every other language 'simple' over one spelling (common/search-fold.ts: nukta, chandrabindu,
-- joiners, native digits, dandas). The two strings below are FOLD_PAIRS and FOLD_DROPPED; a test compares.
CREATE OR REPLACE FUNCTION gurukul_search_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select lower(translate(normalize(t, NFC), U&'\0901\0981\0a01\0a81\0958\0959\095a\095b\095c\095d\095e\095f\09dc\09dd\09df\0a59\0a5a\0a5b\0a5e\0966\0967\0968\0969\096a\096b\096c\096d\096e\096f\09e6\09e7\09e8\09e9\09ea\09eb\09ec\09ed\09ee\09ef\0a66\0a67\0a68\0a69\0a6a\0a6b\0a6c\0a6d\0a6e\0a6f\0ae6\0ae7\0ae8\0ae9\0aea\0aeb\0aec\0aed\0aee\0aef\0b66\0b67\0b68\0b69\0b6a\0b6b\0b6c\0b6d\0b6e\0b6f\0be6\0be7\0be8\0be9\0bea\0beb\0bec\0bed\0bee\0bef\0c66\0c67\0c68\0c69\0c6a\0c6b\0c6c\0c6d\0c6e\0c6f\0ce6\0ce7\0ce8\0ce9\0cea\0ceb\0cec\0ced\0cee\0cef\0d66\0d67\0d68\0d69\0d6a\0d6b\0d6c\0d6d\0d6e\0d6f\0660\0661\0662\0663\0664\0665\0666\0667\0668\0669\06f0\06f1\06f2\06f3\06f4\06f5\06f6\06f7\06f8\06f9\0964\0965\093c\09bc\0a3c\0abc\0b3c\0cbc\200c\200d', U&'\0902\0982\0a02\0a82\0915\0916\0917\091c\0921\0922\092b\092f\09a1\09a2\09af\0a16\0a17\0a1c\0a2b01234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789  ')) $$;--> statement-breakpoint
ALTER TABLE "guru_chunks" ADD COLUMN "language" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Passages learnt before: the language of their script (common/languages.ts languageOfText); retraining sets it
-- from the course.
UPDATE "guru_chunks" SET "language" = CASE
    WHEN text ~ U&'[\0900-\097f]' THEN 'hi'
    WHEN text ~ U&'[\0980-\09ff]' THEN 'bn'
    WHEN text ~ U&'[\0a00-\0a7f]' THEN 'pa'
    WHEN text ~ U&'[\0a80-\0aff]' THEN 'gu'
    WHEN text ~ U&'[\0b80-\0bff]' THEN 'ta'
    WHEN text ~ U&'[\0c00-\0c7f]' THEN 'te'
    WHEN text ~ U&'[\0c80-\0cff]' THEN 'kn'
    WHEN text ~ U&'[\0d00-\0d7f]' THEN 'ml'
    ELSE '' END;--> statement-breakpoint
ALTER TABLE "guru_chunks" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "guru_chunks" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (CASE WHEN language IN ('', 'en') THEN setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', coalesce(title, '') || ' ' || text), 'D') ELSE setweight(to_tsvector('simple', gurukul_search_fold(heading)), 'A') || setweight(to_tsvector('simple', gurukul_search_fold(coalesce(title, '') || ' ' || text)), 'D') END) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guru_chunks_search_idx" ON "guru_chunks" USING gin ("search");
