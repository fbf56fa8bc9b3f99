import { sql } from 'drizzle-orm';
import type { App } from '../../http/app-type';
import type { PeriodicTask } from '../../jobs/periodic';
import { queueRefresh, REFRESH_EXPIRES_SECONDS } from './refresh';

/** A course's week-on-week figures move with the clock: refreshed at least this often while they are not zero. */
const TREND_MAX_AGE = '6 hours';

/**
 * The live courses whose figures are out of date: something happened since their last refresh (a question to
 * one of their gurus, an attempt submitted or marked, progress saved, a subscription) — or, never refreshed,
 * anything at all — or their weekly trends have aged. Each check is an index probe per course (conversations by
 * course and by guru, attempts by course and finish time, progress by video and time, subscriptions by course);
 * a course with a refresh already on its way is skipped.
 */
export async function staleCourses(app: App): Promise<string[]> {
  const { rows } = await app.db.execute<{ id: string }>(sql`
    select c.id
    from courses c
    left join insight_courses i on i.course_id = c.id
    cross join lateral (select coalesce(i.refreshed_at, '-infinity'::timestamptz) as since) s
    where c.approved_snapshot is not null
      and not (i.requested_at is not null and i.requested_at > s.since
               and i.requested_at > now() - make_interval(secs => ${REFRESH_EXPIRES_SECONDS}))
      and (
        (i.refreshed_at < now() - interval '${sql.raw(TREND_MAX_AGE)}'
          and i.questions_this_week + i.questions_last_week > 0)
        or exists (select 1 from conversations v where v.course_id = c.id and v.last_message_at > s.since)
        or exists (select 1 from guru_courses g join conversations v on v.guru_id = g.guru_id
                   where g.course_id = c.id and v.last_message_at > s.since)
        or exists (select 1 from quiz_attempts a
                   where a.course_id = c.id and greatest(a.submitted_at, a.marked_at) > s.since)
        or exists (select 1 from course_videos cv join video_progress p on p.video_id = cv.id
                   where cv.course_id = c.id and p.updated_at > s.since)
        or exists (select 1 from course_subscriptions sub where sub.course_id = c.id and sub.created_at > s.since)
      )`);
  return rows.map((row) => row.id);
}

/** Queues a refresh for every stale course; answers how many. */
export async function queueStaleRefreshes(app: App): Promise<number> {
  const ids = await staleCourses(app);
  for (const id of ids) await queueRefresh(app, id);
  return ids.length;
}

export const insightsRefreshTask: PeriodicTask = {
  name: 'insights refresh',
  everyMs: 10 * 60_000,
  atStart: 'background',
  run: queueStaleRefreshes,
};
