import { and, desc, eq, sql } from 'drizzle-orm';
import { chargePrice, periodEnd } from '../../common/plans';
import { invoices, paymentOrders, plans, subscriptions, users } from '../db/schema/index';
import type { App } from '../http/app-type';
import { issueInvoiceForOrder } from '../modules/invoices/issue';

const DEMO_INSTITUTE = 'institute@gurukul.test';
/** Used while the demo plan has no INR monthly price. */
const FALLBACK_AMOUNT = 4999;

/** The same day one calendar month earlier (clamped to the month's end). */
function monthBefore(date: Date): Date {
  const earlier = new Date(date);
  const day = earlier.getUTCDate();
  earlier.setUTCDate(1);
  earlier.setUTCMonth(earlier.getUTCMonth() - 1);
  const lastDay = new Date(Date.UTC(earlier.getUTCFullYear(), earlier.getUTCMonth() + 1, 0)).getUTCDate();
  earlier.setUTCDate(Math.min(day, lastDay));
  return earlier;
}

/**
 * "The demo institute with a paid subscription and two invoices": two paid test-checkout orders for
 * institute@ (last month's and this month's period of its current plan), each invoiced through the real
 * issueInvoiceForOrder. Receipts are fixed, so a second run adds nothing.
 */
export async function seedDemoBilling(app: App, now = new Date()): Promise<void> {
  const institute = await app.db.query.users.findFirst({
    where: sql`lower(${users.email}) = ${DEMO_INSTITUTE}`,
  });
  if (!institute) return;
  const [current] = await app.db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, institute.id))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!current) return;
  const { sub, plan } = current;
  const price = chargePrice(plan, 'INR', 'monthly');
  const priced = price && price.amount > 0 ? price : null;
  const amount = priced?.amount ?? FALLBACK_AMOUNT;
  const currency = priced?.currency ?? 'INR';
  const thisStart =
    sub.currentPeriodStart ?? (sub.currentPeriodEnd ? monthBefore(sub.currentPeriodEnd) : now);
  const periods = [monthBefore(thisStart), thisStart].map((start) => ({
    start,
    end: periodEnd(start, 'monthly'),
  }));

  for (const period of periods) {
    const receipt = `demo-${institute.id.slice(0, 8)}-${period.start.toISOString().slice(0, 10)}`;
    await app.db
      .insert(paymentOrders)
      .values({
        userId: institute.id,
        purpose: 'plan',
        planId: plan.id,
        billingPeriod: 'monthly',
        amount,
        currency,
        provider: 'test',
        receipt,
        status: 'paid',
        paidAt: period.start,
        grantedAt: period.start,
        createdAt: period.start,
      })
      .onConflictDoNothing({ target: paymentOrders.receipt });
    const order = await app.db.query.paymentOrders.findFirst({ where: eq(paymentOrders.receipt, receipt) });
    if (!order) continue;
    const { id } = await issueInvoiceForOrder(app, order.id, period);
    // Issued when it was paid, as a real renewal would have been.
    await app.db
      .update(invoices)
      .set({ issuedAt: period.start })
      .where(and(eq(invoices.id, id), eq(invoices.orderId, order.id)));
  }
}
