/**
 * The admin's people lists, account page and dashboard on a platform of 100,000 students, 5,000 teachers and
 * 1,000,000 quiz attempts (issue: p95 ≤ 50 ms for a list page, ≤ 150 ms for the dashboard). The data is
 * seeded with set-based SQL on a fresh embedded PostgreSQL, vacuumed and analysed; then each case is asked
 * over real HTTP one request at a time (after 3 warm-up requests) as an admin, each request followed by a
 * GET /api/health timed the same way (and GET /api/health, GET /api/auth/me as cases of their own), so every
 * figure can be read against what the shared machine gave a bare request at the same moment. Prints p50,
 * p95 and max per case, whether it meets its target, and EXPLAIN (ANALYZE, BUFFERS) of the slowest list's
 * queries and of the dashboard's.
 *
 *   node_modules/.bin/tsx bench/people.ts [listRounds=200] [dashboardRounds=50] [students=100000]
 *     [teachers=5000] [attempts=1000000] [--plans]
 *
 * --plans prints the whole plans (the slowest list's queries and the dashboard's) instead of their summary.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { peopleQuerySchema } from '../common/contracts/people';
import type { App } from '../server/http/app-type';
import { dashboard } from '../server/modules/people/dashboard';
import { listPeople } from '../server/modules/people/list';
import { backfillLastLearned } from '../server/modules/users/activity';
import { authHeader, buildUser, login } from '../server/test/factories';
import { startBenchApp } from './support/load';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const fullPlans = process.argv.includes('--plans');
const listRounds = Number(args[0] ?? 200);
const dashboardRounds = Number(args[1] ?? 50);
const studentCount = Number(args[2] ?? 100_000);
const teacherCount = Number(args[3] ?? 5_000);
const attemptCount = Number(args[4] ?? 1_000_000);
const INSTITUTES = 50;
const PARTNERS = 200;
const COURSES = 3_000;
const LIST_TARGET_MS = 50;
const DASHBOARD_TARGET_MS = 150;
const DAY_MS = 24 * 60 * 60 * 1000;

const FIRST_NAMES = (
  'Aarav Vivaan Aditya Vihaan Arjun Sai Reyansh Ayaan Krishna Ishaan Rohan Kabir Ananya ' +
  'Diya Saanvi Aadhya Priya Isha Kavya Meera Riya Aisha Fatima Zara Neha Pooja Sneha Rahul ' +
  'Amit Vikram Suresh Ramesh Lakshmi Divya Nikhil Karan Tanvi Shreya Mohammed Imran Farhan ' +
  'Joseph Mary Anjali Deepak Manoj Gauri Harini Yash Om Emma Liam Olivia Noah Sofia Lucas ' +
  'Chen Wei Yuki Hana'
).split(' ');
const LAST_NAMES = (
  'Sharma Verma Gupta Singh Kumar Patel Shah Mehta Iyer Iyengar Nair Menon Reddy Rao Naidu ' +
  'Pillai Das Banerjee Chatterjee Mukherjee Bose Sen Ghosh Joshi Kulkarni Deshpande Patil ' +
  'Jadhav Khan Ahmed Siddiqui Shaikh Qureshi Fernandes Pereira Thomas George Varghese ' +
  'Kurian Bhat Hegde Shetty Kamath Agarwal Bansal Malhotra Kapoor Chopra Arora Smith Garcia ' +
  'Wang Li Tanaka'
).split(' ');
const DOMAINS = ['gmail.com', 'yahoo.co.in', 'outlook.com', 'school.edu.in', 'hotmail.com', 'rediffmail.com'];
const CITIES = 'Pune Chennai Kochi Jaipur Lucknow Indore Mysuru Nagpur Surat Patna'.split(' ');
/** One student in 5,000 has this surname: the "rare fragment" search. */
const RARE_SURNAME = 'Vanterpool';

const { app, base, stop } = await startBenchApp();
const db = app.db;

// ---- Seeding, set-based ----------------------------------------------------------------------------------
async function step(label: string, query: SQL) {
  const t0 = performance.now();
  const result = await db.execute(query);
  console.log(
    `  ${label.padEnd(44)} ${String(result.rowCount ?? '').padStart(9)} rows  ${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s`,
  );
}

/**
 * `count` accounts of one role: names and e-mails drawn from the lists above, signed up over the last two
 * years, a share deactivated, a share inside one of the institutes, most logged in since they signed up.
 */
