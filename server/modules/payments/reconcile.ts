import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { invoices, paymentOrders } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import type { PeriodicTask } from '../../jobs/periodic';
import { issueCreditNoteForOrder } from '../invoices/issue';
import { grantOrder } from './grant';

const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Finishes what a crash between payment and grant left undone: paid orders not yet granted are granted,
 * granted ones without an invoice get it, refunded ones with an invoice but no credit note get it. Every step is idempotent, so overlapping sweeps are harmless.
 * Answers how many orders it touched.
 */
export async function reconcilePayments(app: App): Promise<number> {
  const ungranted = await app.db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, 'paid'), isNull(paymentOrders.grantedAt)));
  const uninvoiced = await app.db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .leftJoin(invoices, eq(invoices.orderId, paymentOrders.id))
    .where(and(eq(paymentOrders.status, 'paid'), isNotNull(paymentOrders.grantedAt), isNull(invoices.id)));
  let touched = 0;
  for (const { id } of [...ungranted, ...uninvoiced]) {
    try {
      await grantOrder(app, id);
      touched += 1;
    } catch (error) {
      app.log.error({ err: error, orderId: id }, 'reconciling a paid order failed');
    }
  }
  touched += await creditRefundedOrders(app);
  if (touched) app.log.info({ touched }, 'payments reconciled');
  return touched;
}

const creditNotes = alias(invoices, 'credit_notes');

/** Refunded orders whose invoice was never credited (the webhook's credit note failed): credited now. */
async function creditRefundedOrders(app: App): Promise<number> {
  const uncredited = await app.db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .innerJoin(invoices, eq(invoices.orderId, paymentOrders.id))
    .leftJoin(creditNotes, eq(creditNotes.creditsInvoiceId, invoices.id))
    .where(and(eq(paymentOrders.status, 'refunded'), isNull(creditNotes.id)));
  let credited = 0;
  for (const { id } of uncredited) {
    try {
      if (await issueCreditNoteForOrder(app, id)) credited += 1;
    } catch (error) {
      app.log.error({ err: error, orderId: id }, 'crediting a refunded order failed');
    }
  }
  return credited;
}

/** Settles paid orders whose webhook or redirect never arrived: once the app is ready and every 5 minutes. */
export const paymentReconciliationTask: PeriodicTask = {
  name: 'payment reconciliation',
  everyMs: SWEEP_INTERVAL_MS,
  atStart: 'background',
  run: reconcilePayments,
};
