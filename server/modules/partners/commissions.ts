import { and, arrayOverlaps, count, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CommissionPage,
  CommissionStatus,
  CommissionView,
  commissionQuerySchema,
} from '../../../common/contracts/partners';
import { roundMoney } from '../../../common/money';
import type { BillingPeriod } from '../../../common/plans';
import type { Db } from '../../db/client';
import {
  type CommissionRow,
  commissions,
  courses,
  invoices,
  paymentEvents,
  paymentOrders,
  payouts,
  plans,
  referrals,
  users,
} from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { payerOf, type RazorpayPayment } from '../../providers/payments/razorpay';
import { SELF_REFERRAL } from './attribution';
import { monthBounds, type NameStyle, referredName } from './partners';
import { type DbOrTx, ruleFor } from './rules';
import { normaliseEmail, type PayerIdentity, payerKeys } from './same-person';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The month a rule's `months` counts from: the referral's sign-up (decision 034). */
function addMonths(date: Date, months: number): Date {
  const later = new Date(date);
  later.setUTCMonth(later.getUTCMonth() + months);
  return later;
}

async function describeOrder(db: Db, order: typeof paymentOrders.$inferSelect): Promise<string> {
  if (order.purpose === 'course') {
    const course = order.courseId
      ? await db.query.courses.findFirst({ where: eq(courses.id, order.courseId), columns: { title: true } })
      : undefined;
    return course?.title ?? 'Course';
  }
  const plan = order.planId
    ? await db.query.plans.findFirst({ where: eq(plans.id, order.planId) })
    : undefined;
  const name = plan ? `${plan.name} (${plan.audience})` : 'Plan';
  return order.billingPeriod ? `${name} — ${order.billingPeriod as BillingPeriod}` : name;
}

type OrderRow = typeof paymentOrders.$inferSelect;

/**
 * Who paid an order (decision 055): the paying account's e-mail always; for Razorpay also the payment's own
 * e-mail, contact, UPI address, customer and card token, from the webhooks stored for the order and from
 * GET /v1/payments/:id. A provider that cannot be asked is logged and what is known is used.
 */
async function payersOf(app: App, order: OrderRow, buyerEmail: string): Promise<PayerIdentity[]> {
  const payers: PayerIdentity[] = [{ email: buyerEmail }];
  if (order.provider !== 'razorpay') return payers;
  const events = await app.db
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, order.id));
  for (const { payload } of events) {
    const entity = (payload as { payload?: { payment?: { entity?: RazorpayPayment } } })?.payload?.payment
      ?.entity;
    if (entity) payers.push(payerOf(entity));
  }
  if (order.providerPaymentId && app.payments.kind === 'razorpay') {
    try {
      const payer = await app.payments.payer(order.providerPaymentId);
      if (payer) payers.push(payer);
    } catch (error) {
      app.log.warn({ err: error, orderId: order.id }, 'could not ask Razorpay who paid an order');
    }
  }
  return payers;
}

/**
 * Why a referred payment is the partner's own (decision 055), or null: the referral was refused at sign-up; the
 * buyer's mailbox is the partner's; or the payment shares an identity with the partner's own e-mail or with a
 * payment already refused as theirs (the same card token, UPI address, contact or Razorpay customer).
 */
async function refusalOf(
  app: App,
  referral: { partnerId: string; refusedReason: string | null },
  buyerEmail: string,
  keys: string[],
): Promise<string | null> {
  if (referral.refusedReason) return referral.refusedReason;
  const partner = await app.db.query.users.findFirst({
    where: eq(users.id, referral.partnerId),
    columns: { email: true },
  });
  if (!partner) return null;
  if (normaliseEmail(partner.email) === normaliseEmail(buyerEmail)) return SELF_REFERRAL.sameEmail;
  const own = payerKeys(app.config.jwtSecret, { email: partner.email });
  if (keys.some((key) => own.includes(key))) return SELF_REFERRAL.samePayer;
  if (keys.length === 0) return null;
  const [shared] = await app.db
    .select({ id: commissions.id })
    .from(commissions)
    .where(
      and(
        eq(commissions.partnerId, referral.partnerId),
        eq(commissions.status, 'refused'),
        arrayOverlaps(commissions.payerKeys, keys),
      ),
    )
    .limit(1);
  return shared ? SELF_REFERRAL.samePayer : null;
}