function insertPeople(role: string, count: number, options: { deactivated: number; inInstitute: number }) {
  return sql`
    with names as materialized (
      select string_to_array(${FIRST_NAMES.join(',')}, ',') f, string_to_array(${LAST_NAMES.join(',')}, ',') l,
             string_to_array(${DOMAINS.join(',')}, ',') d
    ), inst as materialized (
      select coalesce(array_agg(id order by id), '{}') ids from users where user_type = 'institute'
    ), p as materialized (
      select g, 1 + floor(random() * ${FIRST_NAMES.length})::int fi, 1 + floor(random() * ${LAST_NAMES.length})::int li,
             1 + floor(random() * ${DOMAINS.length})::int di, random() < 0.0002 rare, random() r_inst,
             random() r_active, random() r_verified, random() r_login, random() r_login_at, random() r_format,
             now() - random() * interval '730 days' created_at
      from generate_series(1, ${count}) g
    )
    insert into users (email, password_hash, full_name, user_type, institute_id, email_verified_at, is_active,
                       deactivation_reason, last_login_at, created_at)
    select case when p.r_format < 0.7
             then lower(n.f[p.fi]) || '.' || lower(case when p.rare then ${RARE_SURNAME}::text else n.l[p.li] end)
             else lower(n.f[p.fi]) end || '.' || left(${role}::text, 1) || p.g || '@' || n.d[p.di],
           'bench: not used',
           n.f[p.fi] || ' ' || case when p.rare then ${RARE_SURNAME}::text else n.l[p.li] end,
           ${role}::text,
           case when p.r_inst < ${options.inInstitute} and cardinality(i.ids) > 0
             then i.ids[1 + p.g % cardinality(i.ids)] end,
           case when p.r_verified < 0.9 then p.created_at + interval '5 minutes' end,
           p.r_active >= ${options.deactivated},
           case when p.r_active < ${options.deactivated} then 'Deactivated by the benchmark' end,
           case when p.r_login < 0.85 then p.created_at + p.r_login_at * (now() - p.created_at) end,
           p.created_at
    from p cross join names n cross join inst i`;
}

const seedStarted = performance.now();
console.log(
  `Seeding ${studentCount.toLocaleString('en')} students, ${teacherCount.toLocaleString('en')} teachers, ${attemptCount.toLocaleString('en')} quiz attempts`,
);
await step(
  'institutes',
  sql`insert into users (email, password_hash, full_name, user_type, email_verified_at, last_login_at, created_at)
      select 'office' || g || '@institute' || g || '.example.test', 'bench: not used',
             (string_to_array(${CITIES.join(',')}, ','))[1 + g % ${CITIES.length}] || ' ' ||
               (array['Public School', 'Academy', 'Institute of Learning', 'Coaching Centre', 'College'])[1 + g % 5]
               || ' ' || g,
             'institute', now(), now() - random() * interval '20 days', now() - random() * interval '730 days'
      from generate_series(1, ${INSTITUTES}) g`,
);
await step('partners', insertPeople('partner', PARTNERS, { deactivated: 0.02, inInstitute: 0 }));
await step('teachers', insertPeople('teacher', teacherCount, { deactivated: 0.03, inInstitute: 0.1 }));
await step('students', insertPeople('student', studentCount, { deactivated: 0.03, inInstitute: 0.1 }));

