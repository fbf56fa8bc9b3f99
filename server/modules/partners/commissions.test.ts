import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommissionRuleInput } from '../../../common/contracts/partners';
import { commissionRules, commissions, paymentOrders } from '../../db/schema/index';
import { authHeader, buildAndLogin, buildUser, login } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { buildPartner, buildReferred } from '../../test/partners';
import { insertLiveCourse, insertPricedPlan } from '../../test/payments';
import { grantOrder } from '../payments/grant';
import { handleEvent, REFUNDED_REASON } from '../payments/webhook';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof buildAndLogin>>;
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await buildAndLogin(ctx.app, { userType: 'admin' });
});
afterAll(async () => ctx.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const RULE: CommissionRuleInput = {
  percent: 12.5,
  months: 12,
  scope: 'both',
  planIds: [],
  holdDays: 10,
  windowDays: 60,
};

async function setDefaultRule(patch: Partial<CommissionRuleInput> = {}) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/partners/commission-rule',
    headers: admin.headers,
    payload: { ...RULE, ...patch },
  });
  expect(response.statusCode, response.body).toBe(200);
}

interface OrderOptions {
  purpose?: 'plan' | 'course';
  planId?: string;
  courseId?: string;
  amount?: number;
  currency?: string;
  paidAt?: Date;
  provider?: 'test' | 'razorpay';
}

/** A paid order granted through the real grant (which earns the commission). */
async function paidOrder(userId: string, options: OrderOptions = {}) {
  const purpose = options.purpose ?? 'plan';
  const providerOrderId = `order_${randomBytes(6).toString('hex')}`;
  const [order] = await ctx.app.db
    .insert(paymentOrders)
    .values({
      userId,
      purpose,
      planId: options.planId ?? null,
      billingPeriod: purpose === 'plan' ? 'monthly' : null,
      courseId: options.courseId ?? null,
      amount: options.amount ?? 499,
      currency: options.currency ?? 'INR',
      provider: options.provider ?? 'test',
      providerOrderId,
      receipt: `r-${randomBytes(6).toString('hex')}`,
      status: 'paid',
      paidAt: options.paidAt ?? new Date(),
    })
    .returning();
  await grantOrder(ctx.app, order.id);
  return order;
}

const commissionOf = (orderId: string) =>
  ctx.app.db.query.commissions.findFirst({ where: eq(commissions.orderId, orderId) });

describe('earning a commission', () => {
  it('takes the rule percent of a referred payment in its currency, once, payable after the hold', async () => {
    await setDefaultRule();
    const plan = await insertPricedPlan(ctx.app, 'teacher');
    const { partner } = await buildPartner(ctx.app);
    const teacher = await buildReferred(ctx.app, partner.id, { userType: 'teacher' });
    const order = await paidOrder(teacher.id, { planId: plan.id, amount: 499 });
    await grantOrder(ctx.app, order.id);
    const rows = await ctx.app.db.select().from(commissions).where(eq(commissions.partnerId, partner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: 62.38,
      currency: 'INR',
      percent: 12.5,
      paymentAmount: 499,
      status: 'pending',
      description: 'Pro teacher (teacher) — monthly',
    });
    expect(rows[0].payableAt.getTime() - rows[0].earnedAt.getTime()).toBe(10 * DAY_MS);

    const usd = await paidOrder(teacher.id, { planId: plan.id, amount: 9, currency: 'USD' });
    expect(await commissionOf(usd.id)).toMatchObject({ amount: 1.13, currency: 'USD' });

    const stranger = await buildUser(ctx.app, { userType: 'teacher' });
    expect(await commissionOf((await paidOrder(stranger.id, { planId: plan.id })).id)).toBeUndefined();
  });

  it('counts the months from the referral sign-up; null months is the lifetime', async () => {
    await setDefaultRule({ months: 12 });
    const { partner } = await buildPartner(ctx.app);
    const referredAt = new Date(Date.now() - 400 * DAY_MS);
    const student = await buildReferred(ctx.app, partner.id, { userType: 'student', referredAt });
    const course = await insertLiveCourse(
      ctx.app,
      (await buildUser(ctx.app, { userType: 'teacher' })).id,
      800,
    );
    const early = await paidOrder(student.id, {
      purpose: 'course',
      courseId: course.id,
      amount: 800,
      paidAt: new Date(referredAt.getTime() + 30 * DAY_MS),
    });
    expect(await commissionOf(early.id)).toMatchObject({ amount: 100 });
    const late = await paidOrder(student.id, { purpose: 'course', amount: 800 });
    expect(await commissionOf(late.id)).toBeUndefined();
    await setDefaultRule({ months: null });
    const lifetime = await paidOrder(student.id, { purpose: 'course', amount: 800 });
    expect(await commissionOf(lifetime.id)).toMatchObject({ amount: 100 });
  });

  it('follows the scope and the plans of the rule, and a partner rule over the default', async () => {
    const plan = await insertPricedPlan(ctx.app, 'teacher');
    const other = await insertPricedPlan(ctx.app, 'teacher', { name: 'Other' });
    const { partner } = await buildPartner(ctx.app);
    const teacher = await buildReferred(ctx.app, partner.id, { userType: 'teacher' });

    await setDefaultRule({ scope: 'courses' });
    expect(await commissionOf((await paidOrder(teacher.id, { planId: plan.id })).id)).toBeUndefined();
    expect(await commissionOf((await paidOrder(teacher.id, { purpose: 'course' })).id)).toBeDefined();

    await setDefaultRule({ scope: 'plans', planIds: [other.id] });
    expect(await commissionOf((await paidOrder(teacher.id, { planId: plan.id })).id)).toBeUndefined();
    expect(await commissionOf((await paidOrder(teacher.id, { purpose: 'course' })).id)).toBeUndefined();
    expect(await commissionOf((await paidOrder(teacher.id, { planId: other.id })).id)).toBeDefined();

    const own = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/partners/${partner.id}/commission-rule`,
      headers: admin.headers,
      payload: { ...RULE, percent: 30, holdDays: 0, windowDays: 5 },
    });
    expect(own.json()).toMatchObject({ percent: 30, isDefault: false, windowDays: 60 });
    const mine = await commissionOf((await paidOrder(teacher.id, { planId: plan.id, amount: 100 })).id);
    expect(mine).toMatchObject({ amount: 30, percent: 30 });
    expect(mine?.payableAt.getTime()).toBe(mine?.earnedAt.getTime());

    const reset = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/partners/${partner.id}/commission-rule`,
      headers: admin.headers,
    });
    expect(reset.json()).toMatchObject({ isDefault: true, scope: 'plans' });
    expect(await ctx.app.db.$count(commissionRules, eq(commissionRules.partnerId, partner.id))).toBe(0);
  });

  it('is earned through the real checkout, and never for a declined payment', async () => {
    await setDefaultRule({ scope: 'both', planIds: [], percent: 10 });
    const plan = await insertPricedPlan(ctx.app, 'teacher');
    const { partner } = await buildPartner(ctx.app);
    const teacherUser = await buildReferred(ctx.app, partner.id, { userType: 'teacher' });
    const headers = authHeader(await login(ctx.app, teacherUser.email));
    const checkout = async (outcome: 'success' | 'failure') => {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/orders',
        headers,
        payload: { purpose: 'plan', planId: plan.id, period: 'monthly' },
      });
      const orderId = created.json().orderId as string;
      const paid = await ctx.app.inject({
        method: 'POST',
        url: `/api/payments/orders/${orderId}/test-pay`,
        headers,
        payload: { outcome },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      return orderId;
    };
    const declined = await checkout('failure');
    expect(await commissionOf(declined)).toBeUndefined();
    const paid = await checkout('success');
    expect(await commissionOf(paid)).toMatchObject({ amount: 49.9, status: 'pending' });
  });
});

