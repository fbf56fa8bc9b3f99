import { sql } from 'drizzle-orm';
import { DEFAULT_STRETCH_SECONDS, lessonStretchSeconds } from '../../../common/contracts/insights';
import type { Db } from '../../db/client';

/** The refresh's transaction: every statement of one course's refresh runs in it, temporary tables included. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A quiz question tests a lesson moment within this many seconds of where it points. */
export const MOMENT_SLACK_SECONDS = 60;

/**
 * The raw rows one refresh reads, each read once into a temporary table (dropped at commit) that the
 * aggregates are then computed from:
 *
 * - insight_tmp_lessons: the lessons of the live version, in order, with their library when a course library
 *   made them and their stretch (lessonStretchSeconds: the heat strip's cells, the viewing parts, the re-watch
 *   counters and video moments all cut a lesson by it).
 * - insight_tmp_answers: the guru answers that belong to the course, each with the source it leaned on most for
 *   this course (its first citation of the course) as a moment key, and where that moment starts.
 * - insight_tmp_questions / insight_tmp_quiz_answers: the course's quiz questions (live version first, then the
 *   working one) and their counted answers (submitted or marked attempts, scored).
 */
export async function collectSources(tx: Tx, courseId: string): Promise<void> {
  await tx.execute(sql`
    create temp table insight_tmp_lessons on commit drop as
    select (v->>'id')::uuid as id,
           coalesce(v->>'title', cv.title, '') as title,
           coalesce((v->>'position')::int, 0) as position,
           coalesce((v->>'durationSeconds')::float8, cv.duration_seconds) as duration,
           cv.library_id, ${DEFAULT_STRETCH_SECONDS}::int as stretch
    from courses c
    cross join jsonb_array_elements(coalesce(c.approved_snapshot->'videos', '[]'::jsonb)) v
    left join course_videos cv on cv.id = (v->>'id')::uuid
    where c.id = ${courseId}::uuid and v->>'kind' = 'lesson'`);
  await setStretches(tx);
  await tx.execute(sql`analyze insight_tmp_lessons`);

  await collectAnswers(tx, courseId);
  await collectQuizAnswers(tx, courseId);
  // Temporary tables have no statistics until analysed: the joins below plan far better with them.
  await tx.execute(sql`analyze insight_tmp_answers, insight_tmp_questions, insight_tmp_quiz_answers`);
}

/**
 * Each lesson's stretch, by the one rule the page and the re-watch counters use (lessonStretchSeconds): a course
 * has a few dozen lessons at most, so they are read and written back in two small statements.
 */
async function setStretches(tx: Tx): Promise<void> {
  const { rows } = await tx.execute<{ id: string; duration: number | null }>(
    sql`select id, duration from insight_tmp_lessons`,
  );
  const stretches = rows
    .map((row) => ({ id: row.id, stretch: lessonStretchSeconds(row.duration) }))
    .filter((row) => row.stretch !== DEFAULT_STRETCH_SECONDS);
  if (stretches.length === 0) return;
  await tx.execute(sql`
    update insight_tmp_lessons l set stretch = v.stretch
    from jsonb_to_recordset(${JSON.stringify(stretches)}::jsonb) as v(id uuid, stretch int)
    where l.id = v.id`);
}

/**
 * An answer belongs to the course when its guru learns from the course and its session was opened from the
 * course, or it cites the course, or (when the guru could not answer) its session has no course at all: an
 * embedded guru's visitor or the owner testing, whose unanswered questions are shown on each of the guru's
 * courses since nothing tells which one they were about. Its moment is its first citation of this course (a
 * guru FAQ entry counts for sessions opened from the course); kind and key follow InsightMoment. A video
 * moment is the stretch of its lesson holding the cited start (30 s for a lesson not in the live version), a
 * slide moment starts where the slide does.
 */
