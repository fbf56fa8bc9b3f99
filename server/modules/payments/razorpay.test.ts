import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseSubscriptions,
  invoices,
  paymentEvents,
  paymentOrders,
  subscriptions,
} from '../../db/schema/index';
import { hmacHex } from '../../providers/payments/signatures';
import { buildAndLogin } from '../../test/factories';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay';
import { startTestApp, type TestContext } from '../../test/harness';
import { insertLiveCourse, insertPricedPlan } from '../../test/payments';

const KEY_ID = 'rzp_test_key';
const KEY_SECRET = 'key-secret-123';
const WEBHOOK_SECRET = 'webhook-secret-456';
let ctx: TestContext;
let fake: FakeRazorpay;
type Headers = Record<string, string>;

beforeAll(async () => {
  fake = await startFakeRazorpay(KEY_ID, KEY_SECRET);
  ctx = await startTestApp({
    razorpay: {
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.apiBase,
      checkoutUrl: 'https://checkout.example/checkout.js',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const post = (url: string, headers: Headers, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const verify = (
  headers: Headers,
  orderId: string,
  providerOrderId: string,
  paymentId: string,
  signature: string,
) =>
  post(`/api/payments/orders/${orderId}/verify`, headers, {
    razorpay_order_id: providerOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: signature,
  });

function webhook(event: unknown, options: { eventId?: string; secret?: string } = {}) {
  const raw = JSON.stringify(event);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(options.secret ?? WEBHOOK_SECRET, raw),
      'x-razorpay-event-id': options.eventId ?? `evt_${Math.random().toString(36).slice(2)}`,
    },
    payload: raw,
  });
}
const paymentEvent = (event: string, orderId: string, amount: number, status: string) => ({
  entity: 'event',
  event,
  payload: {
    payment: {
      entity: {
        id: `pay_${orderId.slice(-6)}`,
        entity: 'payment',
        order_id: orderId,
        amount,
        currency: 'INR',
        status,
      },
    },
  },
});

async function courseCheckout() {
  const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  const student = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'Asha Rao' });
  const course = await insertLiveCourse(ctx.app, teacher.user.id, 499.5);
  const created = await post('/api/payments/orders', student.headers, {
    purpose: 'course',
    courseId: course.id,
    amount: 1,
  });
  expect(created.statusCode, created.body).toBe(200);
  return { student, course, checkout: created.json() };
}
const orderRow = async (id: string) =>
  (await ctx.app.db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0];

describe('Razorpay orders', () => {
  it('creates the order with Basic auth, the amount in subunits and our receipt', async () => {
    const { student, checkout } = await courseCheckout();
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/orders');
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    const stored = await orderRow(checkout.orderId);
    expect(request?.body).toMatchObject({ amount: 49950, currency: 'INR', receipt: stored.receipt });
    expect(String(request?.body.receipt).length).toBeLessThanOrEqual(40);
    expect(checkout).toMatchObject({
      provider: 'razorpay',
      amount: 499.5,
      razorpay: {
        keyId: KEY_ID,
        orderId: stored.providerOrderId,
        amountSubunits: 49950,
        checkoutUrl: 'https://checkout.example/checkout.js',
        prefill: { name: 'Asha Rao', email: student.user.email },
      },
    });
  });

  it('answers 503 and stores nothing when Razorpay refuses', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertLiveCourse(ctx.app, teacher.user.id, 100);
    fake.failNext(500, 'Something went wrong');
    const response = await post('/api/payments/orders', student.headers, {
      purpose: 'course',
      courseId: course.id,
    });
    expect(response.statusCode).toBe(503);
    expect(
      await ctx.app.db.select().from(paymentOrders).where(eq(paymentOrders.userId, student.user.id)),
    ).toHaveLength(0);
  });

  it('sends zero-decimal currencies whole', async () => {
    const plan = await insertPricedPlan(ctx.app, 'teacher', {
      baseCurrency: 'JPY',
      prices: [{ currency: 'JPY', period: 'monthly', amount: 1500 }],
    });
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const response = await post('/api/payments/orders', teacher.headers, {
      purpose: 'plan',
      planId: plan.id,
      period: 'monthly',
    });
    expect(response.json().razorpay.amountSubunits).toBe(1500);
    expect(fake.requests.at(-1)?.body).toMatchObject({ amount: 1500, currency: 'JPY' });
  });
});

