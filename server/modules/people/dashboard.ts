import { sql } from 'drizzle-orm';
import type { Dashboard, DashboardFigures, PeopleRole } from '../../../common/contracts/people';
import { convertCurrency } from '../../../common/money';
import type { App } from '../../http/app-type';
import { latestRates } from '../billing/currency-service';
import { approvalCount } from '../courses/approval-count';
import { dateBounds } from '../reports/learner-stats';

/** Money on the dashboard is summed in the platform's base currency (the plans' default), converted with the stored rates. */
export const DASHBOARD_CURRENCY = 'INR';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Up to this many days a chart has a point per day; longer ranges get a point per month. */
const DAILY_UP_TO_DAYS = 92;

type Rates = Record<string, number>;
const toBase = (amount: number, currency: string, rates: Rates) => {
  const converted = convertCurrency(amount, currency, DASHBOARD_CURRENCY, rates);
  // A currency without a rate cannot be summed honestly with the rest: left out rather than mixed in.
  return converted.currency === DASHBOARD_CURRENCY ? converted.amount : 0;
};
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The admin's figures, each one aggregate query over indexed columns (bench/people.ts measures them with
 * 100,000 students and 1,000,000 quiz attempts), and the sign-ups and revenue series for a date range.
 */
export async function dashboard(
  app: App,
  range: { from?: string; to?: string },
  now = new Date(),
): Promise<Dashboard> {
  const rates = ((await latestRates(app))?.rates ?? {}) as Rates;
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  // The queries do not depend on each other: started together, the page waits for the slowest, not the sum.
  // One count per role, each an index-only scan of users_type_active_idx, rather than one pass over every row.
  const perRole = (role: PeopleRole) =>
    sql`(select count(*)::int from users where user_type = ${role} and deleted_at is null)`;
  const peopleQuery = app.db.execute<Record<PeopleRole, number> & { signups: number }>(sql`
      select ${perRole('teacher')} as teacher, ${perRole('institute')} as institute,
             ${perRole('student')} as student, ${perRole('partner')} as partner,
             (select count(*)::int from users
               where created_at >= ${new Date(now.getTime() - 30 * DAY_MS).toISOString()}
                 and user_type <> 'admin' and deleted_at is null) as signups`);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  // Learnt this week: saved progress or started a quiz (users.last_learned_at, kept by modules/users/activity.ts).
  const activeQuery = app.db.execute<{ n: number }>(sql`
      select count(*)::int as n from users where last_learned_at >= ${weekAgo} and deleted_at is null`);
  const monthPaidQuery = app.db.execute<{ amount: string; currency: string }>(sql`
      select sum(amount)::text as amount, currency from payment_orders
      where status = 'paid' and paid_at >= ${monthStart.toISOString()} group by currency`);
  const recurringQuery = app.db.execute<{ amount: string; currency: string; billing_period: string }>(sql`
      select sum(s.amount)::text as amount, s.currency, s.billing_period
      from subscriptions s
      where s.status = 'active' and s.amount > 0 and s.currency is not null
        and (s.current_period_end is null or s.current_period_end > ${now.toISOString()})
        and s.billing_period in ('monthly', 'yearly')
      group by s.currency, s.billing_period`);
  const contentQuery = app.db.execute<{
    live: number;
    sessions: number;
    seconds: number;
    tickets: number;
  }>(sql`
      select (select count(*)::int from courses where approved_snapshot is not null) as live,
             (select count(*)::int from conversations where started_at >= ${monthStart.toISOString()}) as sessions,
             (select coalesce(sum(duration_seconds), 0)::float from course_videos
               where processing_status = 'ready' and created_at >= ${monthStart.toISOString()}) as seconds,
             (select count(*)::int from support_tickets where status <> 'resolved') as tickets`);
  const [peopleRows, activeRows, monthPaidRows, recurringRows, contentRows, coursesWaiting, chart] =
    await Promise.all([
      peopleQuery,
      activeQuery,
      monthPaidQuery,
      recurringQuery,
      contentQuery,
      approvalCount(app),
      series(app, range, rates, now),
    ]);
  const [people] = peopleRows.rows;
  const [active] = activeRows.rows;
  const monthPaid = monthPaidRows.rows;
  const recurring = recurringRows.rows;
  const [content] = contentRows.rows;

  const figures: DashboardFigures = {
    people: {
      teacher: people.teacher,
      institute: people.institute,
      student: people.student,
      partner: people.partner,
    },
    signUps30d: people.signups,
    activeLearners7d: active.n,
    onlineNow: await app.realtime.presence.count(),
    currency: DASHBOARD_CURRENCY,
    revenueThisMonth: round2(
      monthPaid.reduce((sum, row) => sum + toBase(Number(row.amount), row.currency, rates), 0),
    ),
    mrr: round2(
      recurring.reduce((sum, row) => {
        const monthly = row.billing_period === 'yearly' ? Number(row.amount) / 12 : Number(row.amount);
        return sum + toBase(monthly, row.currency, rates);
      }, 0),
    ),
    coursesLive: content.live,
    coursesWaiting,
    guruSessionsThisMonth: content.sessions,
    renderedMinutesThisMonth: Math.round(Number(content.seconds) / 60),
    openTickets: content.tickets,
  };
  return { figures, series: chart };
}

/** Sign-ups and revenue per day (ranges up to three months) or per month, oldest first, gaps filled with 0. */
async function series(app: App, range: { from?: string; to?: string }, rates: Rates, now: Date) {
  const bounds = dateBounds(range.from, range.to);
  const to = bounds.to ?? now;
  const from = bounds.from ?? new Date(to.getTime() - 180 * DAY_MS);
  const bucket = (to.getTime() - from.getTime()) / DAY_MS <= DAILY_UP_TO_DAYS ? 'day' : 'month';
  const unit = sql.raw(`'${bucket}'`);
  const [signUpRows, revenueRows] = await Promise.all([
    app.db.execute<{ at: string; n: number }>(sql`
      select to_char(date_trunc(${unit}, created_at at time zone 'UTC'), 'YYYY-MM-DD') as at, count(*)::int as n
      from users
      where user_type <> 'admin' and deleted_at is null
        and created_at >= ${from.toISOString()} and created_at <= ${to.toISOString()}
      group by 1`),
    app.db.execute<{ at: string; amount: string; currency: string }>(sql`
      select to_char(date_trunc(${unit}, paid_at at time zone 'UTC'), 'YYYY-MM-DD') as at, currency,
             sum(amount)::text as amount
      from payment_orders
      where status = 'paid' and paid_at >= ${from.toISOString()} and paid_at <= ${to.toISOString()}
      group by 1, 2`),
  ]);
  const signUps = signUpRows.rows;
  const revenue = revenueRows.rows;
  const points = new Map<string, { at: string; signUps: number; revenue: number }>();
  const cursor = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), bucket === 'day' ? from.getUTCDate() : 1),
  );
  while (cursor <= to) {
    const at = cursor.toISOString().slice(0, 10);
    points.set(at, { at, signUps: 0, revenue: 0 });
    if (bucket === 'day') cursor.setUTCDate(cursor.getUTCDate() + 1);
    else cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  for (const row of signUps) {
    const point = points.get(row.at);
    if (point) point.signUps = row.n;
  }
  for (const row of revenue) {
    const point = points.get(row.at);
    if (point) point.revenue = round2(point.revenue + toBase(Number(row.amount), row.currency, rates));
  }
  return { bucket, points: [...points.values()] } as Dashboard['series'];
}
