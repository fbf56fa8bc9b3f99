import { and, asc, count, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CommissionMonth,
  MoneyTotal,
  PartnerBalanceRow,
  PartnerSummary,
  ReferralStatus,
  ReferredPage,
  ReferredPerson,
  referredQuerySchema,
  summaryQuerySchema,
} from '../../../common/contracts/partners';
import { roundMoney } from '../../../common/money';
import type { Db } from '../../db/client';
import { commissions, referralClicks, referrals, users } from '../../db/schema/index';
import { balancesOf } from './commissions';
import { type NameStyle, referredName } from './partners';
import { ruleFor } from './rules';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Each referred person with their status, derived from what they pay (decision 034): no paid order → 'trial'
 * while a trial runs, else 'signedUp'; a paid order → 'paying' for a student (a bought course stays bought) or
 * while a teacher's or institute's paid period runs, else 'churned'.
 */
function referredPeople(partnerId: string): SQL {
  return sql`
    with people as (
      select r.id, r.referred_user_id, r.created_at, u.full_name, u.user_type, u.deleted_at,
        case when l.is_main then null else l.label end as campaign,
        (select min(o.paid_at) from payment_orders o
          where o.user_id = r.referred_user_id and o.status = 'paid') as first_paid_at,
        s.status as sub_status, s.trial_ends_at, s.current_period_end, s.ended_at
      from referrals r
      join users u on u.id = r.referred_user_id
      left join referral_links l on l.id = r.link_id
      left join lateral (
        select status, trial_ends_at, current_period_end, ended_at from subscriptions
        where user_id = r.referred_user_id order by created_at desc limit 1
      ) s on true
      where r.partner_id = ${partnerId} and r.refused_reason is null
    )
    select *,
      case
        when first_paid_at is null then
          case when sub_status = 'trial' and trial_ends_at > now() then 'trial' else 'signedUp' end
        when user_type = 'student' then 'paying'
        when sub_status in ('active', 'cancelled') and current_period_end > now() then 'paying'
        else 'churned'
      end as status
    from people`;
}

