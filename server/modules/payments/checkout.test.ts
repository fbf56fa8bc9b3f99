import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSubscriptions, outbox, paymentOrders, subscriptions } from '../../db/schema/index';
import { ENDED_MESSAGE } from '../../http/access';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { insertLiveCourse, insertPricedPlan } from '../../test/payments';
import { grantOrder } from './grant';
import { INSTITUTE_COVERS_MESSAGE } from './orders';
import { reconcilePayments } from './reconcile';

let ctx: TestContext;
type Headers = Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const post = (url: string, headers: Headers, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const order = (headers: Headers, payload: unknown) => post('/api/payments/orders', headers, payload);
const testPay = (headers: Headers, orderId: string, outcome: 'success' | 'failure') =>
  post(`/api/payments/orders/${orderId}/test-pay`, headers, { outcome });
const subscriptionRows = (userId: string) =>
  ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

describe('the test checkout', () => {
  it('prices a plan on the server, ignoring an amount the client sends', async () => {
    const plan = await insertPricedPlan(ctx.app, 'teacher');
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const response = await order(teacher.headers, {
      purpose: 'plan',
      planId: plan.id,
      period: 'monthly',
      amount: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ provider: 'test', amount: 499, currency: 'INR' });
    expect(response.json()).not.toHaveProperty('razorpay');
    const usd = await order(teacher.headers, {
      purpose: 'plan',
      planId: plan.id,
      period: 'monthly',
      currency: 'usd',
    });
    expect(usd.json()).toMatchObject({ amount: 9, currency: 'USD' });
    // No EUR price: the base currency's.
    const eur = await order(teacher.headers, {
      purpose: 'plan',
      planId: plan.id,
      period: 'yearly',
      currency: 'EUR',
    });
    expect(eur.json()).toMatchObject({ amount: 4990, currency: 'INR' });
    const [stored] = await ctx.app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, response.json().orderId));
    expect(stored.providerOrderId).toMatch(/^test_[0-9a-f-]{36}$/);
    expect(stored.receipt).toMatch(/^gk_/);
  });

  it('reuses the waiting order on a double click', async () => {
    const plan = await insertPricedPlan(ctx.app, 'teacher');
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const body = { purpose: 'plan', planId: plan.id, period: 'monthly' };
    const [a, b] = await Promise.all([order(teacher.headers, body), order(teacher.headers, body)]);
    expect(a.json().orderId).toBe(b.json().orderId);
    const yearly = await order(teacher.headers, { ...body, period: 'yearly' });
    expect(yearly.json().orderId).not.toBe(a.json().orderId);
  });

  it('refuses plans to faculty, students, free and foreign-audience plans', async () => {
    const plan = await insertPricedPlan(ctx.app, 'teacher');
    const free = await insertPricedPlan(ctx.app, 'teacher', {
      prices: [{ currency: 'INR', period: 'monthly', amount: 0 }],
    });
    const institutePlan = await insertPricedPlan(ctx.app, 'institute');
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const faculty = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const body = { purpose: 'plan', planId: plan.id, period: 'monthly' };
    const covered = await order(faculty.headers, body);
    expect(covered.statusCode).toBe(403);
    expect(covered.json().message).toBe(INSTITUTE_COVERS_MESSAGE.english);
    expect((await order(student.headers, body)).statusCode).toBe(403);
    expect((await order(teacher.headers, { ...body, planId: free.id })).statusCode).toBe(400);
    expect((await order(teacher.headers, { ...body, planId: institutePlan.id })).statusCode).toBe(404);
  });

  it('grants a plan once however often test-pay is clicked, and ends the trial-ended hold', async () => {
    const plan = await insertPricedPlan(ctx.app, 'teacher');
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', plan: 'trial-ended' });
    const held = await ctx.app.inject({ method: 'GET', url: '/api/courses', headers: teacher.headers });
    expect(held.json().message).toBe(ENDED_MESSAGE.trial.english);
    const { orderId } = (
      await order(teacher.headers, { purpose: 'plan', planId: plan.id, period: 'monthly' })
    ).json();
    const results = await Promise.all([
      testPay(teacher.headers, orderId, 'success'),
      testPay(teacher.headers, orderId, 'success'),
    ]);
    for (const result of results)
      expect(result.json()).toMatchObject({ orderId, status: 'paid', granted: true });
    const rows = await subscriptionRows(teacher.user.id);
    const paid = rows.filter((row) => row.status === 'active');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      planId: plan.id,
      billingPeriod: 'monthly',
      currency: 'INR',
      amount: 499,
    });
    expect(paid[0].currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const open = await ctx.app.inject({ method: 'GET', url: '/api/courses', headers: teacher.headers });
    expect(open.statusCode).toBe(200);
    // A declined click after payment changes nothing.
    expect((await testPay(teacher.headers, orderId, 'failure')).json().status).toBe('paid');
    // One receipt, naming the invoice, however many clicks.
    const receipts = await ctx.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, teacher.user.email), eq(outbox.subject, 'Payment received')));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toMatch(/Invoice: GK\/\d\d-\d\d\/\d{6}/);
  });

  it('extends from the current period end when the same plan is renewed early', async () => {
    const plan = await insertPricedPlan(ctx.app, 'institute');
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    for (let i = 0; i < 2; i += 1) {
      const { orderId } = (
        await order(institute.headers, { purpose: 'plan', planId: plan.id, period: 'monthly' })
      ).json();
      expect((await testPay(institute.headers, orderId, 'success')).statusCode).toBe(200);
    }
    const active = (await subscriptionRows(institute.user.id))
      .filter((row) => row.status === 'active')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(active).toHaveLength(2);
    expect(active[1].currentPeriodStart?.getTime()).toBe(active[0].currentPeriodEnd?.getTime());
  });

  it('declines a test payment, leaving nothing granted', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const course = await insertLiveCourse(ctx.app, teacher.user.id, 250);
    const { orderId } = (await order(student.headers, { purpose: 'course', courseId: course.id })).json();
    const other = await buildAndLogin(ctx.app, { userType: 'student' });
    expect((await testPay(other.headers, orderId, 'success')).statusCode).toBe(404);
    const declined = await testPay(student.headers, orderId, 'failure');
    expect(declined.json()).toMatchObject({
      status: 'failed',
      granted: false,
      message: 'Test payment declined.',
    });
    const subscribed = await ctx.app.db
      .select()
      .from(courseSubscriptions)
      .where(
        and(eq(courseSubscriptions.userId, student.user.id), eq(courseSubscriptions.courseId, course.id)),
      );
    expect(subscribed).toHaveLength(0);
  });

  it('subscribes a student who buys a course, once, and refuses a second purchase', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const course = await insertLiveCourse(ctx.app, teacher.user.id, 250, 'USD');
    const created = await order(student.headers, { purpose: 'course', courseId: course.id, amount: 1 });
    expect(created.json()).toMatchObject({ amount: 250, currency: 'USD' });
    const { orderId } = created.json();
    await Promise.all([
      testPay(student.headers, orderId, 'success'),
      testPay(student.headers, orderId, 'success'),
    ]);
    const rows = await ctx.app.db
      .select()
      .from(courseSubscriptions)
      .where(eq(courseSubscriptions.userId, student.user.id));
    expect(rows).toHaveLength(1);
    const again = await order(student.headers, { purpose: 'course', courseId: course.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already subscribed to this course.');
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/payments/history?status=paid',
      headers: student.headers,
    });
    expect(history.json()).toMatchObject({
      total: 1,
      payments: [{ orderId, status: 'paid', purpose: 'course', amount: 250 }],
    });
  });

  it('refuses free courses and course purchases by an ended teacher', async () => {
    const author = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const ended = await buildAndLogin(ctx.app, { userType: 'teacher', plan: 'trial-ended' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const paidCourse = await insertLiveCourse(ctx.app, author.user.id, 100);
    const freeCourse = await insertLiveCourse(ctx.app, author.user.id, 0);
    const refused = await order(ended.headers, { purpose: 'course', courseId: paidCourse.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ENDED_MESSAGE.trial.english);
    expect((await order(student.headers, { purpose: 'course', courseId: freeCourse.id })).statusCode).toBe(
      400,
    );
  });

  it('grants once when grants race, and reconciles a paid order left ungranted', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const plan = await insertPricedPlan(ctx.app, 'teacher');
    const { orderId } = (
      await order(teacher.headers, { purpose: 'plan', planId: plan.id, period: 'yearly' })
    ).json();
    // A crash between payment and grant: paid in the database, never granted.
    await ctx.app.db
      .update(paymentOrders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(paymentOrders.id, orderId));
    const outcomes = await Promise.all([
      grantOrder(ctx.app, orderId),
      grantOrder(ctx.app, orderId),
      grantOrder(ctx.app, orderId),
    ]);
    expect(outcomes.every((outcome) => outcome.granted)).toBe(true);
    expect((await subscriptionRows(teacher.user.id)).filter((row) => row.status === 'active')).toHaveLength(
      1,
    );

    const course = await insertLiveCourse(ctx.app, teacher.user.id, 300);
    const courseOrder = (await order(student.headers, { purpose: 'course', courseId: course.id })).json()
      .orderId;
    await ctx.app.db
      .update(paymentOrders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(paymentOrders.id, courseOrder));
    expect(await reconcilePayments(ctx.app)).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.app.db.select().from(paymentOrders).where(eq(paymentOrders.id, courseOrder));
    expect(row.grantedAt).not.toBeNull();
    const subscribed = await ctx.app.db
      .select()
      .from(courseSubscriptions)
      .where(eq(courseSubscriptions.userId, student.user.id));
    expect(subscribed).toHaveLength(1);
    // Nothing left to do on the next sweep.
    expect(await reconcilePayments(ctx.app)).toBe(0);
  });

  it('answers only the buyer their own history and hides verify on the test checkout', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/payments/history',
      headers: student.headers,
    });
    expect(history.json()).toEqual({ payments: [], total: 0 });
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertLiveCourse(ctx.app, teacher.user.id, 120);
    const { orderId } = (await order(student.headers, { purpose: 'course', courseId: course.id })).json();
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/payments/history',
      headers: student.headers,
    });
    expect(mine.json()).toMatchObject({
      total: 1,
      payments: [{ orderId, status: 'created', invoiceId: null }],
    });
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/api/payments/history',
      headers: teacher.headers,
    });
    expect(theirs.json().total).toBe(0);
    const verify = await post(`/api/payments/orders/${orderId}/verify`, student.headers, {
      razorpay_order_id: 'order_x',
      razorpay_payment_id: 'pay_x',
      razorpay_signature: 'abc',
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().message).toBe('Payment verification failed.');
  });
});
