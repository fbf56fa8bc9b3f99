import { sql } from 'drizzle-orm';
import type { Tx } from './refresh-sources';

export const TOP_REWATCHED = 3;

/**
 * Per lesson of the live version: its viewers (learners with any watched time); for each part (a stretch of the
 * lesson: insight_tmp_lessons.stretch, lessonStretchSeconds of its length) the share of them whose watched ranges
 * cover at least half of it (counted without expanding ranges into parts: a range adds a start and an end mark
 * for the parts it covers whole, and rows for the two parts it covers in part); those who completed it; where
 * most of those who have not stopped (the part holding their position, with their share); and the stretches
 * watched again most (the counters learning's progress save keeps, by the same stretch; rewatch.ts).
 */
export async function writeViewing(tx: Tx, courseId: string): Promise<void> {
  await tx.execute(sql`
    insert into insight_viewing (course_id, video_id, position, title, duration_seconds, viewers, part_seconds, parts,
                                 rewatched, drop_off_seconds, drop_off_share, drop_off_viewers, completed)
    with sized as (
      select l.id, l.position, l.title, coalesce(l.duration, 0)::float8 as duration, l.stretch::float8 as part_seconds
      from insight_tmp_lessons l
    ), lessons as (
      select s.*, case when s.duration > 0 then ceil(s.duration / s.part_seconds)::int else 0 end as parts
      from sized s
    ), viewers as (
      select p.video_id, p.user_id, p.position_seconds, p.completed_at, p.watched_ranges
      from video_progress p
      join lessons l on l.id = p.video_id
      where p.watched_seconds > 0
    ), ranges as (
      -- Each viewer's watched ranges within the lesson (merged when saved: they never overlap).
      select v.video_id, v.user_id, l.part_seconds as ps, l.duration as d, l.parts as n,
             greatest((r->>0)::float8, 0) as s, least((r->>1)::float8, l.duration) as e
      from viewers v
      join lessons l on l.id = v.video_id and l.parts > 0
      cross join lateral jsonb_array_elements(v.watched_ranges) r
    ), spans as (
      -- The parts a range covers whole: from the first starting in it to the last ending in it.
      select video_id, ceil(s / ps)::int as first_part,
             case when e >= d then n - 1 else floor(e / ps)::int - 1 end as last_part
      from ranges
      where e > s
    ), whole as materialized (
      -- Two rows a range, not one per part: +1 where its whole parts begin, -1 after them; summed up to a part,
      -- the viewers who watched it whole.
      select video_id, part, sum(delta)::int as delta
      from (
        select video_id, first_part as part, 1 as delta from spans where first_part <= last_part
        union all
        select video_id, last_part + 1, -1 from spans where first_part <= last_part
      ) changes
      group by 1, 2
    ), ends as (
      -- The parts a range covers in part, at its start and at its end, with the seconds it covers of them.
      select video_id, user_id, floor(s / ps)::int as part,
             least(e, (floor(s / ps) + 1) * ps, d) - s as seconds,
             least((floor(s / ps) + 1) * ps, d) - floor(s / ps) * ps as part_length
      from ranges
      where e > s and s > floor(s / ps) * ps
      union all
      select video_id, user_id, floor(e / ps)::int, e - greatest(s, floor(e / ps) * ps),
             least((floor(e / ps) + 1) * ps, d) - floor(e / ps) * ps
      from ranges
      where e > s and e < d and e > floor(e / ps) * ps
        and (floor(e / ps) > floor(s / ps) or s = floor(s / ps) * ps)
    ), partly as materialized (
      -- A viewer's ends in one part are summed (two ranges may each cover some of it).
      select video_id, part, (count(*) filter (where seconds >= part_length / 2))::int as viewers
      from (
        select video_id, user_id, part, sum(seconds) as seconds, min(part_length) as part_length
        from ends
        group by 1, 2, 3
      ) per_viewer
      group by 1, 2
    ), totals as (
      select video_id, count(*)::int as viewers, (count(*) filter (where completed_at is not null))::int as completed
      from viewers
      group by 1
    ), stops as (
      select v.video_id, least(floor(v.position_seconds / l.part_seconds)::int, greatest(l.parts - 1, 0)) as part,
             count(*)::int as stopped
      from viewers v
      join lessons l on l.id = v.video_id
      where v.completed_at is null
      group by 1, 2
    ), drop_off as (
      select distinct on (video_id) video_id, part, stopped, sum(stopped) over (partition by video_id) as unfinished
      from stops
      order by video_id, stopped desc, part
    )
    select ${courseId}::uuid, l.id, l.position, l.title, l.duration, coalesce(t.viewers, 0), l.part_seconds,
           array(select case when coalesce(t.viewers, 0) = 0 then 0::real
                             else ((select coalesce(sum(w.delta), 0) from whole w where w.video_id = l.id and w.part <= k)
                                   + coalesce((select p.viewers from partly p where p.video_id = l.id and p.part = k), 0)
                                  )::real / t.viewers end
                 from generate_series(0, l.parts - 1) k
                 order by k),
           coalesce((select jsonb_agg(jsonb_build_object('startSeconds', c.bucket * l.part_seconds, 'count', c.count)
                                      order by c.count desc, c.bucket)
                     from (select bucket, count from insight_rewatch_counts
                           where video_id = l.id order by count desc, bucket limit ${TOP_REWATCHED}) c),
                    '[]'::jsonb),
           d.part * l.part_seconds, d.stopped::real / nullif(d.unfinished, 0), coalesce(d.stopped, 0),
           coalesce(t.completed, 0)
    from lessons l
    left join totals t on t.video_id = l.id
    left join drop_off d on d.video_id = l.id`);
}
