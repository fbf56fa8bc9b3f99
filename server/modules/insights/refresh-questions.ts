import { inArray, sql } from 'drizzle-orm';
import { gurus, insightGroupFixes, insightUnansweredGroups } from '../../db/schema/index';
import { stemOf } from '../../providers/llm/answer-intents';
import { WIDE_MIN, WIDE_SHARE } from '../gurus/retrieval';
import { MOMENT_SLACK_SECONDS, type Tx } from './refresh-sources';
import {
  groupKeyOf,
  groupUnanswered,
  questionTermsOf,
  type TopicWords,
  type UnansweredQuestion,
} from './unanswered';

export const TOP_MOMENTS = 12;
export const TOP_GROUPS = 20;
const EXAMPLES = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** "This week" is the 7 days before the refresh, "last week" the 7 before those (SQL over the answers). */
const thisWeek = sql`count(*) filter (where created_at > now() - interval '7 days')::int`;
const lastWeek = sql`count(*) filter (where created_at <= now() - interval '7 days' and created_at > now() - interval '14 days')::int`;

/** The asker's question just before an answer (the latest student message of the session before it). */
const questionBefore = (answer: string) =>
  sql.raw(`(
  select u.text from conversation_messages u
  where u.conversation_id = ${answer}.conversation_id and u.role = 'user' and u.created_at < ${answer}.created_at
  order by u.created_at desc limit 1)`);

/**
 * The course's totals: students, questions and their trend, unanswered ones, and those that leaned on a moment
 * (all moments: the page lists only the TOP_MOMENTS most asked and says how many more there are).
 */
export async function writeSummary(tx: Tx, courseId: string): Promise<void> {
  await tx.execute(sql`
    insert into insight_courses as ic (course_id, students, questions_total, questions_this_week, questions_last_week,
                                 unanswered_total, moment_asks, refreshed_at)
    select ${courseId}::uuid,
           (select count(*) from course_subscriptions s where s.course_id = ${courseId}::uuid)::int,
           count(*)::int, ${thisWeek}, ${lastWeek}, (count(*) filter (where not_covered))::int,
           (count(*) filter (where moment_key is not null))::int, now()
    from insight_tmp_answers
    on conflict (course_id) do update set
      students = excluded.students, questions_total = excluded.questions_total,
      questions_this_week = excluded.questions_this_week, questions_last_week = excluded.questions_last_week,
      unanswered_total = excluded.unanswered_total, moment_asks = excluded.moment_asks,
      refreshed_at = excluded.refreshed_at`);
}

/**
 * The most asked moments: answers grouped by their moment key, the top TOP_MOMENTS with their newest wordings,
 * the library that made the lesson, and the students who asked about the moment and got a quiz question testing
 * it (same lesson, within MOMENT_SLACK_SECONDS of where they asked) wrong.
 */