describe('a refund', () => {
  const refundEvent = (providerOrderId: string, refunded: number, full: boolean) => ({
    entity: 'event',
    event: 'refund.processed',
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: { id: `rfnd_${providerOrderId}`, amount: refunded, currency: 'INR' } },
      payment: {
        entity: {
          id: `pay_${providerOrderId}`,
          order_id: providerOrderId,
          amount: 49900,
          currency: 'INR',
          status: full ? 'refunded' : 'captured',
          amount_refunded: refunded,
          refund_status: full ? 'full' : 'partial',
        },
      },
    },
  });

  it('reverses an unpaid commission with the reason and marks the order refunded, once', async () => {
    await setDefaultRule({ scope: 'both', planIds: [], percent: 10 });
    const { partner } = await buildPartner(ctx.app);
    const student = await buildReferred(ctx.app, partner.id, { userType: 'student' });
    const order = await paidOrder(student.id, { purpose: 'course', provider: 'razorpay' });

    const partial = await handleEvent(
      ctx.app,
      `evt_${order.id}_1`,
      refundEvent(order.providerOrderId as string, 100, false),
    );
    expect(partial).toEqual({ ok: true });
    expect(await commissionOf(order.id)).toMatchObject({ status: 'pending' });

    await handleEvent(
      ctx.app,
      `evt_${order.id}_2`,
      refundEvent(order.providerOrderId as string, 49900, true),
    );
    expect(await commissionOf(order.id)).toMatchObject({
      status: 'reversed',
      reversedReason: REFUNDED_REASON.english,
    });
    const stored = await ctx.app.db.query.paymentOrders.findFirst({ where: eq(paymentOrders.id, order.id) });
    expect(stored?.status).toBe('refunded');
    const replay = await handleEvent(
      ctx.app,
      `evt_${order.id}_2`,
      refundEvent(order.providerOrderId as string, 49900, true),
    );
    expect(replay).toEqual({ ok: true, duplicate: true });
    // A refunded order never earns again, however often the grant is asked.
    await grantOrder(ctx.app, order.id);
    expect(await ctx.app.db.$count(commissions, eq(commissions.partnerId, partner.id))).toBe(1);
  });

  it('adds a negative row, payable at once, when the commission was already paid out', async () => {
    const { partner } = await buildPartner(ctx.app);
    const student = await buildReferred(ctx.app, partner.id, { userType: 'student' });
    const order = await paidOrder(student.id, { purpose: 'course', provider: 'razorpay' });
    await ctx.app.db.update(commissions).set({ status: 'paid' }).where(eq(commissions.orderId, order.id));
    await handleEvent(ctx.app, `evt_${order.id}`, refundEvent(order.providerOrderId as string, 49900, true));
    await handleEvent(
      ctx.app,
      `evt_${order.id}_again`,
      refundEvent(order.providerOrderId as string, 49900, true),
    );
    const rows = await ctx.app.db.select().from(commissions).where(eq(commissions.partnerId, partner.id));
    expect(rows).toHaveLength(2);
    const original = rows.find((row) => row.orderId === order.id);
    const negative = rows.find((row) => row.reversesId === original?.id);
    expect(original).toMatchObject({ status: 'paid', reversedReason: REFUNDED_REASON.english });
    expect(negative).toMatchObject({ amount: -49.9, status: 'pending', currency: 'INR' });
    expect(negative?.description).toMatch(/^Reversal: /);
    expect(negative?.payableAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