describe('checkout verification', () => {
  it('refuses a bad signature or one made for another order, and keeps the order waiting', async () => {
    const { student, checkout } = await courseCheckout();
    const other = await courseCheckout();
    const otherProviderId = other.checkout.razorpay.orderId;
    const forOther = fake.paymentSignature(otherProviderId, 'pay_1');
    const stolen = await verify(student.headers, checkout.orderId, otherProviderId, 'pay_1', forOther);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('Payment verification failed.');
    expect(
      (await verify(student.headers, checkout.orderId, checkout.razorpay.orderId, 'pay_1', 'deadbeef'))
        .statusCode,
    ).toBe(400);
    expect((await orderRow(checkout.orderId)).status).toBe('created');
    // Someone else's order is not found at all.
    const good = fake.paymentSignature(checkout.razorpay.orderId, 'pay_1');
    expect(
      (await verify(other.student.headers, checkout.orderId, checkout.razorpay.orderId, 'pay_1', good))
        .statusCode,
    ).toBe(404);
  });

  it('marks paid and grants once on a double submit, with one invoice', async () => {
    const { student, course, checkout } = await courseCheckout();
    const signature = fake.paymentSignature(checkout.razorpay.orderId, 'pay_double');
    const answers = await Promise.all([
      verify(student.headers, checkout.orderId, checkout.razorpay.orderId, 'pay_double', signature),
      verify(student.headers, checkout.orderId, checkout.razorpay.orderId, 'pay_double', signature),
    ]);
    for (const answer of answers) expect(answer.json()).toMatchObject({ status: 'paid', granted: true });
    const rows = await ctx.app.db
      .select()
      .from(courseSubscriptions)
      .where(eq(courseSubscriptions.courseId, course.id));
    expect(rows).toHaveLength(1);
    const issued = await ctx.app.db.select().from(invoices).where(eq(invoices.orderId, checkout.orderId));
    expect(issued).toHaveLength(1);
    expect(answers[1].json().invoiceId).toBe(issued[0].id);
    expect((await orderRow(checkout.orderId)).providerPaymentId).toBe('pay_double');
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/payments/history',
      headers: student.headers,
    });
    expect(history.json().payments[0]).toMatchObject({
      invoiceNumber: issued[0].number,
      provider: 'razorpay',
    });
  });

  it('has no test-pay route while Razorpay is configured', async () => {
    const { student, checkout } = await courseCheckout();
    expect(
      (
        await post(`/api/payments/orders/${checkout.orderId}/test-pay`, student.headers, {
          outcome: 'success',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the webhook', () => {
  it('refuses a bad signature and a missing one', async () => {
    const { checkout } = await courseCheckout();
    const event = paymentEvent('payment.captured', checkout.razorpay.orderId, 49950, 'captured');
    expect((await webhook(event, { secret: 'wrong' })).statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderRow(checkout.orderId)).status).toBe('created');
  });

  it('pays and grants on order.paid, ignores a replay and a failure that arrives later', async () => {
    const { student, course, checkout } = await courseCheckout();
    const providerId = checkout.razorpay.orderId;
    const paid = await webhook(paymentEvent('order.paid', providerId, 49950, 'captured'), {
      eventId: 'evt_paid_1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ ok: true });
    const replay = await webhook(paymentEvent('order.paid', providerId, 49950, 'captured'), {
      eventId: 'evt_paid_1',
    });
    expect(replay.json()).toEqual({ ok: true, duplicate: true });
    const late = await webhook(paymentEvent('payment.failed', providerId, 49950, 'failed'), {
      eventId: 'evt_failed_1',
    });
    expect(late.statusCode).toBe(200);
    const row = await orderRow(checkout.orderId);
    expect(row.status).toBe('paid');
    expect(row.grantedAt).not.toBeNull();
    const subscribed = await ctx.app.db
      .select()
      .from(courseSubscriptions)
      .where(eq(courseSubscriptions.userId, student.user.id));
    expect(subscribed.map((s) => s.courseId)).toEqual([course.id]);
    expect(
      await ctx.app.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, checkout.orderId)),
    ).toHaveLength(2);
  });

  it('marks a waiting order failed on payment.failed and answers 200 for an unknown order', async () => {
    const { checkout } = await courseCheckout();
    await webhook({
      event: 'payment.failed',
      payload: {
        payment: {
          entity: { id: 'pay_f', order_id: checkout.razorpay.orderId, error_description: 'Card declined' },
        },
      },
    });
    expect(await orderRow(checkout.orderId)).toMatchObject({
      status: 'failed',
      failureReason: 'Card declined',
    });
    const unknown = await webhook(paymentEvent('payment.captured', 'order_nobody', 100, 'captured'));
    expect(unknown.statusCode).toBe(200);
  });

  it('extends a plan bought by an institute through payment.captured', async () => {
    const plan = await insertPricedPlan(ctx.app, 'institute');
    const institute = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'paid-ended' });
    const created = await post('/api/payments/orders', institute.headers, {
      purpose: 'plan',
      planId: plan.id,
      period: 'monthly',
    });
    expect(created.statusCode, created.body).toBe(200);
    await webhook(paymentEvent('payment.captured', created.json().razorpay.orderId, 49900, 'captured'));
    const rows = await ctx.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, institute.user.id));
    expect(rows.filter((row) => row.status === 'active' && row.planId === plan.id)).toHaveLength(1);
    const open = await ctx.app.inject({ method: 'GET', url: '/api/courses', headers: institute.headers });
    expect(open.statusCode).toBe(200);
  });
});

describe('without a webhook secret', () => {
  it('answers 503', async () => {
    const other = await startTestApp({
      razorpay: {
        keyId: KEY_ID,
        keySecret: KEY_SECRET,
        webhookSecret: undefined,
        apiBase: fake.apiBase,
        checkoutUrl: 'https://checkout.example/checkout.js',
      },
    });
    try {
      const response = await other.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'abc' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Webhooks are not configured.');
    } finally {
      await other.close();
    }
  });
});
