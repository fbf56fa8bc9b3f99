import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { GST_STATES, GSTIN_MESSAGES, gstinProblem, normalizeGstin, OUTSIDE_INDIA } from '../../../common/gst';
import { BILLING_PERIODS } from '../../../common/plans';
import { actorOf } from '../../http/access';
import { said } from '../../i18n/said';
import { paymentHistory } from './history';
import { BUYER_STATE_MESSAGE, createCheckoutOrder } from './orders';
import { testPay, verifyCheckout } from './settle';
import { razorpayWebhookRoute } from './webhook';

const currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, said('server.payments.schema.currency').english)
  .transform((code) => code.toUpperCase())
  .optional();
/** The buyer's GSTIN, optional: checked by its format, state, PAN and check character (common/gst.ts). */
const gstin = z
  .string({ error: GSTIN_MESSAGES.shape })
  .transform(normalizeGstin)
  .superRefine((value, ctx) => {
    const problem = value ? gstinProblem(value) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value || undefined)
  .optional();
const state = z
  .string({ error: BUYER_STATE_MESSAGE.english })
  .trim()
  .refine((code) => code === '' || code === OUTSIDE_INDIA || GST_STATES.some((s) => s.code === code), {
    error: BUYER_STATE_MESSAGE.english,
  })
  .transform((code) => code || undefined)
  .optional();
// Any amount or tax the client sends is not part of the schema and so never reaches the order: the server prices it.
const checkoutBody = z.discriminatedUnion('purpose', [
  z.object({
    purpose: z.literal('plan'),
    planId: z.uuid({ error: said('server.payments.planNotFound').english }),
    period: z.enum(BILLING_PERIODS, { error: said('server.payments.choosePeriod').english }),
    currency,
    gstin,
    state,
  }),
  z.object({
    purpose: z.literal('course'),
    courseId: z.uuid({ error: said('server.payments.courseNotFound').english }),
    currency,
    gstin,
    state,
  }),
]);
const orderParams = z.object({ orderId: z.uuid({ error: said('server.payments.notFound').english }) });
const providerText = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(200);
const verifyBody = z.object({
  razorpay_order_id: providerText(said('server.payments.schema.orderIdMissing').english),
  razorpay_payment_id: providerText(said('server.payments.schema.paymentIdMissing').english),
  razorpay_signature: providerText(said('server.payments.schema.signatureMissing').english),
});
const testPayBody = z.object({
  outcome: z.enum(['success', 'failure'], { error: said('server.payments.chooseOutcome').english }),
});
const historyQuery = z.object({
  status: z.enum(['created', 'paid', 'failed', 'refunded']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** Checkout orders, their verification, the Razorpay webhook and the buyer's payment history. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/payments/orders',
    { config: { access: rolesWith('pay'), allowWhenEnded: true }, schema: { body: checkoutBody } },
    async (request) => createCheckoutOrder(app, actorOf(request), request.body),
  );

  app.post(
    '/api/payments/orders/:orderId/verify',
    {
      config: { access: rolesWith('pay'), allowWhenEnded: true },
      schema: { params: orderParams, body: verifyBody },
    },
    async (request) => verifyCheckout(app, actorOf(request), request.params.orderId, request.body),
  );

  app.post(
    '/api/payments/orders/:orderId/test-pay',
    {
      config: { access: rolesWith('pay'), allowWhenEnded: true },
      schema: { params: orderParams, body: testPayBody },
    },
    async (request) => testPay(app, actorOf(request), request.params.orderId, request.body.outcome),
  );

  app.get(
    '/api/payments/history',
    { config: { access: rolesWith('pay'), allowWhenEnded: true }, schema: { querystring: historyQuery } },
    async (request) => paymentHistory(app, actorOf(request), request.query),
  );

  await app.register(razorpayWebhookRoute);
};