// Teachers of their own and institutes hold plans: running trials, ended trials, paying (monthly or yearly,
// INR/USD/EUR), cancelled to the period end, ended; all but the running trials have their first trial before.
await step(
  'subscriptions',
  sql`
    with o as materialized (
      select u.id, u.user_type audience, u.created_at, random() r, random() r2, random() r3, random() r4
      from users u
      where (u.user_type = 'teacher' and u.institute_id is null) or u.user_type = 'institute'
    ), s as materialized (
      select o.*,
             case when r < 0.35 then 'trial' when r < 0.45 then 'trial-ended' when r < 0.80 then 'active'
                  when r < 0.85 then 'cancelled' else 'ended' end state,
             case when r3 < 0.7 then 'monthly' else 'yearly' end period,
             case when r4 < 0.8 then 'INR' when r4 < 0.92 then 'USD' else 'EUR' end currency,
             (select p.id from plans p where p.audience = o.audience and p.status = 'active'
                and p.name = case when r2 < 0.65 then 'Starter' else 'Pro' end) paid_plan,
             (select p.id from plans p where p.audience = o.audience and p.status = 'active'
                order by p.position limit 1) trial_plan,
             greatest(o.created_at + interval '1 second', least(o.created_at + interval '14 days', now() - interval '1 hour')) converted_at
      from o
    )
    insert into subscriptions (user_id, plan_id, status, trial_ends_at, billing_period, currency, amount,
                               current_period_start, current_period_end, cancel_at_period_end, ended_at, created_at)
    select id, trial_plan, 'trial', now() + (1 + r2 * 13) * interval '1 day', null::text, null::text,
           null::numeric, null::timestamptz, null::timestamptz, false, null::timestamptz,
           now() - (13 - r2 * 13) * interval '1 day'
    from s where state = 'trial'
    union all
    select id, trial_plan, case when state = 'trial-ended' then 'trial' else 'ended' end,
           least(created_at + interval '14 days', now() - interval '1 day'), null, null, null, null, null, false,
           case when state = 'trial-ended' then null else converted_at end, created_at
    from s where state <> 'trial'
    union all
    select id, paid_plan, state, null, period, currency,
           (select (e->>'amount')::numeric from plans p, jsonb_array_elements(p.prices) e
             where p.id = s.paid_plan and e->>'currency' = s.currency and e->>'period' = s.period),
           case when state = 'ended' then now() - (30 + r2 * 150) * interval '1 day'
                else now() - r2 * case when period = 'monthly' then interval '30 days' else interval '365 days' end end,
           case when state = 'ended' then now() - r2 * 150 * interval '1 day'
                else now() - r2 * case when period = 'monthly' then interval '30 days' else interval '365 days' end
                       + case when period = 'monthly' then interval '1 month' else interval '1 year' end end,
           state = 'cancelled',
           case when state = 'ended' then now() - r2 * 150 * interval '1 day' end,
           converted_at
    from s where state in ('active', 'cancelled', 'ended')`,
);