/**
 * The commission a granted order earns its buyer's partner, once per order (commissions_order_unique): only a
 * paid order of a referred buyer, within the rule's scope, plans and months. A self-referral's payment is
 * recorded `refused` with its reason instead (decision 055). Called after every grant; never fails the grant
 * (errors are logged by the caller).
 */
export async function recordCommission(app: App, orderId: string): Promise<CommissionRow | null> {
  const order = await app.db.query.paymentOrders.findFirst({ where: eq(paymentOrders.id, orderId) });
  if (order?.status !== 'paid' || !(order.amount > 0)) return null;
  const referral = await app.db.query.referrals.findFirst({
    where: eq(referrals.referredUserId, order.userId),
  });
  if (!referral) return null;
  const rule = await ruleFor(app.db, referral.partnerId);
  const purpose = order.purpose === 'course' ? 'courses' : 'plans';
  if (rule.scope !== 'both' && rule.scope !== purpose) return null;
  if (
    purpose === 'plans' &&
    rule.planIds.length > 0 &&
    !(order.planId && rule.planIds.includes(order.planId))
  )
    return null;
  const earnedAt = order.paidAt ?? new Date();
  if (rule.months !== null && earnedAt >= addMonths(referral.createdAt, rule.months)) return null;
  const amount = roundMoney((order.amount * rule.percent) / 100);
  if (!(amount > 0)) return null;
  const buyer = await app.db.query.users.findFirst({
    where: eq(users.id, order.userId),
    columns: { email: true },
  });
  const buyerEmail = buyer?.email ?? '';
  const keys = [
    ...new Set(
      (await payersOf(app, order, buyerEmail)).flatMap((payer) => payerKeys(app.config.jwtSecret, payer)),
    ),
  ];
  const refusedReason = await refusalOf(app, referral, buyerEmail, keys);
  const [row] = await app.db
    .insert(commissions)
    .values({
      partnerId: referral.partnerId,
      referralId: referral.id,
      referredUserId: order.userId,
      orderId: order.id,
      description: await describeOrder(app.db, order),
      paymentAmount: order.amount,
      percent: rule.percent,
      amount,
      currency: order.currency,
      status: refusedReason ? 'refused' : 'pending',
      refusedReason,
      payerKeys: keys,
      earnedAt,
      payableAt: new Date(earnedAt.getTime() + rule.holdDays * DAY_MS),
    })
    .onConflictDoNothing({ target: commissions.orderId })
    .returning();
  return row ?? null;
}

/**
 * A refunded order takes its commission back: an unpaid one is reversed with the reason; one already paid out
 * stays paid and a negative row of the same amount is added, payable at once, so the next payout carries it.
 * Idempotent (a replayed refund finds the reversal made).
 */
export async function reverseOrderCommission(
  db: DbOrTx,
  orderId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  const [commission] = await db
    .select()
    .from(commissions)
    .where(eq(commissions.orderId, orderId))
    .for('update');
  // A refused commission was never owed: a refund of its payment changes nothing.
  if (!commission || commission.status === 'reversed' || commission.status === 'refused') return;
  if (commission.status === 'pending') {
    await db
      .update(commissions)
      .set({ status: 'reversed', reversedAt: now, reversedReason: reason })
      .where(eq(commissions.id, commission.id));
    return;
  }
  await db
    .update(commissions)
    .set({ reversedAt: now, reversedReason: reason })
    .where(eq(commissions.id, commission.id));
  await db
    .insert(commissions)
    .values({
      partnerId: commission.partnerId,
      referralId: commission.referralId,
      referredUserId: commission.referredUserId,
      reversesId: commission.id,
      description: `Reversal: ${commission.description}`,
      paymentAmount: -commission.paymentAmount,
      percent: commission.percent,
      amount: -commission.amount,
      currency: commission.currency,
      status: 'pending',
      earnedAt: now,
      payableAt: now,
      reversedReason: reason,
    })
    .onConflictDoNothing({ target: commissions.reversesId });
}

