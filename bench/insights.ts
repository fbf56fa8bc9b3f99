/**
 * Teacher insights on one busy course (issue 20: GET /api/insights/courses/:id p95 ≤ 200 ms). Seeded with
 * set-based SQL on a fresh embedded PostgreSQL, then vacuumed and analysed: 10,000 students subscribed to one
 * course of 8 lessons (two made by a course library) and its guru; each asked 50 questions over the last four
 * weeks in 5 sessions (500,000 questions and 500,000 answers: 60 % citing a lesson moment, 15 % a library slide,
 * 10 % a page of the study PDF, 5 % an FAQ entry, 10 % not covered), answered 20 quiz questions (200,000
 * answers, 10,000 marked attempts) and watched most lessons (about 55,000 progress rows). A second guru also
 * learns from the course and from another one with 50,000 answers of its own, which the refresh must pass over;
 * 20 other courses with their gurus hold 200,000 more answers, so the course is half of the messages.
 *
 * Then: the refresh job's time (three runs, each step), the periodic check for stale courses, and over real HTTP
 * one request at a time (after 3 warm-ups) GET /api/insights/courses/:id, the course list and a progress save (with
 * its re-watch counting), each request followed by a GET /api/health timed the same way ("health alongside"), so
 * each figure can be read against what the shared machine gave a bare request at that moment. Not part of
 * `npm test`.
 *
 *   node_modules/.bin/tsx bench/insights.ts [rounds=200] [students=10000] [questionsPerStudent=50] [quizAnswers=20]
 *     [--plans]
 *
 * --plans: one more refresh with EXPLAIN (ANALYZE, BUFFERS) of each of its statements.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { CourseInsights } from '../common/contracts/insights';
import type { App } from '../server/http/app-type';
import { staleCourses } from '../server/modules/insights/periodic';
import { refreshCourseInsights } from '../server/modules/insights/refresh';
import { authHeader, buildUser, login } from '../server/test/factories';
import { startBenchApp } from './support/load';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const showPlans = process.argv.includes('--plans');
const rounds = Number(args[0] ?? 200);
const studentCount = Number(args[1] ?? 10_000);
const questionsPerStudent = Number(args[2] ?? 50);
const quizAnswersPerStudent = Number(args[3] ?? 20);
const SESSIONS_PER_STUDENT = 5;
const TARGET_MS = 200;
const LESSONS = [420, 600, 540, 900, 480, 660, 300, 720];
const LIBRARY_LESSONS = new Set([2, 5]);
const NOISE_COURSES = 20;

const ANSWERED = [
  'What is an exterior angle?',
  'Why do the angles of a triangle add up to 180 degrees?',
  'How do I find the area of a trapezium?',
  'What is a regular polygon?',
  'Can you explain the Pythagoras theorem again?',
  'What does congruent mean?',
  'How is a rhombus different from a square?',
  'What is the formula for the circumference of a circle?',
  'Why is pi irrational?',
  'How do I bisect an angle with a compass?',
  'What are alternate angles?',
  'How many diagonals does a hexagon have?',
];
const UNANSWERED = [
  'What are the library hours?',
  'When is the library open on Sunday?',
  'Library hours during exams?',
  'When is the final exam?',
  'Is the exam open book?',
  'How do I get a certificate?',
  'Can I get a certificate after the course?',
  'Who is the principal of the school?',
  'What is the fee for the next term?',
  'Is there a holiday on Friday?',
];
const FAQS = ['How long is the course?', 'Do I need a compass?', 'Is there homework?'];

const { app, base, stop } = await startBenchApp();
const db = app.db;

async function step(label: string, query: SQL) {
  const t0 = performance.now();
  const result = await db.execute(query);
  console.log(
    `  ${label.padEnd(46)} ${String(result.rowCount ?? '').padStart(9)} rows  ${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s`,
  );
}
const one = async <T extends Record<string, unknown>>(query: SQL) => (await db.execute<T>(query)).rows[0];

// ---- Seeding ---------------------------------------------------------------------------------------------
const seedStarted = performance.now();
console.log(
  `Seeding ${studentCount.toLocaleString('en')} students × ${questionsPerStudent} questions × ${quizAnswersPerStudent} quiz answers`,
);
const teacher = await buildUser(app, { userType: 'teacher', fullName: 'Bench Teacher', plan: 'paid' });
const teacherHeaders = authHeader(await login(app, teacher.email));

const { id: courseId } = await one<{ id: string }>(sql`
  insert into courses (owner_id, title, approval_status) values (${teacher.id}, 'Geometry for Class 8', 'APPROVED')
  returning id`);
const { id: otherCourseId } = await one<{ id: string }>(sql`
  insert into courses (owner_id, title, approval_status, approved_snapshot)
  values (${teacher.id}, 'Algebra for Class 8', 'APPROVED',
          '{"info":{"title":"Algebra for Class 8"},"videos":[],"faqs":[],"materials":[]}'::jsonb)
  returning id`);
const lessonIds: string[] = [];
for (const [position, duration] of LESSONS.entries()) {
  let libraryId: string | null = null;
  if (LIBRARY_LESSONS.has(position)) {
    libraryId = (
      await one<{ id: string }>(sql`
        insert into course_libraries (owner_id, title, status) values (${teacher.id}, ${`Deck ${position + 1}`}, 'ready')
        returning id`)
    ).id;
  }
  const { id } = await one<{ id: string }>(sql`
    insert into course_videos (course_id, title, position, duration_seconds, processing_status, library_id)
    values (${courseId}, ${`Lesson ${position + 1}`}, ${position}, ${duration}, 'ready', ${libraryId})
    returning id`);
  lessonIds.push(id);
}
const snapshot = {
  info: {
    title: 'Geometry for Class 8',
    description: '',
    category: 'Mathematics',
    level: '',
    language: 'English',
  },
  videos: lessonIds.map((id, position) => ({
    id,
    kind: 'lesson',
    title: `Lesson ${position + 1}`,
    position,
    hlsPath: null,
    posterPath: null,
    durationSeconds: LESSONS[position],
  })),
  faqs: [],
  materials: [],
};
await db.execute(
  sql`update courses set approved_snapshot = ${JSON.stringify(snapshot)}::jsonb where id = ${courseId}`,
);
const { id: materialId } = await one<{ id: string }>(sql`
  insert into course_materials (course_id, title, file_path, size_bytes)
  values (${courseId}, 'Formula sheet', 'bench/formula-sheet.pdf', 1) returning id`);
const { id: guruId } = await one<{ id: string }>(sql`
  insert into gurus (owner_id, name, status) values (${teacher.id}, 'Geometry Guru', 'ready') returning id`);
const { id: otherGuruId } = await one<{ id: string }>(sql`
  insert into gurus (owner_id, name, status) values (${teacher.id}, 'Maths Guru', 'ready') returning id`);
await db.execute(sql`
  insert into guru_courses (guru_id, course_id)
  values (${guruId}, ${courseId}), (${otherGuruId}, ${courseId}), (${otherGuruId}, ${otherCourseId})`);

await step(
  'students',
  sql`insert into users (email, password_hash, full_name, user_type, email_verified_at, created_at)
      select 'learner' || g || '@bench.example.test', 'bench: not used', 'Learner ' || g, 'student', now(),
             now() - interval '60 days'
      from generate_series(1, ${studentCount}) g`,
);
await step(
  'course subscriptions',
  sql`insert into course_subscriptions (course_id, user_id, created_at)
      select ${courseId}, id, now() - random() * interval '50 days' from users where user_type = 'student'`,
);
await step(
  'guru sessions',
  sql`insert into conversations (guru_id, user_id, course_id, title, started_at, last_message_at)
      select ${guruId}, u.id, ${courseId}, 'Bench session', t, t
      from users u cross join generate_series(1, ${SESSIONS_PER_STUDENT}) s
      cross join lateral (select now() - interval '1 hour' - random() * interval '28 days' as t where s > 0 and u.id is not null) tt
      where u.user_type = 'student'`,
);

// Each answer's first citation follows a skewed draw, so some moments are asked far more than others.
const lessonArray = sql.raw(`array[${lessonIds.map((id) => `'${id}'::uuid`).join(',')}]`);
const durationArray = sql.raw(`array[${LESSONS.join(',')}]::real[]`);
const captionLessons = sql.raw(
  `(array[${LESSONS.map((_, i) => i + 1)
    .filter((i) => !LIBRARY_LESSONS.has(i - 1))
    .join(',')}])`,
);
const libraryLessons = sql.raw(`(array[${[...LIBRARY_LESSONS].map((i) => i + 1).join(',')}])`);
const texts = (list: string[]) =>
  sql.raw(`array[${list.map((text) => `'${text.replace(/'/g, "''")}'`).join(',')}]`);
await step(
  'questions and answers',
  sql`
    with q as materialized (
      select v.id as conversation_id, v.started_at + k * interval '90 seconds' as at, random() as r, random() as r2,
             random() as r3, 1 + floor(random() * 12)::int as pick
      from conversations v
      cross join generate_series(1, ${Math.ceil(questionsPerStudent / SESSIONS_PER_STUDENT)}) k
      where v.guru_id = ${guruId}
    ), cited as (
      select q.*,
             case when r < 0.10 then 'none' when r < 0.70 then 'caption' when r < 0.85 then 'segment'
                  when r < 0.95 then 'material' else 'faq' end as kind,
             case when r < 0.85 and r >= 0.70
               then ${libraryLessons}[1 + floor(r2 * cardinality(${libraryLessons}))::int]
               else ${captionLessons}[1 + floor(power(r2, 2) * cardinality(${captionLessons}))::int] end as lesson
      from q
    ), answers as (
      select c.*, (${lessonArray})[c.lesson] as video_id, (${durationArray})[c.lesson] as duration,
             1 + floor(r3 * 8)::int as slide
      from cited c
    )
    insert into conversation_messages (conversation_id, role, author_id, text, citations, not_covered, created_at)
    select a.conversation_id, m.role, null, m.text, m.citations, m.not_covered, m.at
    from answers a
    cross join lateral (values
      ('user', case when a.kind = 'none' then (${texts(UNANSWERED)})[1 + a.pick % ${UNANSWERED.length}]
                    else (${texts(ANSWERED)})[a.pick] end,
       '[]'::jsonb, false, a.at),
      ('guru', 'An answer from the course.',
       case a.kind
         when 'none' then '[]'::jsonb
         when 'caption' then jsonb_build_array(
           jsonb_build_object('chunkId', gen_random_uuid(), 'sourceKind', 'caption', 'title', 'Lesson ' || a.lesson,
             'excerpt', 'A passage.', 'courseId', ${courseId}::text, 'videoId', a.video_id, 'materialId', null,
             'startSeconds', round((power(a.r3, 1.6) * a.duration)::numeric, 1), 'page', null, 'slide', null),
           jsonb_build_object('chunkId', gen_random_uuid(), 'sourceKind', 'caption', 'title', 'Lesson 1',
             'excerpt', 'Another passage.', 'courseId', ${courseId}::text, 'videoId', (${lessonArray})[1],
             'materialId', null, 'startSeconds', 12, 'page', null, 'slide', null))
         when 'segment' then jsonb_build_array(
           jsonb_build_object('chunkId', gen_random_uuid(), 'sourceKind', 'segment', 'title', 'Lesson ' || a.lesson,
             'excerpt', 'A slide.', 'courseId', ${courseId}::text, 'videoId', a.video_id, 'materialId', null,
             'startSeconds', (a.slide - 1) * a.duration / 8, 'page', null, 'slide', a.slide,
             'heading', 'Slide ' || a.slide))
         when 'material' then jsonb_build_array(
           jsonb_build_object('chunkId', gen_random_uuid(), 'sourceKind', 'material', 'title', 'Formula sheet',
             'excerpt', 'A page.', 'courseId', ${courseId}::text, 'videoId', null, 'materialId', ${materialId}::text,
             'startSeconds', null, 'page', 1 + floor(a.r3 * 12)::int, 'slide', null))
         else jsonb_build_array(
           jsonb_build_object('chunkId', gen_random_uuid(), 'sourceKind', 'course_faq', 'title', 'Course FAQ',
             'excerpt', 'An answer.', 'courseId', ${courseId}::text, 'videoId', null, 'materialId', null,
             'startSeconds', null, 'page', null, 'slide', null,
             'heading', (${texts(FAQS)})[1 + a.pick % ${FAQS.length}]))
       end,
       a.kind = 'none', a.at + interval '2 seconds')
    ) as m(role, text, citations, not_covered, at)`,
);
await step(
  'the other course’s sessions (Maths Guru)',
  sql`
    with v as (
      insert into conversations (guru_id, user_id, course_id, title, started_at, last_message_at)
      select ${otherGuruId}, u.id, ${otherCourseId}, 'Other', now() - random() * interval '28 days', now()
      from users u where u.user_type = 'student' and random() < 0.5
      returning id, started_at
    )
    insert into conversation_messages (conversation_id, role, text, citations, not_covered, created_at)
    select v.id, m.role, m.text, m.citations, false, v.started_at + k * interval '90 seconds' + m.offset_s
    from v cross join generate_series(1, 10) k
    cross join lateral (values
      ('user', 'What is a linear equation?', '[]'::jsonb, interval '0 seconds'),
      ('guru', 'An answer.', jsonb_build_array(jsonb_build_object('chunkId', gen_random_uuid(),
        'sourceKind', 'caption', 'title', 'Equations', 'excerpt', '.', 'courseId', ${otherCourseId}::text,
        'videoId', gen_random_uuid(), 'materialId', null, 'startSeconds', 30, 'page', null, 'slide', null)),
       interval '2 seconds')
    ) as m(role, text, citations, offset_s)`,
);

// The rest of the platform: 20 other courses, each with its own guru and two sessions per student among them.
const noise: { course: string; guru: string }[] = [];
for (let i = 1; i <= NOISE_COURSES; i += 1) {
  const { id: course } = await one<{ id: string }>(sql`
    insert into courses (owner_id, title) values (${teacher.id}, ${`Other subject ${i}`}) returning id`);
  const { id: guru } = await one<{ id: string }>(sql`
    insert into gurus (owner_id, name, status) values (${teacher.id}, ${`Other Guru ${i}`}, 'ready') returning id`);
  await db.execute(sql`insert into guru_courses (guru_id, course_id) values (${guru}, ${course})`);
  noise.push({ course, guru });
}
const noiseCourses = sql.raw(`(array[${noise.map((n) => `'${n.course}'::uuid`).join(',')}])`);
const noiseGurus = sql.raw(`(array[${noise.map((n) => `'${n.guru}'::uuid`).join(',')}])`);
await step(
  'other courses’ sessions and messages',
  sql`
    with v as (
      insert into conversations (guru_id, user_id, course_id, title, started_at, last_message_at)
      select ${noiseGurus}[p.i], u.id, ${noiseCourses}[p.i], 'Other', p.t, p.t
      from users u cross join generate_series(1, 2) s
      cross join lateral (select 1 + floor(random() * ${NOISE_COURSES})::int as i,
                                 now() - random() * interval '28 days' as t where s > 0 and u.id is not null) p
      where u.user_type = 'student'
      returning id, course_id, started_at
    )
    insert into conversation_messages (conversation_id, role, text, citations, not_covered, created_at)
    select v.id, m.role, m.text, m.citations, false, v.started_at + k * interval '90 seconds' + m.offset_s
    from v cross join generate_series(1, 10) k
    cross join lateral (values
      ('user', 'What is photosynthesis?', '[]'::jsonb, interval '0 seconds'),
      ('guru', 'An answer.', jsonb_build_array(jsonb_build_object('chunkId', gen_random_uuid(),
        'sourceKind', 'caption', 'title', 'Leaves', 'excerpt', '.', 'courseId', v.course_id::text,
        'videoId', gen_random_uuid(), 'materialId', null, 'startSeconds', 30, 'page', null, 'slide', null)),
       interval '2 seconds')
    ) as m(role, text, citations, offset_s)`,
);

// The quiz: 20 questions of every kind, half pointing at a lesson moment; each student one marked attempt.
const { id: quizId } = await one<{ id: string }>(sql`
  insert into quizzes (course_id, title) values (${courseId}, 'Geometry check') returning id`);
const TYPES = ['single', 'multiple', 'true_false', 'short', 'long'] as const;
await step(
  'quiz questions',
  sql`
    insert into quiz_questions (quiz_id, position, type, prompt, options, accepted_answers, marks, video_id, video_seconds)
    select ${quizId}, g, t.type, 'Question ' || g || ' (' || t.type || ')',
           case t.type
             when 'single' then '[{"id":"o1","text":"First","correct":true},{"id":"o2","text":"Second","correct":false},
                                  {"id":"o3","text":"Third","correct":false},{"id":"o4","text":"Fourth","correct":false}]'::jsonb
             when 'multiple' then '[{"id":"o1","text":"First","correct":true},{"id":"o2","text":"Second","correct":true},
                                    {"id":"o3","text":"Third","correct":false},{"id":"o4","text":"Fourth","correct":false}]'::jsonb
             when 'true_false' then '[{"id":"true","text":"True","correct":true},{"id":"false","text":"False","correct":false}]'::jsonb
             else '[]'::jsonb end,
           case when t.type = 'short' then '["180"]'::jsonb else '[]'::jsonb end,
           case when t.type = 'long' then 5 else 1 end,
           case when g % 2 = 0 then (${lessonArray})[1 + g % ${LESSONS.length}] end,
           case when g % 2 = 0 then (g * 17) % 300 end
    from generate_series(0, ${quizAnswersPerStudent - 1}) g
    cross join lateral (select (array[${sql.raw(TYPES.map((type) => `'${type}'`).join(','))}])[1 + g % ${TYPES.length}] as type) t`,
);
await step(
  'quiz attempts',
  sql`
    insert into quiz_attempts (quiz_id, course_id, user_id, number, status, quiz_title, pass_percent, paper, started_at,
                               submitted_at, marked_at, score, max_score, passed)
    select ${quizId}, ${courseId}, id, 1, 'marked', 'Geometry check', 50, '[]'::jsonb, t, t + interval '10 minutes',
           t + interval '1 day', 0, ${quizAnswersPerStudent}, false
    from users cross join lateral (select now() - random() * interval '28 days' as t where users.id is not null) tt
    where user_type = 'student'`,
);
await step(
  'quiz answers',
  sql`
    insert into quiz_answers (attempt_id, question_id, response, score, saved_at)
    select a.id, q.id,
           case when q.type in ('single', 'multiple', 'true_false')
             then jsonb_build_object('optionIds', case when w.is_right then
                    (select jsonb_agg(o->>'id') from jsonb_array_elements(q.options) o where (o->>'correct')::boolean)
                  else jsonb_build_array((q.options->(1 + floor(w.r * (jsonb_array_length(q.options) - 1))::int))->>'id') end)
             else jsonb_build_object('text', case when w.is_right then '180' else 'ninety' end) end,
           case when w.is_right then q.marks else 0 end, a.submitted_at
    from quiz_attempts a
    cross join quiz_questions q
    cross join lateral (select random() < 0.35 + 0.6 * ((q.position * 7) % 20) / 20.0 as is_right, random() as r
                        where q.id is not null and a.id is not null) w
    where a.quiz_id = ${quizId} and q.quiz_id = ${quizId}`,
);
await step(
  'video progress',
  sql`
    insert into video_progress (user_id, video_id, position_seconds, watched_seconds, watched_ranges, completed_at,
                                updated_at)
    select u.id, (${lessonArray})[l], w.reached, w.reached, jsonb_build_array(jsonb_build_array(0, w.reached)),
           case when w.reached >= 0.9 * (${durationArray})[l] then now() - interval '2 days' end,
           now() - random() * interval '28 days'
    from users u cross join generate_series(1, ${LESSONS.length}) l
    cross join lateral (select round((least(1, 0.2 + random()) * (${durationArray})[l])::numeric, 1)::real as reached,
                               random() as r where l > 0 and u.id is not null) w
    where u.user_type = 'student' and w.r < 0.7`,
);
await step(
  're-watch counters',
  sql`
    insert into insight_rewatch_counts (video_id, bucket, count)
    select (${lessonArray})[l], b, floor(random() * 400)::int
    from generate_series(1, ${LESSONS.length}) l cross join generate_series(0, 9) b`,
);
await step('vacuum analyze', sql`vacuum analyze`);
console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
const counts = await one<Record<string, number>>(sql`
  select (select count(*)::int from conversation_messages where role = 'guru') answers,
         (select count(*)::int from conversation_messages where role = 'guru' and not_covered) not_covered,
         (select count(*)::int from quiz_answers) quiz_answers,
         (select count(*)::int from video_progress) video_progress`);
console.log(
  Object.entries(counts)
    .map(([name, n]) => `${name} ${Number(n).toLocaleString('en')}`)
    .join(', '),
);

// ---- The refresh job ------------------------------------------------------------------------------------
const ms = (value: number) => value.toFixed(1);
const refreshRuns: { total: number; steps: [string, number][] }[] = [];
/** Scans per index and sequential scans per table of the raw tables, as PostgreSQL counts them. */
const RAW_TABLES = sql.raw(
  `'conversations', 'conversation_messages', 'guru_courses', 'quiz_answers', 'quiz_attempts', 'quiz_questions',
   'quizzes', 'video_progress', 'course_videos', 'course_subscriptions', 'insight_rewatch_counts'`,
);
async function scanCounts() {
  // Counters reach the shared statistics when a backend goes idle, at most once a second.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const { rows } = await db.execute<{ name: string; scans: number }>(sql`
    select 'index ' || indexrelname as name, idx_scan::int as scans from pg_stat_user_indexes
    where relname in (${RAW_TABLES})
    union all
    select 'seq scan ' || relname, seq_scan::int from pg_stat_user_tables where relname in (${RAW_TABLES})`);
  return new Map(rows.map((row) => [row.name, Number(row.scans)]));
}
const scansBefore = await scanCounts();
for (let run = 0; run < 3; run += 1) {
  const steps: [string, number][] = [];
  const t0 = performance.now();
  await refreshCourseInsights(app, courseId, (name, took) => steps.push([name, took]));
  refreshRuns.push({ total: performance.now() - t0, steps });
}
const scansAfter = await scanCounts();
const scanned = [...scansAfter]
  .map(([name, n]) => [name, (n - (scansBefore.get(name) ?? 0)) / 3] as const)
  .filter(([, n]) => n > 0)
  .sort((a, b) => a[0].localeCompare(b[0]));
console.log('\nRefresh of the course (the insights-refresh job), three runs:');
for (const [index, run] of refreshRuns.entries()) {
  console.log(
    `  run ${index + 1}: ${(run.total / 1000).toFixed(2)} s  (${run.steps.map(([name, took]) => `${name} ${ms(took)} ms`).join(', ')})`,
  );
}
const staleTimes: number[] = [];
for (let i = 0; i < 5; i += 1) {
  const t0 = performance.now();
  await staleCourses(app);
  staleTimes.push(performance.now() - t0);
}
console.log(
  `Scans of the raw tables per refresh: ${scanned.map(([name, n]) => `${name} ×${n.toLocaleString('en')}`).join(', ')}`,
);
console.log(`Periodic check for stale courses: ${staleTimes.map(ms).join(', ')} ms`);

if (showPlans) {
  // The same refresh through a transaction whose statements are each run under EXPLAIN ANALYZE (which runs them).
  const dialect = new PgDialect();
  type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
  const explaining = (tx: Tx) =>
    new Proxy(tx, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: SQL) => {
          const text = dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').trim();
          if (!/^(create temp table|insert into insight)/i.test(text)) return target.execute(query);
          const plan = (
            await target.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`)
          ).rows;
          console.log(`\n${text.slice(0, 110)}…`);
          for (const row of plan.slice(0, 60)) console.log(`  ${row['QUERY PLAN']}`);
          return { rows: [], rowCount: 0 };
        };
      },
    });
  const explainingDb = new Proxy(db, {
    get: (target, property, receiver) =>
      property === 'transaction'
        ? (work: (tx: Tx) => Promise<unknown>) => target.transaction((tx) => work(explaining(tx)))
        : Reflect.get(target, property, receiver),
  });
  await refreshCourseInsights(
    new Proxy(app, {
      get: (target, property) => (property === 'db' ? explainingDb : Reflect.get(target, property)),
    }) as App,
    courseId,
  );
}