await step(
  'courses',
  sql`
    with owners as materialized (
      select array_agg(id order by id) ids from users where user_type in ('teacher', 'institute')
    ), c as materialized (
      select g, random() r, random() r2, now() - random() * interval '700 days' created_at
      from generate_series(1, ${COURSES}) g
    )
    insert into courses (owner_id, title, description, category, level, language, price, currency,
                         approval_status, approved_snapshot, submitted_at, reviewed_at, created_at, updated_at)
    select o.ids[1 + (c.g * 7919) % cardinality(o.ids)],
           (array['Fractions', 'Algebra', 'Geometry', 'Physics', 'Chemistry', 'Biology', 'English grammar',
                  'Indian history', 'Python', 'Accounts'])[1 + c.g % 10] || ' ' ||
             (array['for beginners', 'in depth', 'exam practice', 'crash course'])[1 + c.g % 4] || ' ' || c.g,
           'A course seeded by bench/people.ts.',
           'Bench', 'Beginner', 'English',
           case when c.r2 < 0.7 then 0 else 499 + (c.g % 5) * 500 end, 'INR',
           case when c.r < 0.6 then 'APPROVED' when c.r < 0.65 then 'PENDING' when c.r < 0.67 then 'PENDING_REAPPROVAL'
                else 'DRAFT' end,
           case when c.r < 0.6 or (c.r >= 0.65 and c.r < 0.67) then '{"bench": true}'::jsonb end,
           case when c.r < 0.67 then c.created_at + interval '1 day' end,
           case when c.r < 0.6 then c.created_at + interval '2 days' end,
           c.created_at, c.created_at
    from c cross join owners o`,
);
await step(
  'quizzes (two per live course)',
  sql`insert into quizzes (course_id, title, attempts_allowed, pass_percent, position, created_at)
      select c.id, 'Quiz ' || q || ': ' || c.title, 0, (array[40, 50, 60, 70])[1 + q % 4], q, c.created_at
      from courses c cross join generate_series(1, 2) q where c.approved_snapshot is not null`,
);
await step(
  'course subscriptions',
  sql`
    with c as materialized (select array_agg(id order by id) ids from courses where approved_snapshot is not null),
         s as materialized (select array_agg(id order by id) ids from users where user_type = 'student')
    insert into course_subscriptions (course_id, user_id, created_at)
    select c.ids[1 + floor(random() * cardinality(c.ids))::int], s.ids[1 + floor(random() * cardinality(s.ids))::int],
           now() - random() * interval '700 days'
    from generate_series(1, ${studentCount * 3}) cross join c cross join s
    on conflict do nothing`,
);
// Attempts: students drawn with a skew (a few take hundreds, most a handful), quizzes at random, started
// over the last 60 days; numbered per (quiz, student); the latest of a few is still open, a few wait for
// marking, the rest are marked out of 10.
await step(
  'quiz attempts',
  sql`
    with s as materialized (select array_agg(id order by id) ids from users where user_type = 'student'),
         q as materialized (select array_agg(id order by id) ids from quizzes),
         -- The ids are picked here: a sort below carrying the id arrays would copy them with every row.
         d as materialized (
           select q.ids[1 + floor(random() * cardinality(q.ids))::int] quiz_id,
                  s.ids[1 + floor(power(random(), 1.5) * cardinality(s.ids))::int] user_id,
                  now() - random() * interval '60 days' started_at, random() r,
                  round((random() * 10)::numeric)::real score, interval '2 minutes' + random() * interval '30 minutes' took
           from generate_series(1, ${attemptCount}) cross join s cross join q),
         a as (
           select d.*, row_number() over w number,
                  d.r < 0.05 and row_number() over w = count(*) over (partition by d.quiz_id, d.user_id) open
           from d
           window w as (partition by d.quiz_id, d.user_id order by d.started_at))
    insert into quiz_attempts (quiz_id, course_id, user_id, number, status, quiz_title, pass_percent, paper,
                               started_at, submitted_at, marked_at, score, max_score, passed)
    select a.quiz_id, z.course_id, a.user_id, a.number,
           case when a.open then 'in_progress' when a.r < 0.08 then 'submitted' else 'marked' end,
           z.title, z.pass_percent, '[]'::jsonb, a.started_at,
           case when not a.open then a.started_at + a.took end,
           case when not a.open and a.r >= 0.08 then a.started_at + a.took end,
           case when not a.open then a.score end,
           10,
           case when not a.open and a.r >= 0.08 then a.score * 10 >= z.pass_percent end
    from a join quizzes z on z.id = a.quiz_id`,
);
await step(
  'course videos (three per live course)',
  sql`insert into course_videos (course_id, title, position, duration_seconds, processing_status,
                                 processing_progress, created_at)
      select c.id, 'Lesson ' || v, v, 300 + random() * 600, 'ready', 100, now() - random() * interval '180 days'
      from courses c cross join generate_series(1, 3) v where c.approved_snapshot is not null`,
);
await step(
  'video progress',
  sql`
    with v as materialized (select array_agg(id order by id) ids from course_videos),
         s as materialized (select array_agg(id order by id) ids from users where user_type = 'student')
    insert into video_progress (user_id, video_id, position_seconds, watched_seconds, updated_at)
    select s.ids[1 + floor(power(random(), 1.5) * cardinality(s.ids))::int],
           v.ids[1 + floor(random() * cardinality(v.ids))::int], random() * 600, random() * 600,
           now() - random() * interval '60 days'
    from generate_series(1, ${studentCount * 3}) cross join v cross join s
    on conflict do nothing`,
);
await step(
  'payment orders: plan renewals',
  sql`
    insert into payment_orders (user_id, purpose, plan_id, billing_period, amount, currency, provider, receipt,
                                provider_order_id, provider_payment_id, status, paid_at, granted_at, created_at)
    select s.user_id, 'subscription', s.plan_id, s.billing_period, s.amount, s.currency, 'razorpay',
           'bench-plan-' || s.id || '-' || k, 'order_bench_plan_' || s.id || '_' || k,
           case when t.r < 0.93 then 'pay_bench_plan_' || s.id || '_' || k end,
           case when t.r < 0.93 then 'paid' when t.r < 0.97 then 'failed' else 'created' end,
           case when t.r < 0.93 then t.moment end, case when t.r < 0.93 then t.moment end, t.moment - interval '2 minutes'
    from subscriptions s
    cross join lateral generate_series(1, 1 + abs(hashtext(s.id::text)) % 6) k
    cross join lateral (select random() r, now() - random() * interval '182 days' moment where k > 0) t
    where s.amount > 0`,
);
await step(
  'payment orders: course purchases',
  sql`
    with c as materialized (
           select array_agg(id order by id) ids, array_agg(price order by id) prices from courses
           where approved_snapshot is not null and price > 0),
         s as materialized (select array_agg(id order by id) ids from users where user_type = 'student'),
         d as materialized (
           select g, 1 + floor(random() * cardinality(c.ids))::int ci, s.ids[1 + floor(random() * cardinality(s.ids))::int] user_id,
                  random() r, now() - random() * interval '182 days' moment
           from generate_series(1, ${Math.round(studentCount / 5)}) g cross join c cross join s)
    insert into payment_orders (user_id, purpose, course_id, amount, currency, provider, receipt,
                                provider_order_id, provider_payment_id, status, paid_at, granted_at, created_at)
    select d.user_id, 'course', c.ids[d.ci], c.prices[d.ci], 'INR', 'razorpay', 'bench-course-' || d.g,
           'order_bench_course_' || d.g, case when d.r < 0.9 then 'pay_bench_course_' || d.g end,
           case when d.r < 0.9 then 'paid' else 'failed' end,
           case when d.r < 0.9 then d.moment end, case when d.r < 0.9 then d.moment end, d.moment - interval '2 minutes'
    from d cross join c
    on conflict do nothing`,
);
// Attempts and progress were written straight to their tables: learners' last activity follows them, as the
// app keeps it when progress is saved or an attempt starts.
const backfillStarted = performance.now();
await backfillLastLearned(app.db);
console.log(
  `  ${'users.last_learned_at'.padEnd(44)} ${((performance.now() - backfillStarted) / 1000).toFixed(1).padStart(15)} s`,
);
// As autovacuum leaves a table after a bulk insert: statistics and the visibility map (index-only scans).
await step('vacuum analyze', sql`vacuum analyze`);
console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