export async function writeMoments(tx: Tx, courseId: string): Promise<void> {
  await tx.execute(sql`
    insert into insight_moments (course_id, key, rank, guru_id, guru_name, kind, title, heading, video_id,
                                 start_seconds, slide, material_id, page, asks, this_week, last_week, examples,
                                 library_id, struggling_students)
    with grouped as (
      -- The key holds the lesson, slide, material and page of its kind: grouping by them too changes nothing.
      select moment_key as key, guru_id, kind, video_id, material_id, slide, page, count(*)::int as asks,
             ${thisWeek} as this_week, ${lastWeek} as last_week, max(created_at) as last_at,
             min(moment_seconds) as moment_seconds, max(heading) as heading, max(cite_title) as cite_title
      from insight_tmp_answers
      where moment_key is not null
      group by moment_key, guru_id, kind, video_id, material_id, slide, page
    ), top as (
      select *, row_number() over (order by asks desc, last_at desc, key) as rank
      from grouped
      order by rank
      limit ${TOP_MOMENTS}
    ), recent as (
      select a.moment_key, a.conversation_id, a.created_at,
             row_number() over (partition by a.moment_key order by a.created_at desc) as n
      from insight_tmp_answers a
      join top t on t.key = a.moment_key
    ), examples as (
      select r.moment_key, jsonb_agg(q.text order by r.created_at desc) as texts
      from recent r
      cross join lateral (select ${questionBefore('r')} as text) q
      where r.n <= ${EXAMPLES} and q.text is not null
      group by r.moment_key
    ), wrong_moments as (
      -- Where each student got a question wrong: the lesson moments of those questions.
      select distinct w.user_id, q.video_id, q.video_seconds
      from insight_tmp_quiz_answers w
      join insight_tmp_questions q on q.id = w.question_id
      where not w.is_right and q.video_id is not null and q.video_seconds is not null
    ), struggling as (
      select a.moment_key, count(distinct a.user_id)::int as students
      from insight_tmp_answers a
      join top t on t.key = a.moment_key and t.kind in ('video', 'slide')
      join wrong_moments w on w.user_id = a.user_id and w.video_id = a.video_id
        and abs(w.video_seconds - a.start_seconds) <= ${MOMENT_SLACK_SECONDS}
      group by a.moment_key
    )
    select ${courseId}::uuid, t.key, t.rank, t.guru_id, g.name, t.kind,
           case
             when t.kind in ('video', 'slide') then coalesce(l.title, cv.title, t.cite_title)
             when t.kind = 'faq' then coalesce(t.heading, t.cite_title)
             else t.cite_title
           end,
           case when t.kind = 'slide' then t.heading end,
           t.video_id,
           -- A video moment's stretch, a slide's own start (the earliest its passages give).
           case when t.kind in ('video', 'slide') then t.moment_seconds end,
           case when t.kind = 'slide' then t.slide end,
           t.material_id,
           case when t.kind = 'material' then t.page end,
           t.asks, t.this_week, t.last_week, coalesce(e.texts, '[]'::jsonb),
           coalesce(l.library_id, cv.library_id), coalesce(s.students, 0)
    from top t
    join gurus g on g.id = t.guru_id
    left join insight_tmp_lessons l on l.id = t.video_id
    left join course_videos cv on cv.id = t.video_id
    left join examples e on e.moment_key = t.key
    left join struggling s on s.moment_key = t.key`);
}

/**
 * Per lesson of the live version: asks per stretch of the lesson (its `stretch`, lessonStretchSeconds) from its
 * start; asks past its end count in the last.
 */
export async function writeLessonHeat(tx: Tx, courseId: string): Promise<void> {
  await tx.execute(sql`
    insert into insight_lesson_heat (course_id, video_id, position, title, duration_seconds, bucket_seconds, buckets)
    with sized as (
      select l.*, greatest(1, ceil(coalesce(nullif(l.duration, 0),
               (select max(a.start_seconds) + 1 from insight_tmp_answers a where a.video_id = l.id), 1)
             / l.stretch::float8))::int as n
      from insight_tmp_lessons l
    ), counts as materialized (
      -- Materialized: the array below reads it once per lesson.
      select s.id, least(floor(a.start_seconds / s.stretch)::int, s.n - 1) as bucket, count(*)::int as asks
      from insight_tmp_answers a
      join sized s on s.id = a.video_id
      where a.kind in ('video', 'slide')
      group by 1, 2
    )
    select ${courseId}::uuid, s.id, s.position, s.title, coalesce(s.duration, 0), s.stretch,
           array(select coalesce(c.asks, 0) from generate_series(0, s.n - 1) b
                 left join counts c on c.id = s.id and c.bucket = b order by b)
    from sized s`);
}

interface UnansweredRow extends Record<string, unknown> {
  guru_id: string;
  created_at: string | Date;
  text: string | null;
  now: string | Date;
}

/**
 * The terms of the questions that run through their guru's whole course: held by WIDE_SHARE of its passages or
 * more (at least WIDE_MIN), as retrieval counts the course's topic word — "bridge" in a course on bridges. Each
 * term is looked up in the passages' search vectors (the GIN index) as retrieval searches a word: an English one
 * stemmed and as written, one of another script by its folded stem as a prefix ("पुलों" finds "पुल"). Only the
 * questions' own terms are asked about.
 */
