ALTER TABLE "users" ADD COLUMN "last_learned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_last_learned_idx" ON "users" USING btree ("last_learned_at");--> statement-breakpoint
-- Existing learners keep their history: the latest progress or attempt of each (modules/users/activity.ts).
UPDATE "users" u SET "last_learned_at" = latest.at
FROM (
  SELECT user_id, max(at) AS at FROM (
    SELECT user_id, max(updated_at) AS at FROM video_progress GROUP BY user_id
    UNION ALL
    SELECT user_id, max(started_at) AS at FROM quiz_attempts GROUP BY user_id
  ) activity GROUP BY user_id
) latest
WHERE latest.user_id = u.id;
