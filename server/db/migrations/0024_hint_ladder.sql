ALTER TABLE "conversations" ADD COLUMN "hint_ladder" jsonb;