/** What a stored status reads as now: a pending row is payable once its hold has passed. */
export function shownStatus(row: { status: string; payableAt: Date }, now = new Date()): CommissionStatus {
  if (row.status === 'pending') return row.payableAt <= now ? 'payable' : 'pending';
  return row.status as CommissionStatus;
}

/** The SQL for a shown status (the filter of the commission list). */
export function statusCondition(status: CommissionStatus, now = new Date()): SQL {
  switch (status) {
    case 'pending':
      return and(eq(commissions.status, 'pending'), gt(commissions.payableAt, now)) as SQL;
    case 'payable':
      return and(eq(commissions.status, 'pending'), lte(commissions.payableAt, now)) as SQL;
    default:
      return eq(commissions.status, status);
  }
}

/** One partner's commissions, newest first, filtered by shown status and month of earning. */
export async function commissionPage(
  db: Db,
  partnerId: string,
  query: z.output<typeof commissionQuerySchema>,
  style: NameStyle,
): Promise<CommissionPage> {
  const now = new Date();
  const conditions: SQL[] = [eq(commissions.partnerId, partnerId)];
  if (query.status) conditions.push(statusCondition(query.status, now));
  if (query.month) {
    const { start, end } = monthBounds(query.month);
    conditions.push(gte(commissions.earnedAt, start), lt(commissions.earnedAt, end));
  }
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(commissions).where(where);
  const rows = await db
    .select({
      commission: commissions,
      fullName: users.fullName,
      deletedAt: users.deletedAt,
      paidAt: payouts.paidAt,
      invoiceNumber: invoices.number,
    })
    .from(commissions)
    .leftJoin(users, eq(users.id, commissions.referredUserId))
    .leftJoin(payouts, eq(payouts.id, commissions.payoutId))
    .leftJoin(invoices, eq(invoices.id, payouts.invoiceId))
    .where(where)
    .orderBy(desc(commissions.earnedAt), desc(commissions.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    total,
    commissions: rows.map(
      (row): CommissionView => ({
        id: row.commission.id,
        referredName: referredName(
          row.fullName ?? '',
          row.fullName === null || row.deletedAt !== null,
          style,
        ),
        description: row.commission.description,
        paymentAmount: row.commission.paymentAmount,
        percent: row.commission.percent,
        amount: row.commission.amount,
        currency: row.commission.currency,
        status: shownStatus(row.commission, now),
        earnedAt: row.commission.earnedAt.toISOString(),
        payableAt: row.commission.payableAt.toISOString(),
        paidAt: row.paidAt?.toISOString() ?? null,
        reversedAt: row.commission.reversedAt?.toISOString() ?? null,
        reversedReason: row.commission.reversedReason,
        refusedReason: row.commission.refusedReason,
        invoiceNumber: row.invoiceNumber ?? null,
      }),
    ),
  };
}

/** Sums per currency of partners' commissions, by shown status (balances of the report and /partners). */
export async function balancesOf(db: Db, partnerIds: string[] | null) {
  if (partnerIds?.length === 0) return [];
  const shown = sql<CommissionStatus>`case when ${commissions.status} = 'pending' and ${commissions.payableAt} <= now() then 'payable' else ${commissions.status} end`;
  const rows = await db
    .select({
      partnerId: commissions.partnerId,
      currency: commissions.currency,
      status: shown,
      amount: sql<string>`sum(${commissions.amount})::text`,
    })
    .from(commissions)
    .where(partnerIds ? inArray(commissions.partnerId, partnerIds) : undefined)
    .groupBy(commissions.partnerId, commissions.currency, shown)
    .orderBy(commissions.currency);
  return rows.map((row) => ({ ...row, amount: roundMoney(Number(row.amount)) }));
}