// ---- Requests --------------------------------------------------------------------------------------------
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
async function timed(path: string, init: RequestInit) {
  const t0 = performance.now();
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  return { ms: performance.now() - t0, ok: response.ok, status: response.status, text };
}

interface Case {
  label: string;
  request: (round: number) => { path: string; init: RequestInit };
  target?: number;
}
// A learner who can log in (the seeded ones have no password), subscribed and halfway through lesson 1.
const student = await buildUser(app, { userType: 'student', fullName: 'Bench Learner' });
await db.execute(
  sql`insert into course_subscriptions (course_id, user_id) values (${courseId}, ${student.id})`,
);
await db.execute(sql`
  insert into video_progress (user_id, video_id, position_seconds, watched_seconds, watched_ranges)
  values (${student.id}, ${lessonIds[0]}, 200, 200, '[[0, 200]]'::jsonb)`);
const studentHeaders = authHeader(await login(app, student.email));
const CASES: Case[] = [
  { label: 'GET /api/health (reference, no auth)', request: () => ({ path: '/api/health', init: {} }) },
  {
    label: 'GET /api/auth/me (reference, auth)',
    request: () => ({ path: '/api/auth/me', init: { headers: teacherHeaders } }),
  },
  {
    label: 'GET /api/insights/courses/:id',
    request: () => ({ path: `/api/insights/courses/${courseId}`, init: { headers: teacherHeaders } }),
    target: TARGET_MS,
  },
  {
    label: 'GET /api/insights/courses (list)',
    request: () => ({ path: '/api/insights/courses', init: { headers: teacherHeaders } }),
  },
  {
    // A new player each time over a part already watched: the re-watch counting runs every time.
    label: 'PUT progress (with re-watch counting)',
    request: (round) => ({
      path: `/api/learning/videos/${lessonIds[0]}/progress`,
      init: {
        method: 'PUT',
        headers: { ...studentHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({
          positionSeconds: 60,
          watchedRanges: [[round % 2 === 0 ? 0 : 5, 60 + (round % 30)]],
        }),
      },
    }),
  },
];

console.log(
  `\n${rounds} rounds a case, one request at a time, each followed by GET /api/health ("health alongside"); Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
);
const rows: string[] = [];
let answer: CourseInsights | null = null;
for (const c of CASES) {
  const latencies: number[] = [];
  const health: number[] = [];
  let errors = 0;
  let firstError = '';
  for (let i = 0; i < rounds + 3; i += 1) {
    const { path, init } = c.request(i);
    const result = await timed(path, init);
    if (!result.ok) {
      errors += 1;
      firstError ||= `${result.status} ${result.text.slice(0, 200)}`;
    } else if (c.target) answer = JSON.parse(result.text) as CourseInsights;
    if (i < 3) continue;
    latencies.push(result.ms);
    health.push((await timed('/api/health', {})).ms);
  }
  latencies.sort((a, b) => a - b);
  health.sort((a, b) => a - b);
  const p95 = pct(latencies, 0.95);
  const verdict = c.target ? (p95 <= c.target && errors === 0 ? 'met' : '**missed**') : '';
  console.log(
    `  ${c.label.padEnd(40)} p50 ${ms(pct(latencies, 0.5)).padStart(6)}  p95 ${ms(p95).padStart(6)}  max ${ms(latencies.at(-1) ?? 0).padStart(6)} ms  (health ${ms(pct(health, 0.5))} / ${ms(pct(health, 0.95))}, load ${os.loadavg()[0].toFixed(1)})${errors ? `  errors ${errors}: ${firstError}` : ''}`,
  );
  rows.push(
    `| ${c.label} | ${ms(pct(latencies, 0.5))} ms | ${ms(p95)} ms | ${ms(latencies.at(-1) ?? 0)} ms | ${ms(pct(health, 0.5))} / ${ms(pct(health, 0.95))} ms | ${os.loadavg()[0].toFixed(1)} | ${c.target ? `≤ ${c.target} ms` : ''} | ${verdict}${errors ? ` (${errors} errors)` : ''} |`,
  );
}
console.log('\n| case | p50 | p95 | max | health alongside p50 / p95 | load | target (p95) | result |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);

if (answer) {
  console.log(
    `\nThe answer: ${answer.students.toLocaleString('en')} students, ${answer.questions.total.toLocaleString('en')} questions (${answer.questions.thisWeek.toLocaleString('en')} this week, ${answer.questions.unansweredTotal.toLocaleString('en')} unanswered), ${answer.questions.moments.length} moments (top: ${answer.questions.moments[0]?.asks.toLocaleString('en')} asks), ${answer.questions.unanswered.length} unanswered groups (top: ${answer.questions.unanswered[0]?.terms.join(' + ')}, ${answer.questions.unanswered[0]?.asks.toLocaleString('en')}), ${answer.quizzes.length} quiz questions (lowest right rate ${answer.quizzes[0]?.rightRate}), ${answer.viewing.length} lessons; ${JSON.stringify(answer).length.toLocaleString('en')} bytes of JSON`,
  );
}
await stop();