const tableCounts = (
  await db.execute<Record<string, number>>(sql`
    select (select count(*)::int from users where user_type = 'student') students,
           (select count(*)::int from users where user_type = 'teacher') teachers,
           (select count(*)::int from users where user_type = 'institute') institutes,
           (select count(*)::int from users where user_type = 'partner') partners,
           (select count(*)::int from subscriptions) subscriptions,
           (select count(*)::int from courses) courses,
           (select count(*)::int from quizzes) quizzes,
           (select count(*)::int from course_subscriptions) course_subscriptions,
           (select count(*)::int from quiz_attempts) quiz_attempts,
           (select count(*)::int from video_progress) video_progress,
           (select count(*)::int from payment_orders where status = 'paid') paid_orders`)
).rows[0];
console.log(
  Object.entries(tableCounts)
    .map(([name, n]) => `${name} ${Number(n).toLocaleString('en')}`)
    .join(', '),
);

// ---- What the cases ask for ------------------------------------------------------------------------------
const [picks] = (
  await db.execute<{
    email: string;
    institute_id: string;
    pro_plan: string;
    heavy_student: string;
    heavy_attempts: number;
  }>(sql`
    select (select email from users where user_type = 'student' order by created_at limit 1 offset ${Math.floor(studentCount / 2)}) email,
           (select institute_id from users where user_type = 'student' and institute_id is not null
              group by institute_id order by count(*) desc limit 1) institute_id,
           (select id from plans where audience = 'teacher' and name = 'Pro' and status = 'active') pro_plan,
           h.user_id heavy_student, h.n heavy_attempts
    from (select user_id, count(*)::int n from quiz_attempts group by user_id order by n desc limit 1) h`)
).rows;

const admin = await buildUser(app, { userType: 'admin', fullName: 'Bench Admin' });
const headers = authHeader(await login(app, admin.email));
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const now = Date.now();

