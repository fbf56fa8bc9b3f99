import { and, eq } from 'drizzle-orm';
import type { PaymentResult, RazorpayVerifyInput } from '../../../common/contracts/billing';
import { invoices, type PaymentOrderRow, paymentOrders } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { grantOrder, markFailed, markPaid } from './grant';

export const VERIFICATION_FAILED_MESSAGE = said('server.payments.verificationFailed');
export const TEST_DECLINED_REASON = said('server.payments.testDeclined');
const PAYMENT_NOT_FOUND = said('server.payments.notFound');

/** The actor's own order; anyone else's answers 404, as if it did not exist. */
async function buyersOrder(app: App, actor: Actor, orderId: string): Promise<PaymentOrderRow> {
  const order = await app.db.query.paymentOrders.findFirst({
    where: and(eq(paymentOrders.id, orderId), eq(paymentOrders.userId, actor.userId)),
  });
  if (!order) throw notFound(PAYMENT_NOT_FOUND);
  return order;
}

/**
 * The checkout's success handler: the signature is checked against the provider order id WE stored, so a
 * signature for another (cheaper) order proves nothing here. A wrong one leaves the order waiting, since
 * the webhook may still confirm a real payment.
 */
export async function verifyCheckout(
  app: App,
  actor: Actor,
  orderId: string,
  input: RazorpayVerifyInput,
): Promise<PaymentResult> {
  const order = await buyersOrder(app, actor, orderId);
  const valid =
    order.provider === 'razorpay' &&
    app.payments.kind === 'razorpay' &&
    order.providerOrderId !== null &&
    app.payments.verifyPayment({
      providerOrderId: order.providerOrderId,
      paymentId: input.razorpay_payment_id,
      signature: input.razorpay_signature,
    });
  if (!valid) throw badRequest(VERIFICATION_FAILED_MESSAGE);
  if (order.status !== 'paid') await markPaid(app.db, order.id, input.razorpay_payment_id);
  await grantOrder(app, order.id);
  return paymentResult(app, order.id);
}

/**
 * The local test checkout's "pay" and "decline" buttons; only exists while the test checkout is on (no Razorpay
 * keys, and not production unless TEST_PAYMENTS=on: decision 055). Otherwise 404, as if there were no such route.
 */
export async function testPay(
  app: App,
  actor: Actor,
  orderId: string,
  outcome: 'success' | 'failure',
): Promise<PaymentResult> {
  if (app.payments.kind !== 'test' || !app.config.testPayments)
    throw notFound(said('server.payments.routeNotFound'));
  const order = await buyersOrder(app, actor, orderId);
  if (order.provider !== 'test') throw notFound(PAYMENT_NOT_FOUND);
  if (outcome === 'success') {
    if (order.status !== 'paid') await markPaid(app.db, order.id, `test_pay_${order.id}`);
    await grantOrder(app, order.id);
  } else {
    await markFailed(app.db, order.id, TEST_DECLINED_REASON.english);
  }
  return paymentResult(app, order.id);
}

/** Where an order stands now, as the database says after whatever just happened. */
export async function paymentResult(app: App, orderId: string): Promise<PaymentResult> {
  const [row] = await app.db
    .select({ order: paymentOrders, invoiceId: invoices.id })
    .from(paymentOrders)
    .leftJoin(invoices, eq(invoices.orderId, paymentOrders.id))
    .where(eq(paymentOrders.id, orderId));
  if (!row) throw notFound(PAYMENT_NOT_FOUND);
  const { order } = row;
  const result: PaymentResult = {
    orderId: order.id,
    status: order.status as PaymentResult['status'],
    granted: order.grantedAt !== null,
    invoiceId: row.invoiceId ?? null,
  };
  if (order.failureReason) result.message = order.failureReason;
  return result;
}
