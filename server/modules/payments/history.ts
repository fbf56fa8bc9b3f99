import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PaymentRow } from '../../../common/contracts/billing';
import { courses, invoices, paymentOrders, plans } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';

export const HISTORY_PAGE_SIZE = 20;

/** The actor's own payments, newest first, with the invoice once one was issued. */
export async function paymentHistory(
  app: App,
  actor: Actor,
  query: { status?: PaymentRow['status']; page: number },
): Promise<{ payments: PaymentRow[]; total: number }> {
  const conditions: SQL[] = [eq(paymentOrders.userId, actor.userId)];
  if (query.status) conditions.push(eq(paymentOrders.status, query.status));
  const where = and(...conditions);
  const [{ total }] = await app.db.select({ total: count() }).from(paymentOrders).where(where);
  const rows = await app.db
    .select({
      order: paymentOrders,
      planName: plans.name,
      courseTitle: courses.title,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
    })
    .from(paymentOrders)
    .leftJoin(plans, eq(plans.id, paymentOrders.planId))
    .leftJoin(courses, eq(courses.id, paymentOrders.courseId))
    .leftJoin(invoices, eq(invoices.orderId, paymentOrders.id))
    .where(where)
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(HISTORY_PAGE_SIZE)
    .offset((query.page - 1) * HISTORY_PAGE_SIZE);
  return {
    total,
    payments: rows.map(({ order, planName, courseTitle, invoiceId, invoiceNumber }) => ({
      orderId: order.id,
      purpose: order.purpose as PaymentRow['purpose'],
      description:
        order.purpose === 'plan'
          ? `${planName ?? 'Plan'}${order.billingPeriod ? ` (${order.billingPeriod})` : ''}`
          : (courseTitle ?? 'A deleted course'),
      amount: order.amount,
      currency: order.currency,
      provider: order.provider as PaymentRow['provider'],
      status: order.status as PaymentRow['status'],
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      invoiceId: invoiceId ?? null,
      invoiceNumber: invoiceNumber ?? null,
    })),
  };
}
