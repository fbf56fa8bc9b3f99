ALTER TABLE "gurus" ADD COLUMN "training_failed_at" timestamp with time zone;
