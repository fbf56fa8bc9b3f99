ALTER TABLE "course_libraries" ALTER COLUMN "voice" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "course_libraries" ALTER COLUMN "voice" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "course_libraries" ALTER COLUMN "fallback_voice" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "course_libraries" ALTER COLUMN "fallback_voice" DROP NOT NULL;