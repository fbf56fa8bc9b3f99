ALTER TABLE "conversations" ADD COLUMN "hint_step_since" timestamp with time zone;