async function collectAnswers(tx: Tx, courseId: string): Promise<void> {
  const citesCourse = JSON.stringify([{ courseId }]);
  await tx.execute(sql`
    create temp table insight_tmp_answers on commit drop as
    with answers as (
      select m.id, m.conversation_id, m.created_at, m.not_covered, v.guru_id, v.user_id, m.citations,
             coalesce(v.course_id = ${courseId}::uuid, false) as in_course, v.course_id is null as no_course
      from guru_courses g
      join conversations v on v.guru_id = g.guru_id
      join conversation_messages m on m.conversation_id = v.id and m.role = 'guru'
      where g.course_id = ${courseId}::uuid
        and (v.course_id = ${courseId}::uuid or v.course_id is null or m.citations @> ${citesCourse}::jsonb)
    ), first_cited as (
      -- Most answers cite the course first: the citations are only walked when they do not.
      select a.*,
             case
               when a.citations->0->>'courseId' = ${courseId}::text
                 or (a.in_course and a.citations->0->>'sourceKind' = 'guru_faq') then a.citations->0
               else (
                 select e.cite from jsonb_array_elements(a.citations) with ordinality as e(cite, ord)
                 where e.cite->>'courseId' = ${courseId}::text or (a.in_course and e.cite->>'sourceKind' = 'guru_faq')
                 order by e.ord
                 limit 1)
             end as cite
      from answers a
    ), cited as (
      select id, conversation_id, created_at, not_covered, guru_id, user_id, cite
      from first_cited
      where in_course or cite is not null or (no_course and not_covered)
    ), typed as (
      select c.*,
             case
               when c.cite is null then null
               when c.cite->>'sourceKind' in ('course_faq', 'guru_faq') then 'faq'
               when c.cite->>'sourceKind' = 'material' then 'material'
               when c.cite->>'videoId' is not null and c.cite->>'slide' is not null then 'slide'
               when c.cite->>'videoId' is not null then 'video'
             end as kind,
             (c.cite->>'videoId')::uuid as video_id,
             (c.cite->>'materialId')::uuid as material_id,
             coalesce((c.cite->>'startSeconds')::real, 0) as start_seconds,
             (c.cite->>'slide')::int as slide,
             (c.cite->>'page')::int as page,
             nullif(c.cite->>'heading', '') as heading,
             coalesce(c.cite->>'title', '') as cite_title
      from cited c
    )
    , placed as (
      select t.*,
             case t.kind
               when 'video' then (floor(t.start_seconds / coalesce(l.stretch, ${DEFAULT_STRETCH_SECONDS}))
                                  * coalesce(l.stretch, ${DEFAULT_STRETCH_SECONDS}))::real
               when 'slide' then t.start_seconds
             end as moment_seconds
      from typed t
      left join insight_tmp_lessons l on l.id = t.video_id and t.kind = 'video'
    )
    select t.id, t.conversation_id, t.created_at, t.not_covered, t.guru_id, t.user_id, t.kind, t.video_id,
           t.material_id, t.start_seconds, t.moment_seconds, t.slide, t.page, t.heading, t.cite_title,
           case t.kind
             when 'video' then t.guru_id || ':video:' || t.video_id || ':' || t.moment_seconds::int
             when 'slide' then t.guru_id || ':slide:' || t.video_id || ':' || t.slide
             when 'material' then t.guru_id || ':material:' || coalesce(t.material_id::text, '-') || ':'
               || coalesce(t.page::text, '-')
             when 'faq' then t.guru_id || ':faq:' || left(md5(lower(coalesce(t.heading, t.cite_title))), 16) || ':-'
           end as moment_key
    from placed t`);
}

async function collectQuizAnswers(tx: Tx, courseId: string): Promise<void> {
  await tx.execute(sql`
    create temp table insight_tmp_questions on commit drop as
    select distinct on (id) id, quiz_id, quiz_title, prompt, type, options, marks, video_id, video_seconds
    from (
      select (q->>'id')::uuid as id, 0 as source, (z->>'id')::uuid as quiz_id, z->>'title' as quiz_title,
             q->>'prompt' as prompt, q->>'type' as type, q->'options' as options, (q->>'marks')::real as marks,
             (q->>'videoId')::uuid as video_id, (q->>'videoSeconds')::real as video_seconds
      from courses c
      cross join jsonb_array_elements(coalesce(c.approved_snapshot->'quizzes', '[]'::jsonb)) z
      cross join jsonb_array_elements(z->'questions') q
      where c.id = ${courseId}::uuid
      union all
      select q.id, 1, q.quiz_id, z.title, q.prompt, q.type, q.options, q.marks, q.video_id, q.video_seconds
      from quizzes z
      join quiz_questions q on q.quiz_id = z.id
      where z.course_id = ${courseId}::uuid
    ) both_versions
    order by id, source`);
  // Right: the question's marks reached, whether the score was given automatically or by a teacher.
  await tx.execute(sql`
    create temp table insight_tmp_quiz_answers on commit drop as
    select q.id as question_id, t.user_id, a.score >= q.marks as is_right,
           coalesce(a.response->'optionIds', '[]'::jsonb) as chosen
    from insight_tmp_questions q
    join quiz_answers a on a.question_id = q.id
    join quiz_attempts t on t.id = a.attempt_id
    where t.course_id = ${courseId}::uuid and t.status in ('submitted', 'marked') and a.score is not null`);
}
