import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { type BillingPeriod, periodEnd } from '../../../common/plans';
import {
  courseSubscriptions,
  invoices,
  type PaymentOrderRow,
  paymentOrders,
  subscriptions,
} from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { App } from '../../http/app-type';
import { said } from '../../i18n/said';
import { sendPaymentReceivedEmail } from '../billing/emails';
import { type InvoicePeriod, issueInvoiceForOrder } from '../invoices/issue';
import { recordCommission } from '../partners/commissions';

export interface GrantOutcome {
  granted: boolean;
  invoiceId: string | null;
}

type Tx = Parameters<Parameters<App['db']['transaction']>[0]>[0];

/**
 * Gives what a paid order bought: a new subscription period for a plan, the course subscription for a
 * course. Safe to call any number of times, concurrently too: the order row is claimed FOR UPDATE and
 * granted_at is set only WHERE it is still null, so exactly one call grants. The invoice follows
 * (issueInvoiceForOrder is itself once per order).
 */
export async function grantOrder(app: App, orderId: string): Promise<GrantOutcome> {
  const granted = await app.db.transaction(async (tx) => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
    if (order?.status !== 'paid') return { granted: false, fresh: false, period: undefined };
    if (order.grantedAt) return { granted: true, fresh: false, period: undefined };
    const period = order.purpose === 'plan' ? await grantPlan(tx, order) : await grantCourse(tx, order);
    await tx
      .update(paymentOrders)
      .set({ grantedAt: new Date() })
      .where(and(eq(paymentOrders.id, orderId), isNull(paymentOrders.grantedAt)));
    return { granted: true, fresh: true, period };
  });
  if (!granted.granted) return { granted: false, invoiceId: null };
  const invoiceId = await issueInvoice(app, orderId, granted.period);
  // Only the call that granted tells the buyer, so retries and replays never send a second receipt.
  if (granted.fresh) await tellBuyer(app, orderId);
  await earnCommission(app, orderId);
  return { granted: true, invoiceId };
}

/**
 * The referrer's commission on this payment (decision 034). Asked on every granted call, not only the fresh
 * one, so a crash between grant and commission is mended by the next call; the commission is once per order.
 */
async function earnCommission(app: App, orderId: string): Promise<void> {
  try {
    await recordCommission(app, orderId);
  } catch (error) {
    app.log.error({ err: error, orderId }, 'could not record the referral commission of a granted order');
  }
}

/** The "payment received" e-mail; a mail failure is logged, never undoes the grant. */
async function tellBuyer(app: App, orderId: string): Promise<void> {
  try {
    const [row] = await app.db
      .select({ order: paymentOrders, invoice: invoices })
      .from(paymentOrders)
      .leftJoin(invoices, eq(invoices.orderId, paymentOrders.id))
      .where(eq(paymentOrders.id, orderId));
    if (!row) return;
    await sendPaymentReceivedEmail(app, row.order.userId, {
      line: row.invoice?.lines[0] ? { ...row.invoice.lines[0], invoice: row.invoice } : null,
      amount: row.order.amount,
      currency: row.order.currency,
      invoiceNumber: row.invoice?.number ?? null,
    });
  } catch (error) {
    app.log.error({ err: error, orderId }, 'could not send the payment-received e-mail');
  }
}

/**
 * A new period row for the payer. Renewing the plan they already pay for before it ends extends from the
 * current period's end, so paying early never loses days; anything else starts now.
 */
async function grantPlan(tx: Tx, order: PaymentOrderRow): Promise<InvoicePeriod> {
  if (!order.planId || !order.billingPeriod) throw new Error(`plan order ${order.id} has no plan or period`);
  const now = new Date();
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, order.userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const renewsEarly =
    current?.planId === order.planId &&
    (current.status === 'active' || current.status === 'cancelled') &&
    current.currentPeriodEnd !== null &&
    current.currentPeriodEnd > now;
  const start = renewsEarly && current.currentPeriodEnd ? current.currentPeriodEnd : now;
  const end = periodEnd(start, order.billingPeriod as BillingPeriod);
  await tx.insert(subscriptions).values({
    userId: order.userId,
    planId: order.planId,
    status: 'active',
    billingPeriod: order.billingPeriod,
    currency: order.currency,
    amount: order.amount,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    // createdAt orders the rows ("the latest is current"); make sure the new one sorts after the old.
    createdAt: current && current.createdAt >= now ? new Date(current.createdAt.getTime() + 1) : now,
  });
  return { start, end };
}

async function grantCourse(tx: Tx, order: PaymentOrderRow): Promise<undefined> {
  if (!order.courseId) return undefined; // the course was deleted after payment: nothing left to give
  await tx
    .insert(courseSubscriptions)
    .values({ courseId: order.courseId, userId: order.userId })
    .onConflictDoNothing();
  return undefined;
}

/** An invoice failure must not undo a grant: it is logged and the reconciliation sweep issues it later. */
async function issueInvoice(app: App, orderId: string, period?: InvoicePeriod): Promise<string | null> {
  try {
    return (await issueInvoiceForOrder(app, orderId, period)).id;
  } catch (error) {
    app.log.error({ err: error, orderId }, 'invoice of a granted order could not be issued');
    return null;
  }
}

/**
 * Marks an order paid; a paid order never moves back, and a second call changes nothing. A failed order
 * may still become paid: Razorpay lets the buyer retry on the same order after a declined attempt.
 * Returns whether this call made it paid.
 */
export async function markPaid(
  db: App['db'] | Tx,
  orderId: string,
  providerPaymentId: string | null,
): Promise<boolean> {
  try {
    // A savepoint (or its own transaction), so the duplicate-course refusal below leaves the caller's open.
    return await db.transaction(async (sp) => {
      const rows = await sp
        .update(paymentOrders)
        .set({ status: 'paid', paidAt: new Date(), providerPaymentId, failureReason: null })
        .where(and(eq(paymentOrders.id, orderId), ne(paymentOrders.status, 'paid')))
        .returning({ id: paymentOrders.id });
      return rows.length > 0;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // payment_orders_course_paid_once: another order for the same course was paid first.
    await db
      .update(paymentOrders)
      .set({ status: 'failed', providerPaymentId, failureReason: ALREADY_BOUGHT_REASON })
      .where(and(eq(paymentOrders.id, orderId), ne(paymentOrders.status, 'paid')));
    return false;
  }
}

/** Stored as the order's failure reason, in English (read back through `inLocale`). */
export const ALREADY_BOUGHT_REASON = said('server.payments.alreadyBought').english;

/**
 * Marks a paid order refunded (the provider reported a full refund). What it bought is not taken back here:
 * that stays the admin's call. Returns whether this call made it refunded.
 */
export async function markRefunded(db: App['db'] | Tx, orderId: string): Promise<boolean> {
  const rows = await db
    .update(paymentOrders)
    .set({ status: 'refunded' })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, 'paid')))
    .returning({ id: paymentOrders.id });
  return rows.length > 0;
}

/** Marks an order failed only while it is still waiting: a failure reported after payment changes nothing. */
export async function markFailed(db: App['db'] | Tx, orderId: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(paymentOrders)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, 'created')))
    .returning({ id: paymentOrders.id });
  return rows.length > 0;
}
