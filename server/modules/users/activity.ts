import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Records that a person learnt just now (progress saved, a quiz started). Written at most once an hour per
 * person, so a playing video's progress saves every few seconds do not rewrite the users row each time.
 */
export async function markLearning(db: Db, userId: string, now = new Date()): Promise<void> {
  await db
    .update(users)
    .set({ lastLearnedAt: now })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.lastLearnedAt), lt(users.lastLearnedAt, new Date(now.getTime() - HOUR_MS))),
      ),
    );
}

/**
 * Sets every person's last learning from their progress and attempts: for data written straight to the tables
 * (the demo seed, the benchmark, the migration that added the column).
 */
export async function backfillLastLearned(db: Db): Promise<void> {
  await db.execute(sql`
    update users u set last_learned_at = latest.at
    from (
      select user_id, max(at) as at from (
        select user_id, max(updated_at) as at from video_progress group by user_id
        union all
        select user_id, max(started_at) as at from quiz_attempts group by user_id
      ) activity group by user_id
    ) latest
    where latest.user_id = u.id and (u.last_learned_at is null or u.last_learned_at < latest.at)`);
}