interface ReferredRow extends Record<string, unknown> {
  id: string;
  referred_user_id: string;
  created_at: Date | string;
  full_name: string;
  user_type: string;
  deleted_at: Date | string | null;
  campaign: string | null;
  first_paid_at: Date | string | null;
  current_period_end: Date | string | null;
  ended_at: Date | string | null;
  status: ReferralStatus;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export async function referredPage(
  db: Db,
  partnerId: string,
  query: z.output<typeof referredQuerySchema>,
  style: NameStyle,
): Promise<ReferredPage> {
  const filter = query.status ? sql`where status = ${query.status}` : sql``;
  const counted = await db.execute<{ total: string }>(
    sql`select count(*)::text as total from (${referredPeople(partnerId)}) p ${filter}`,
  );
  const page = await db.execute<ReferredRow>(sql`
    select * from (${referredPeople(partnerId)}) p ${filter}
    order by created_at desc, id
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const ids = page.rows.map((row) => row.referred_user_id);
  const earned = ids.length
    ? await db.execute<{ referred_user_id: string; currency: string; amount: string }>(sql`
        select referred_user_id, currency, sum(amount)::text as amount from ${commissions}
        where partner_id = ${partnerId} and status not in ('reversed', 'refused')
          and referred_user_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
        group by 1, 2 order by 2`)
    : { rows: [] };
  return {
    total: Number(counted.rows[0]?.total ?? 0),
    people: page.rows.map(
      (row): ReferredPerson => ({
        id: row.referred_user_id,
        displayName: referredName(row.full_name, row.deleted_at !== null, style),
        role: row.user_type as ReferredPerson['role'],
        status: row.status,
        campaign: row.campaign,
        signedUpAt: iso(row.created_at) as string,
        firstPaidAt: iso(row.first_paid_at),
        churnedAt: row.status === 'churned' ? iso(row.ended_at ?? row.current_period_end) : null,
        earned: earned.rows
          .filter((sum) => sum.referred_user_id === row.referred_user_id)
          .map((sum) => ({ currency: sum.currency, amount: roundMoney(Number(sum.amount)) })),
      }),
    ),
  };
}

function startOfMonth(date: Date, monthsBack = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1));
}

const ratio = (numerator: number, denominator: number) =>
  denominator === 0 ? null : Math.round((numerator / denominator) * 1000) / 1000;

/**
 * The partner's report. Clicks, sign-ups and paying count within `from`..`to` (all time without them):
 * `paying` is how many of those sign-ups have paid at least once. Balances, months and the 12-month series
 * ignore the range.
 */
export async function partnerSummary(
  db: Db,
  partnerId: string,
  range: z.output<typeof summaryQuerySchema>,
  now = new Date(),
): Promise<PartnerSummary> {
  const from = range.from ? new Date(`${range.from}T00:00:00Z`) : null;
  const to = range.to ? new Date(new Date(`${range.to}T00:00:00Z`).getTime() + DAY_MS) : null;
  const clickRange = [
    from ? gte(referralClicks.at, from) : undefined,
    to ? lt(referralClicks.at, to) : undefined,
  ];
  const [{ clicks }] = await db
    .select({ clicks: count() })
    .from(referralClicks)
    .where(and(eq(referralClicks.partnerId, partnerId), ...clickRange));
  const people = await db.execute<{ sign_ups: string; paying: string }>(sql`
    select count(*)::text as sign_ups, count(first_paid_at)::text as paying
    from (${referredPeople(partnerId)}) p
    where true ${from ? sql`and created_at >= ${from.toISOString()}` : sql``}
      ${to ? sql`and created_at < ${to.toISOString()}` : sql``}`);
  const signUps = Number(people.rows[0]?.sign_ups ?? 0);
  const paying = Number(people.rows[0]?.paying ?? 0);

  const balances = await balancesOf(db, [partnerId]);
  const totals = (status: string): MoneyTotal[] =>
    balances
      .filter((row) => row.status === status)
      .map((row) => ({ currency: row.currency, amount: row.amount }));

  return {
    clicks,
    signUps,
    paying,
    clickToSignUp: ratio(signUps, clicks),
    signUpToPaying: ratio(paying, signUps),
    balances: { pending: totals('pending'), payable: totals('payable'), paid: totals('paid') },
    series: await monthlySeries(db, partnerId, now),
    months: await commissionMonths(db, partnerId),
    rule: await ruleFor(db, partnerId),
  };
}

/** The last 12 months, oldest first: clicks, sign-ups and first payments in each. */
async function monthlySeries(db: Db, partnerId: string, now: Date): Promise<PartnerSummary['series']> {
  const since = startOfMonth(now, 11);
  const result = await db.execute<{ month: string; kind: string; n: string }>(sql`
    select to_char(date_trunc('month', at at time zone 'UTC'), 'YYYY-MM') as month, 'clicks' as kind,
      count(*)::text as n
    from ${referralClicks} where partner_id = ${partnerId} and at >= ${since.toISOString()} group by 1
    union all
    select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM'), 'signUps', count(*)::text
    from ${referrals} where partner_id = ${partnerId} and refused_reason is null
      and created_at >= ${since.toISOString()} group by 1
    union all
    select to_char(date_trunc('month', first_paid_at at time zone 'UTC'), 'YYYY-MM'), 'paying', count(*)::text
    from (${referredPeople(partnerId)}) p where first_paid_at >= ${since.toISOString()} group by 1`);
  return Array.from({ length: 12 }, (_, i) => {
    const month = startOfMonth(now, 11 - i)
      .toISOString()
      .slice(0, 7);
    const of = (kind: string) =>
      Number(result.rows.find((row) => row.month === month && row.kind === kind)?.n ?? 0);
    return { month, clicks: of('clicks'), signUps: of('signUps'), paying: of('paying') };
  });
}

/** Commission sums per month of earning and currency, newest month first. */
async function commissionMonths(db: Db, partnerId: string): Promise<CommissionMonth[]> {
  const result = await db.execute<{
    month: string;
    currency: string;
    pending: string;
    payable: string;
    paid: string;
    reversed: string;
  }>(sql`
    select to_char(date_trunc('month', earned_at at time zone 'UTC'), 'YYYY-MM') as month, currency,
      coalesce(sum(amount) filter (where status = 'pending' and payable_at > now()), 0)::text as pending,
      coalesce(sum(amount) filter (where status = 'pending' and payable_at <= now()), 0)::text as payable,
      coalesce(sum(amount) filter (where status = 'paid'), 0)::text as paid,
      coalesce(sum(amount) filter (where status = 'reversed'), 0)::text as reversed
    from ${commissions} where partner_id = ${partnerId}
    group by 1, 2 order by 1 desc, 2`);
  return result.rows.map((row) => ({
    month: row.month,
    currency: row.currency,
    pending: roundMoney(Number(row.pending)),
    payable: roundMoney(Number(row.payable)),
    paid: roundMoney(Number(row.paid)),
    reversed: roundMoney(Number(row.reversed)),
  }));
}

/** /partners: every partner account with their sign-ups, paying referrals and balances. */
export async function partnerBalances(db: Db): Promise<PartnerBalanceRow[]> {
  const partners = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'partner'), isNull(users.deletedAt)))
    .orderBy(asc(users.fullName), asc(users.id));
  const ids = partners.map((partner) => partner.id);
  const counts = await db.execute<{ partner_id: string; sign_ups: string; paying: string }>(sql`
    select r.partner_id, count(*)::text as sign_ups,
      count(*) filter (where exists (
        select 1 from payment_orders o where o.user_id = r.referred_user_id and o.status = 'paid'))::text as paying
    from ${referrals} r where r.refused_reason is null group by 1`);
  const balances = await balancesOf(db, ids);
  return ids.map((partnerId) => {
    const own = counts.rows.find((row) => row.partner_id === partnerId);
    const totals = (status: string) =>
      balances
        .filter((row) => row.partnerId === partnerId && row.status === status)
        .map((row) => ({ currency: row.currency, amount: row.amount }));
    return {
      partnerId,
      signUps: Number(own?.sign_ups ?? 0),
      paying: Number(own?.paying ?? 0),
      payable: totals('payable'),
      pending: totals('pending'),
    };
  });
}
