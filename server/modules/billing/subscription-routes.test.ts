import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MySubscription } from '../../../common/contracts/billing';
import { PLAN_MODULES } from '../../../common/plans';
import { courses, gurus, storedFiles, subscriptions } from '../../db/schema/index';
import { authHeader, buildAndLogin, buildUser, login } from '../../test/factories';
import { insertPaidSubscription, insertPlan, mailTo, subscriptionsOf } from '../../test/fixtures/billing';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const get = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/billing/subscription', headers });
const post = (headers: Record<string, string>, action: string, payload: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/billing/subscription/${action}`, headers, payload });

describe('GET /api/billing/subscription', () => {
  it('shows a teacher on a trial with the days left, the full plan shape and what they use', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await ctx.app.db.insert(courses).values({ ownerId: user.id, title: 'Algebra' });
    await ctx.app.db.insert(storedFiles).values({
      path: `t/${user.id}/a.mp4`,
      ownerId: user.id,
      contentType: 'video/mp4',
      category: 'video',
      sizeBytes: 3 * 1024 * 1024,
    });
    await ctx.app.db.insert(gurus).values({ ownerId: user.id, name: 'Counted guru' });
    const response = await get(headers);
    expect(response.statusCode).toBe(200);
    const body = response.json() as MySubscription;
    expect(body.status).toBe('trial');
    expect(body.isFreeTrial).toBe(true);
    expect(body.remainingTrialDays).toBe(7);
    expect(body.trialEndsAt).not.toBeNull();
    expect(body.cancelAtPeriodEnd).toBe(false);
    expect(body.nextPlan).toBeNull();
    expect(Object.keys(body.plan.limits).sort()).toEqual(
      [
        'courses',
        'didCredits',
        'guruSessionsPerMonth',
        'gurus',
        'slidesPerLibrary',
        'storageMb',
        'teacherSeats',
        'studentSeats',
      ].sort(),
    );
    expect(Object.keys(body.plan.modules).sort()).toEqual([...PLAN_MODULES].sort());
    expect(body.usage).toEqual({ courses: 1, storageMb: 3, gurus: 1 });
  });

  it('fills a plan row that lacks limits and modules: null (unlimited) and FULL', async () => {
    const plan = await insertPlan(ctx.app, { name: 'Older Pro', monthly: 999 });
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await insertPaidSubscription(ctx.app, user.id, plan.id);
    const body = (await get(headers)).json() as MySubscription;
    expect(body.status).toBe('active');
    expect(body.isFreeTrial).toBe(false);
    expect(body.remainingTrialDays).toBeNull();
    expect(body.plan.limits).toMatchObject({ courses: 5, gurus: null, storageMb: null });
    expect(body.plan.modules).toMatchObject({ reports: 'NONE', courses: 'FULL', gurus: 'FULL' });
    expect(body).toMatchObject({ billingPeriod: 'monthly', currency: 'INR', amount: 999 });
  });

  it('shows an ended trial as ended, still reachable so the owner can pay', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher', plan: 'trial-ended' });
    const body = (await get(headers)).json() as MySubscription;
    expect(body).toMatchObject({ status: 'ended', isFreeTrial: false, remainingTrialDays: 0 });
  });

  it('refuses a teacher inside an institute: the institute pays', async () => {
    const institute = await buildUser(ctx.app, { userType: 'institute' });
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.id });
    for (const response of [await get(headers), await post(headers, 'cancel')]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Your institute's plan covers your account.");
    }
  });

  it('shows an institute its own subscription', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'institute' });
    const body = (await get(headers)).json() as MySubscription;
    expect(body.plan.audience).toBe('institute');
    expect(body.status).toBe('trial');
  });
});

describe('cancel and resume', () => {
  it('refuses to cancel a trial and leaves it as it was', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const response = await post(headers, 'cancel');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/free trial/);
    const [row] = await subscriptionsOf(ctx.app, user.id);
    expect(row.cancelAtPeriodEnd).toBe(false);
  });

  it('cancels a paid subscription at the period end, keeps it active, and resumes it; no e-mail', async () => {
    const plan = await insertPlan(ctx.app, { name: 'Pro to cancel', monthly: 999 });
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const paid = await insertPaidSubscription(ctx.app, user.id, plan.id);

    const cancelled = await post(headers, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const row = await ctx.app.db.query.subscriptions.findFirst({ where: eq(subscriptions.id, paid.id) });
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    const resumed = await post(headers, 'resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, nextPlan: null });
    expect(await mailTo(ctx.app, user.email)).toHaveLength(0);
  });

  it('refuses to cancel or resume an ended subscription', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher', plan: 'paid-ended' });
    for (const action of ['cancel', 'resume']) {
      const response = await post(headers, action);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/has ended/);
    }
  });
});

describe('downgrade', () => {
  async function paidTeacher() {
    const current = await insertPlan(ctx.app, { name: `Pro ${Math.random()}`, monthly: 999 });
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await insertPaidSubscription(ctx.app, user.id, current.id);
    return { user, headers, current };
  }

  it('sets a cheaper plan for the period end, and resume undoes it', async () => {
    const { headers } = await paidTeacher();
    const basic = await insertPlan(ctx.app, { name: 'Basic', monthly: 499 });
    const response = await post(headers, 'downgrade', { planId: basic.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'active', nextPlan: { id: basic.id, name: 'Basic' } });
    expect((await post(headers, 'resume')).json().nextPlan).toBeNull();
  });

  it('refuses a plan that is not cheaper, retired, for institutes, unknown or the current one', async () => {
    const { user, headers, current } = await paidTeacher();
    const pricier = await insertPlan(ctx.app, { name: 'Max', monthly: 1999 });
    const retired = await insertPlan(ctx.app, { name: 'Old Basic', monthly: 99, status: 'retired' });
    const forInstitutes = await insertPlan(ctx.app, { name: 'Campus', audience: 'institute', monthly: 99 });
    const cases: [string, number, RegExp][] = [
      [pricier.id, 409, /not cheaper.*checkout/],
      [retired.id, 409, /no longer offered/],
      [forInstitutes.id, 400, /not a plan for your kind of account/],
      [current.id, 400, /already on/],
      ['6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f', 404, /Plan not found/],
    ];
    for (const [planId, status, message] of cases) {
      const response = await post(headers, 'downgrade', { planId });
      expect(response.statusCode, planId).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    const rows = await subscriptionsOf(ctx.app, user.id);
    expect(rows.at(-1)?.nextPlanId).toBeNull();
  });

  it('refuses a downgrade during a trial', async () => {
    const basic = await insertPlan(ctx.app, { name: 'Basic for trial', monthly: 499 });
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const response = await post(headers, 'downgrade', { planId: basic.id });
    expect(response.statusCode).toBe(409);
  });

  it('the server decides the payer: a forged claim does not change whose subscription is read', async () => {
    const { user } = await paidTeacher();
    const session = await login(ctx.app, user.email);
    const body = (await get(authHeader(session, { userType: 'institute', planId: 'x' }))).json();
    expect(body.plan.audience).toBe('teacher');
  });
});