export async function courseWideTerms(tx: Tx, questions: readonly UnansweredQuestion[]): Promise<TopicWords> {
  const asked = new Map<string, Set<string>>();
  for (const question of questions) {
    const terms = asked.get(question.guruId) ?? new Set<string>();
    for (const term of questionTermsOf(question.text).keys()) terms.add(term);
    asked.set(question.guruId, terms);
  }
  const input = [...asked].flatMap(([guruId, terms]) =>
    [...terms].map((term) => ({
      guruId,
      term,
      // Retrieval's rule (questionTerms): a word not in Latin letters nor a number is searched as a prefix.
      stem: /^[\p{Script=Latin}\p{Nd}]/u.test(term) ? null : stemOf(term),
    })),
  );
  const topic = new Map<string, Set<string>>();
  if (input.length === 0) return topic;
  const { rows } = await tx.execute<{ guru_id: string; term: string }>(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as t("guruId" uuid, term text, stem text)
    ), totals as (
      select c.guru_id, count(*)::int as n from guru_chunks c
      where c.guru_id in (select distinct "guruId" from input)
      group by c.guru_id
    ), queries as (
      select i."guruId" as guru_id, i.term,
        case when i.stem is null or gurukul_search_fold(i.stem) = ''
          then plainto_tsquery('english', i.term) || plainto_tsquery('simple', gurukul_search_fold(i.term))
          else ('''' || replace(replace(gurukul_search_fold(i.stem), '\\', '\\\\'), '''', '''''') || ''':*')::tsquery
        end as query
      from input i
    )
    select q.guru_id, q.term
    from queries q
    join totals t on t.guru_id = q.guru_id
    where numnode(q.query) > 0
      and (select count(*) from guru_chunks c where c.guru_id = q.guru_id and c.search @@ q.query)
        >= greatest(${WIDE_MIN}::int, ceil(${WIDE_SHARE}::float8 * t.n))`);
  for (const row of rows) {
    const terms = topic.get(row.guru_id) ?? new Set<string>();
    terms.add(row.term);
    topic.set(row.guru_id, terms);
  }
  return topic;
}

/**
 * The unanswered questions grouped by shared terms (unanswered.ts), the TOP_GROUPS largest kept; the terms that
 * run through a guru's whole course (courseWideTerms) never make a group. A group is shown done (fixedAt) when an
 * FAQ entry was added from it after its last question.
 */
export async function writeUnansweredGroups(tx: Tx, courseId: string): Promise<void> {
  const { rows } = await tx.execute<UnansweredRow>(sql`
    select a.guru_id, a.created_at, ${questionBefore('a')} as text, now() as now
    from insight_tmp_answers a
    where a.not_covered`);
  if (rows.length === 0) return;
  const now = new Date(rows[0].now).getTime();
  const questions = rows
    .filter((row) => row.text)
    .map((row) => ({ guruId: row.guru_id, text: row.text as string, askedAt: new Date(row.created_at) }));
  const groups = groupUnanswered(questions, await courseWideTerms(tx, questions)).slice(0, TOP_GROUPS);
  if (groups.length === 0) return;
  const guruIds = [...new Set(groups.map((group) => group.guruId))];
  const [names, fixes] = await Promise.all([
    tx.select({ id: gurus.id, name: gurus.name }).from(gurus).where(inArray(gurus.id, guruIds)),
    tx.select().from(insightGroupFixes).where(inArray(insightGroupFixes.guruId, guruIds)),
  ]);
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  const fixOf = new Map(fixes.map((fix) => [`${fix.guruId}:${fix.term}`, fix.fixedAt]));
  const weekOf = (at: Date) => Math.floor((now - at.getTime()) / (7 * DAY_MS));
  await tx.insert(insightUnansweredGroups).values(
    groups.map((group, index) => {
      const lastAskedAt = group.questions[0].askedAt;
      const fixedAt = fixOf.get(`${group.guruId}:${group.term}`) ?? null;
      return {
        courseId,
        key: groupKeyOf(group),
        rank: index + 1,
        guruId: group.guruId,
        guruName: nameOf.get(group.guruId) ?? '',
        term: group.term,
        terms: group.terms,
        wording: group.wording,
        asks: group.questions.length,
        thisWeek: group.questions.filter((q) => weekOf(q.askedAt) <= 0).length,
        lastWeek: group.questions.filter((q) => weekOf(q.askedAt) === 1).length,
        examples: group.questions.slice(0, EXAMPLES).map((q) => q.text),
        lastAskedAt,
        fixedAt: fixedAt && lastAskedAt < fixedAt ? fixedAt : null,
      };
    }),
  );
}