type Kind = 'reference' | 'list' | 'detail' | 'dashboard';
interface Case {
  label: string;
  path: string;
  kind: Kind;
  auth?: boolean;
}
const CASES: Case[] = [
  { label: 'GET /api/health (reference, no auth)', path: '/api/health', kind: 'reference', auth: false },
  { label: 'GET /api/auth/me (reference, auth)', path: '/api/auth/me', kind: 'reference' },
  { label: 'students, newest first, page 1', path: '/api/admin/people?role=student', kind: 'list' },
  { label: 'students, page 200', path: '/api/admin/people?role=student&page=200', kind: 'list' },
  { label: 'students by name', path: '/api/admin/people?role=student&sort=name&dir=asc', kind: 'list' },
  { label: 'students by last login', path: '/api/admin/people?role=student&sort=lastLoginAt', kind: 'list' },
  {
    label: 'students by last login, oldest first',
    path: '/api/admin/people?role=student&sort=lastLoginAt&dir=asc',
    kind: 'list',
  },
  { label: 'students by e-mail', path: '/api/admin/people?role=student&sort=email&dir=asc', kind: 'list' },
  { label: 'search "sha" (common)', path: '/api/admin/people?role=student&search=sha', kind: 'list' },
  {
    label: 'search an exact e-mail',
    path: `/api/admin/people?role=student&search=${encodeURIComponent(picks.email)}`,
    kind: 'list',
  },
  {
    label: `search "${RARE_SURNAME.slice(0, 7).toLowerCase()}" (rare)`,
    path: `/api/admin/people?role=student&search=${RARE_SURNAME.slice(0, 7).toLowerCase()}`,
    kind: 'list',
  },
  { label: 'students deactivated', path: '/api/admin/people?role=student&status=deactivated', kind: 'list' },
  {
    label: 'students of an institute',
    path: `/api/admin/people?role=student&instituteId=${picks.institute_id}`,
    kind: 'list',
  },
  {
    label: 'students signed up in a month, a year ago',
    path: `/api/admin/people?role=student&from=${day(now - 395 * DAY_MS)}&to=${day(now - 365 * DAY_MS)}`,
    kind: 'list',
  },
  { label: 'teachers, newest first, page 1', path: '/api/admin/people?role=teacher', kind: 'list' },
  { label: 'teachers on a trial', path: '/api/admin/people?role=teacher&billing=trial', kind: 'list' },
  {
    label: 'teachers on the Pro plan',
    path: `/api/admin/people?role=teacher&planId=${picks.pro_plan}`,
    kind: 'list',
  },
  {
    label: `student page (${picks.heavy_attempts} attempts)`,
    path: `/api/admin/people/${picks.heavy_student}`,
    kind: 'detail',
  },
  { label: 'dashboard (default: 180 days)', path: '/api/admin/dashboard', kind: 'dashboard' },
  {
    label: 'dashboard, last 30 days',
    path: `/api/admin/dashboard?from=${day(now - 30 * DAY_MS)}&to=${day(now)}`,
    kind: 'dashboard',
  },
];
const TARGETS: Record<Kind, number | null> = {
  reference: null,
  list: LIST_TARGET_MS,
  detail: null,
  dashboard: DASHBOARD_TARGET_MS,
};

