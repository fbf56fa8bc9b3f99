import { type SQL, sql } from 'drizzle-orm';
import type { BillingState, PeopleList, PeopleSort, PersonRow } from '../../../common/contracts/people';
import { containsPattern } from '../../db/like-pattern';
import type { App } from '../../http/app-type';
import { dateBounds } from '../reports/learner-stats';

/** What a people list is narrowed to, already checked by the route (admin filters, or an institute's own). */
export interface PeopleFilters {
  userTypes: readonly string[];
  search?: string;
  status?: 'active' | 'deactivated';
  billing?: 'trial' | 'paid' | 'ended';
  planId?: string;
  instituteId?: string;
  from?: string;
  to?: string;
  sort: PeopleSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** Exactly these accounts (one account's page reads its row through the same query). */
  ids?: string[];
  /** Erased accounts are left out of lists; an account's own page still shows one. */
  includeDeleted?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const SORT_COLUMNS: Record<PeopleSort, SQL> = {
  name: sql`u.full_name`,
  email: sql`u.email`,
  createdAt: sql`u.created_at`,
  lastLoginAt: sql`u.last_login_at`,
};

/**
 * The plan covering a row: the account's own latest subscription, or its institute's for a teacher inside
 * one (account-state.ts says the same for a session). Students, partners and developers have none.
 */
const COVERING_SUBSCRIPTION = sql`
  left join lateral (
    select s.status, s.trial_ends_at, s.current_period_end, s.plan_id, p.name as plan_name
    from subscriptions s join plans p on p.id = s.plan_id
    where u.user_type in ('teacher', 'institute')
      and s.user_id = case when u.user_type = 'teacher' then coalesce(u.institute_id, u.id) else u.id end
    order by s.created_at desc
    limit 1
  ) sub on true`;

const BILLING_CONDITIONS: Record<'trial' | 'paid' | 'ended', SQL> = {
  trial: sql`sub.status = 'trial' and sub.trial_ends_at > now()`,
  paid: sql`sub.status in ('active', 'cancelled') and (sub.current_period_end is null or sub.current_period_end > now())`,
  ended: sql`u.user_type in ('teacher', 'institute') and (sub.status is null or sub.status = 'ended'
    or (sub.status = 'trial' and sub.trial_ends_at <= now())
    or (sub.status in ('active', 'cancelled') and sub.current_period_end <= now()))`,
};

/** Everything but the account state, so the state counts answer "how many of these are active". */
function baseConditions(filters: PeopleFilters): SQL[] {
  const types = sql.join(
    filters.userTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  const conditions: SQL[] = [sql`u.user_type in (${types})`];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(sql`(u.full_name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (filters.ids) {
    conditions.push(
      sql`u.id in (${sql.join(
        filters.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (!filters.includeDeleted) conditions.push(sql`u.deleted_at is null`);
  if (filters.instituteId) conditions.push(sql`u.institute_id = ${filters.instituteId}`);
  const { from, to } = dateBounds(filters.from, filters.to);
  if (from) conditions.push(sql`u.created_at >= ${from.toISOString()}`);
  if (to) conditions.push(sql`u.created_at <= ${to.toISOString()}`);
  if (filters.planId) conditions.push(sql`sub.plan_id = ${filters.planId}`);
  if (filters.billing) conditions.push(BILLING_CONDITIONS[filters.billing]);
  return conditions;
}

/** Counting needs the covering plan only when a filter reads it; the page always shows it. */
const filtersBySubscription = (filters: PeopleFilters) => Boolean(filters.planId || filters.billing);

type Row = {
  id: string;
  full_name: string;
  email: string;
  user_type: string;
  is_active: boolean;
  created_at: Date | string;
  last_login_at: Date | string | null;
  institute_id: string | null;
  institute_name: string | null;
  plan_name: string | null;
  sub_status: string | null;
  trial_ends_at: Date | string | null;
  current_period_end: Date | string | null;
  courses: number;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function billingOf(row: Row, now: number): { billing: BillingState; trialDaysLeft: number | null } {
  if (row.user_type !== 'teacher' && row.user_type !== 'institute')
    return { billing: 'none', trialDaysLeft: null };
  if (!row.sub_status) return { billing: 'ended', trialDaysLeft: null };
  const trialEnds = row.trial_ends_at ? new Date(row.trial_ends_at).getTime() : 0;
  if (row.sub_status === 'trial') {
    return trialEnds > now
      ? { billing: 'trial', trialDaysLeft: Math.ceil((trialEnds - now) / DAY_MS) }
      : { billing: 'ended', trialDaysLeft: 0 };
  }
  const periodEnd = row.current_period_end ? new Date(row.current_period_end).getTime() : null;
  const lapsed = row.sub_status === 'ended' || (periodEnd !== null && periodEnd <= now);
  return { billing: lapsed ? 'ended' : 'paid', trialDaysLeft: null };
}

/**
 * One page of people (or all of them, `all`, for CSV), filtered and sorted in SQL so a list of 100,000
 * students stays one indexed query (bench/people.ts). Course counts are read for the page's rows only.
 */
export async function listPeople(
  app: App,
  filters: PeopleFilters,
  all = false,
): Promise<PeopleList & { rows: PersonRow[] }> {
  const base = baseConditions(filters);
  const stated = [...base];
  if (filters.status) stated.push(sql`u.is_active = ${filters.status === 'active'}`);
  const where = sql.join(stated, sql` and `);
  const order = SORT_COLUMNS[filters.sort];
  const direction = filters.dir === 'asc' ? sql`asc` : sql`desc`;
  // Never logged in: last whichever way. Only last login can be null, and "nulls last" on a column that
  // cannot be would stop PostgreSQL from reading a descending page straight off the index (bench/people.ts).
  const nulls = filters.sort === 'lastLoginAt' ? sql`nulls last` : sql``;
  // The id keeps pages stable between equal values.
  const paging = all ? sql`` : sql`limit ${filters.pageSize} offset ${(filters.page - 1) * filters.pageSize}`;
  const result = await app.db.execute<Row>(sql`
    with page as (
      select u.id, u.full_name, u.email, u.user_type, u.is_active, u.created_at, u.last_login_at,
             u.institute_id, sub.plan_name, sub.status as sub_status, sub.trial_ends_at, sub.current_period_end
      from users u ${COVERING_SUBSCRIPTION}
      where ${where}
      order by ${order} ${direction} ${nulls}, u.id
      ${paging}
    )
    select page.*, i.full_name as institute_name,
      case when page.user_type = 'student'
        then (select count(*)::int from course_subscriptions cs where cs.user_id = page.id)
        else (select count(*)::int from courses c where c.owner_id = page.id) end as courses
    from page left join users i on i.id = page.institute_id
    order by ${sql.raw(`page.${SORT_FIELD[filters.sort]}`)} ${direction} ${nulls}, page.id`);

  const countWhere = sql.join(base, sql` and `);
  const counted = await app.db.execute<{ all: number; active: number; matching: number }>(sql`
    select count(*)::int as all,
           count(*) filter (where u.is_active)::int as active,
           count(*) filter (where ${filters.status ? sql`u.is_active = ${filters.status === 'active'}` : sql`true`})::int as matching
    from users u ${filtersBySubscription(filters) ? COVERING_SUBSCRIPTION : sql``}
    where ${countWhere}`);
  const counts = counted.rows[0];
  const now = Date.now();
  const online = await app.realtime.presence.onlineAmong(result.rows.map((row) => row.id));
  const rows: PersonRow[] = result.rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    userType: row.user_type,
    isActive: row.is_active,
    online: online.has(row.id),
    createdAt: iso(row.created_at),
    lastLoginAt: row.last_login_at ? iso(row.last_login_at) : null,
    institute:
      row.institute_id && row.institute_name ? { id: row.institute_id, fullName: row.institute_name } : null,
    planName: row.plan_name,
    courses: Number(row.courses),
    ...billingOf(row, now),
  }));
  return {
    rows,
    total: counts.matching,
    page: filters.page,
    pageSize: filters.pageSize,
    counts: { all: counts.all, active: counts.active, deactivated: counts.all - counts.active },
  };
}

const SORT_FIELD: Record<PeopleSort, string> = {
  name: 'full_name',
  email: 'email',
  createdAt: 'created_at',
  lastLoginAt: 'last_login_at',
};
