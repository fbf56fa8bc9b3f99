import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { paymentEvents, paymentOrders } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError, badRequest } from '../../http/errors';
import { said } from '../../i18n/said';
import { toSubunits } from '../../providers/payments/currency';
import { issueCreditNoteForOrder } from '../invoices/issue';
import { reverseOrderCommission } from '../partners/commissions';
import { grantOrder, markFailed, markPaid, markRefunded } from './grant';

interface RazorpayPaymentEntity {
  id?: string;
  order_id?: string;
  amount?: number;
  currency?: string;
  status?: string;
  error_description?: string;
  amount_refunded?: number;
  refund_status?: string | null;
}

interface RazorpayEvent {
  event?: string;
  payload?: {
    payment?: { entity?: RazorpayPaymentEntity };
    order?: { entity?: { id?: string } };
    refund?: { entity?: { id?: string; amount?: number; payment_id?: string } };
  };
}

const PAID_EVENTS = new Set(['order.paid', 'payment.captured']);
/** Razorpay sends refund.created, refund.processed and refund.failed; the money is back once processed. */
const REFUND_EVENT = 'refund.processed';
/** Stored as the reversed commission's reason, in English (read back through `inLocale`). */
export const REFUNDED_REASON = said('server.payments.refunded');

/** The whole payment is back with the buyer: the payment says so, or the refunds reach the order's amount. */
function isFullRefund(event: RazorpayEvent, orderSubunits: number): boolean {
  const payment = event.payload?.payment?.entity;
  if (payment?.refund_status === 'full') return true;
  const refunded = payment?.amount_refunded ?? event.payload?.refund?.entity?.amount ?? 0;
  return refunded >= orderSubunits;
}

/**
 * Razorpay's webhook. The signature covers the exact bytes sent, so this plugin (a child context of its
 * own) parses application/json as a raw Buffer for this one route; every other route keeps the JSON parser.
 */
export const razorpayWebhookRoute: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/payments/razorpay/webhook',
    { config: { access: 'public', allowWhenEnded: true } },
    async (request) => {
      const signature = request.headers['x-razorpay-signature'];
      if (typeof signature !== 'string' || !signature)
        throw badRequest(said('server.payments.signatureMissing'));
      if (!app.payments.webhooksEnabled)
        throw new AppError('UNAVAILABLE', said('server.payments.webhooksOff'));
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || !app.payments.verifyWebhook(raw, signature))
        throw badRequest(said('server.payments.signatureInvalid'));
      let event: RazorpayEvent;
      try {
        event = JSON.parse(raw.toString('utf8')) as RazorpayEvent;
      } catch {
        throw badRequest(said('server.payments.bodyNotJson'));
      }
      const header = request.headers['x-razorpay-event-id'];
      // Razorpay always sends an event id; without one the body's hash still recognises an exact replay.
      const eventId =
        typeof header === 'string' && header
          ? header
          : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
      return handleEvent(app, eventId, event);
    },
  );
};

/** Records the event once (a replay answers duplicate) and applies it in the same transaction. */
export async function handleEvent(app: App, eventId: string, event: RazorpayEvent) {
  const type = event.event ?? 'unknown';
  const payment = event.payload?.payment?.entity;
  const providerOrderId = payment?.order_id ?? event.payload?.order?.entity?.id;
  const order = providerOrderId
    ? await app.db.query.paymentOrders.findFirst({
        where: and(
          eq(paymentOrders.provider, 'razorpay'),
          eq(paymentOrders.providerOrderId, providerOrderId),
        ),
      })
    : undefined;

  const outcome = await app.db.transaction(async (tx) => {
    const stored = await tx
      .insert(paymentEvents)
      .values({ id: eventId, provider: 'razorpay', type, orderId: order?.id ?? null, payload: event })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (stored.length === 0) return 'duplicate' as const;
    if (!order) {
      app.log.warn({ eventId, type, providerOrderId }, 'webhook for an order we do not know');
      return 'ignored' as const;
    }
    if (PAID_EVENTS.has(type)) {
      const expected = toSubunits(order.amount, order.currency);
      if (
        payment?.amount !== undefined &&
        (payment.amount !== expected || payment.currency !== order.currency)
      ) {
        app.log.error(
          { eventId, orderId: order.id, payment },
          'webhook payment does not match the order amount',
        );
        return 'ignored' as const;
      }
      await markPaid(tx, order.id, payment?.id ?? order.providerPaymentId);
      return 'paid' as const;
    }
    if (type === 'payment.failed') {
      await markFailed(tx, order.id, payment?.error_description || said('server.payments.failed').english);
    }
    if (type === REFUND_EVENT && isFullRefund(event, toSubunits(order.amount, order.currency))) {
      // Razorpay's refund events carry the payment entity; a partial refund is recorded only (decision 034).
      if (await markRefunded(tx, order.id))
        await reverseOrderCommission(tx, order.id, REFUNDED_REASON.english);
      return 'refunded' as const;
    }
    return 'recorded' as const;
  });

  if (outcome === 'duplicate') return { ok: true, duplicate: true };
  // Outside the event's transaction: if the grant fails, the paid order is left for the reconciliation sweep.
  if (outcome === 'paid' && order) await grantOrder(app, order.id);
  if (outcome === 'refunded' && order) await creditRefund(app, order.id);
  return { ok: true };
}

/** The credit note of a full refund (decision 067); a failure is logged and the reconciliation sweep issues it later. */
async function creditRefund(app: App, orderId: string): Promise<void> {
  try {
    await issueCreditNoteForOrder(app, orderId);
  } catch (error) {
    app.log.error({ err: error, orderId }, 'could not issue the credit note of a refunded order');
  }
}