interface Figures {
  c: Case;
  p50: number;
  p95: number;
  max: number;
  /** GET /api/health asked between this case's requests: what the machine gave any request meanwhile. */
  health: { p50: number; p95: number };
  load: number;
  errors: number;
  firstError: string | null;
  rows: string;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function timed(path: string, init: RequestInit) {
  const t0 = performance.now();
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  return { ms: performance.now() - t0, ok: response.ok, status: response.status, text };
}

/** 3 warm-up requests, then `rounds` timed ones, each followed by a timed GET /api/health. */
async function run(c: Case): Promise<Figures> {
  const rounds = c.kind === 'dashboard' ? dashboardRounds : listRounds;
  const init = { headers: c.auth === false ? {} : headers };
  let lastBody = '';
  let errors = 0;
  let firstError: string | null = null;
  const latencies: number[] = [];
  const health: number[] = [];
  for (let i = 0; i < rounds + 3; i += 1) {
    const answer = await timed(c.path, init);
    if (!answer.ok) {
      errors += 1;
      firstError ??= `${answer.status} ${answer.text.slice(0, 200)}`;
    } else lastBody = answer.text;
    if (i < 3) continue;
    latencies.push(answer.ms);
    health.push((await timed('/api/health', {})).ms);
  }
  latencies.sort((a, b) => a - b);
  health.sort((a, b) => a - b);
  return {
    c,
    p50: pct(latencies, 0.5),
    p95: pct(latencies, 0.95),
    max: latencies[latencies.length - 1],
    health: { p50: pct(health, 0.5), p95: pct(health, 0.95) },
    load: os.loadavg()[0],
    errors,
    firstError,
    rows: lastBody ? describe(c.kind, JSON.parse(lastBody)) : '',
  };
}

/** What the answer held: matching rows of a list, quiz results of an account, points of the dashboard. */
function describe(kind: Kind, body: Record<string, unknown>): string {
  if (kind === 'list') return `${Number(body.total).toLocaleString('en')} row${body.total === 1 ? '' : 's'}`;
  if (kind === 'detail') return `${(body.quizResults as unknown[]).length} results`;
  if (kind === 'dashboard') {
    const seriesOf = body.series as { bucket: string; points: unknown[] };
    return `${seriesOf.points.length} ${seriesOf.bucket}s`;
  }
  return '';
}

console.log(
  `\n${listRounds} rounds a list, reference and account page, ${dashboardRounds} a dashboard; one request at a time, each followed by GET /api/health ("health alongside"); Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
);
const ms = (value: number) => value.toFixed(1);
const verdict = (figures: Figures) => {
  const target = TARGETS[figures.c.kind];
  if (target === null) return '';
  return figures.p95 <= target && figures.errors === 0 ? 'met' : '**missed**';
};
const results: Figures[] = [];
for (const c of CASES) {
  const figures = await run(c);
  results.push(figures);
  const target = TARGETS[c.kind];
  console.log(
    `  ${c.label.padEnd(44)} ${figures.rows.padStart(13)}  p50 ${ms(figures.p50).padStart(6)}  p95 ${ms(figures.p95).padStart(6)}  max ${ms(figures.max).padStart(6)} ms  (health ${ms(figures.health.p50)} / ${ms(figures.health.p95)}, load ${figures.load.toFixed(1)})${target === null ? '' : figures.p95 <= target ? `  ≤ ${target} ok` : `  > ${target} MISSED`}${figures.errors ? `  errors ${figures.errors}: ${figures.firstError}` : ''}`,
  );
}

console.log(
  '\n| case | answer | p50 | p95 | max | health alongside p50 / p95 | load | target (p95) | result |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const figures of results) {
  const target = TARGETS[figures.c.kind];
  console.log(
    `| ${figures.c.label} | ${figures.rows} | ${ms(figures.p50)} ms | ${ms(figures.p95)} ms | ${ms(figures.max)} ms | ${ms(figures.health.p50)} / ${ms(figures.health.p95)} ms | ${figures.load.toFixed(1)} | ${target === null ? '' : `≤ ${target} ms`} | ${verdict(figures)}${figures.errors ? ` (${figures.errors} errors)` : ''} |`,
  );
}

// ---- EXPLAIN of the slowest list, and of the dashboard's queries ------------------------------------------
// The server's functions run through an app whose db records each SQL it executes; each is then explained
// as it ran (same text, same parameters).
async function explainQueries(run: (app: App) => Promise<unknown>) {
  const captured: SQL[] = [];
  const recordingDb = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return (query: SQL) => {
        captured.push(query);
        return target.execute(query);
      };
    },
  });
  await run(
    new Proxy(app, {
      get: (target, property) => (property === 'db' ? recordingDb : Reflect.get(target, property)),
    }) as App,
  );
  const plans: { text: string; plan: string[] }[] = [];
  for (const query of captured) {
    const plan = (
      await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`)
    ).rows.map((row) => row['QUERY PLAN']);
    plans.push({ text: dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').trim(), plan });
  }
  return plans;
}
const dialect = new PgDialect();
const executionTime = (plan: string[]) => plan.find((line) => line.startsWith('Execution Time')) ?? '';

const slowest = results.filter((figures) => figures.c.kind === 'list').sort((a, b) => b.p95 - a.p95)[0];
const {
  role,
  format: _format,
  ...filters
} = peopleQuerySchema.parse(Object.fromEntries(new URL(slowest.c.path, base).searchParams.entries()));
console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the slowest list, "${slowest.c.label}" (${slowest.c.path}):`);
const listPlans = await explainQueries((recording) =>
  listPeople(recording, { ...filters, userTypes: [role] }),
);
for (const [i, { plan }] of listPlans.entries()) {
  console.log(`  ${i === 0 ? 'page' : 'counts'} query:`);
  const shown = fullPlans
    ? plan
    : [plan[0], plan.find((line) => line.trim().startsWith('Buffers')) ?? '', executionTime(plan)].filter(
        Boolean,
      );
  for (const line of shown) console.log(`    ${line}`);
}

console.log("\nEXPLAIN ANALYZE of the dashboard's queries (default range), execution time each:");
for (const { text, plan } of await explainQueries((recording) => dashboard(recording, {}))) {
  console.log(`  ${executionTime(plan).replace('Execution Time: ', '').padStart(11)}  ${text.slice(0, 96)}`);
  if (fullPlans) for (const line of plan) console.log(`    ${line}`);
}

await stop();
