-- Questions brought in from other banks keep their pictures and categories (issue 35, decision 076): `images` are
-- stored files ({ key, alt }) shown with the prompt, `tags` the bank's categories and tags.
ALTER TABLE "quiz_questions" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;
