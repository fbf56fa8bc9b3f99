import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema/index';
import { accountState } from '../../http/account-state';
import { buildUser } from '../../test/factories';
import {
  DAY_MS,
  insertPaidSubscription,
  insertPlan,
  mailTo,
  subscriptionsOf,
} from '../../test/fixtures/billing';
import { startTestApp, type TestContext } from '../../test/harness';
import { sendPaymentReceivedEmail } from './emails';
import { runBillingLifecycle } from './lifecycle-job';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const stateOf = (user: { id: string; userType: string; instituteId: string | null }, now = new Date()) =>
  accountState(ctx.app.db, { ...user, userType: user.userType as 'teacher' }, now);

describe('trial reminders', () => {
  it('tells a trial ending within 3 days once, however often the job runs', async () => {
    const user = await buildUser(ctx.app, { userType: 'teacher' });
    await ctx.app.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() + 2 * DAY_MS - 60_000) })
      .where(eq(subscriptions.userId, user.id));
    await runBillingLifecycle(ctx.app);
    await runBillingLifecycle(ctx.app);
    const mail = await mailTo(ctx.app, user.email);
    expect(mail.map((m) => m.subject)).toEqual(['Your free trial ends in 2 days']);
    // The trial plan is called "Free Trial": never "Your free trial of Free Trial".
    expect(mail[0].text).toContain('Your free trial ends in 2 days.');
    expect(mail[0].text).not.toMatch(/trial of free trial/iu);
    const [row] = await subscriptionsOf(ctx.app, user.id);
    expect(row.notices).toEqual(['trial-ending']);
    expect(row.status).toBe('trial');
  });

  it('leaves a trial with more than 3 days alone', async () => {
    const user = await buildUser(ctx.app, { userType: 'teacher' }); // 7 days left
    await runBillingLifecycle(ctx.app);
    expect(await mailTo(ctx.app, user.email)).toHaveLength(0);
  });
});

describe('ending', () => {
  it('ends a lapsed trial once: status ended, still an ended trial for accountState, one e-mail', async () => {
    const user = await buildUser(ctx.app, { userType: 'teacher', plan: 'trial-ended' });
    await runBillingLifecycle(ctx.app);
    await runBillingLifecycle(ctx.app);
    const [row] = await subscriptionsOf(ctx.app, user.id);
    expect(row.status).toBe('ended');
    expect(row.endedAt?.getTime()).toBe(row.trialEndsAt?.getTime());
    expect(row.notices).toContain('ended');
    expect(await stateOf(user)).toMatchObject({
      trialEnded: true,
      subscriptionEnded: false,
      isFreeTrial: false,
    });
    const mail = await mailTo(ctx.app, user.email);
    expect(mail.map((m) => m.subject)).toEqual(['Your free trial has ended']);
    expect(mail[0].text).toContain('Your free trial has ended.');
    expect(mail[0].text).not.toMatch(/trial of free trial/iu);
  });

  it('ends a cancelled paid subscription at its period end, not before, with one e-mail', async () => {
    const plan = await insertPlan(ctx.app, { name: 'Pro cancelled', monthly: 999 });
    const user = await buildUser(ctx.app, { userType: 'teacher' });
    const paid = await insertPaidSubscription(ctx.app, user.id, plan.id, {
      endsInDays: 1,
      cancelAtPeriodEnd: true,
    });

    await runBillingLifecycle(ctx.app);
    expect((await stateOf(user)).subscriptionEnded).toBe(false);
    expect(await mailTo(ctx.app, user.email)).toHaveLength(0);

    const later = new Date(Date.now() + 2 * DAY_MS);
    // Even before the job runs, the account is ended once the period is over.
    expect((await stateOf(user, later)).subscriptionEnded).toBe(true);
    await runBillingLifecycle(ctx.app, later);
    await runBillingLifecycle(ctx.app, later);
    const row = await ctx.app.db.query.subscriptions.findFirst({ where: eq(subscriptions.id, paid.id) });
    expect(row).toMatchObject({ status: 'ended', endedAt: paid.currentPeriodEnd });
    expect((await stateOf(user, later)).subscriptionEnded).toBe(true);
    expect((await mailTo(ctx.app, user.email)).map((m) => m.subject)).toEqual([
      'Your subscription has ended',
    ]);
  });

  it('applies a downgrade to a free plan at the period end as a new active row, with no ended e-mail', async () => {
    const pro = await insertPlan(ctx.app, { name: 'Pro then free', monthly: 999 });
    const free = await insertPlan(ctx.app, { name: 'Free', monthly: 0 });
    const user = await buildUser(ctx.app, { userType: 'teacher' });
    const paid = await insertPaidSubscription(ctx.app, user.id, pro.id, {
      endsInDays: 1,
      nextPlanId: free.id,
    });
    const later = new Date(Date.now() + 2 * DAY_MS);
    await runBillingLifecycle(ctx.app, later);
    await runBillingLifecycle(ctx.app, later);

    const rows = await subscriptionsOf(ctx.app, user.id);
    expect(rows).toHaveLength(3); // the factory's trial, the paid period, the free plan
    expect(rows[1]).toMatchObject({ id: paid.id, status: 'ended' });
    expect(rows[2]).toMatchObject({
      planId: free.id,
      status: 'active',
      amount: 0,
      currentPeriodStart: paid.currentPeriodEnd,
      currentPeriodEnd: null,
    });
    expect(await stateOf(user, later)).toMatchObject({ planId: free.id, subscriptionEnded: false });
    expect(await mailTo(ctx.app, user.email)).toHaveLength(0);
  });

  it('ends a subscription downgraded to a paid plan: the lower plan must be paid for', async () => {
    const pro = await insertPlan(ctx.app, { name: 'Pro then basic', monthly: 999 });
    const basic = await insertPlan(ctx.app, { name: 'Basic paid', monthly: 499 });
    const user = await buildUser(ctx.app, { userType: 'teacher' });
    await insertPaidSubscription(ctx.app, user.id, pro.id, { endsInDays: 1, nextPlanId: basic.id });
    const later = new Date(Date.now() + 2 * DAY_MS);
    await runBillingLifecycle(ctx.app, later);

    const rows = await subscriptionsOf(ctx.app, user.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ status: 'ended', nextPlanId: basic.id });
    const [mail] = await mailTo(ctx.app, user.email);
    expect(mail.subject).toBe('Your subscription has ended');
    expect(mail.text).toContain('Basic paid');
  });

  it('never touches an older row: a trial superseded by a paid period is not ended or mailed', async () => {
    const plan = await insertPlan(ctx.app, { name: 'Pro after trial', monthly: 999 });
    const user = await buildUser(ctx.app, { userType: 'teacher', plan: 'trial-ended' });
    await insertPaidSubscription(ctx.app, user.id, plan.id);
    await runBillingLifecycle(ctx.app);
    const rows = await subscriptionsOf(ctx.app, user.id);
    expect(rows.map((r) => r.status)).toEqual(['trial', 'active']);
    expect(await mailTo(ctx.app, user.email)).toHaveLength(0);
  });
});

describe('sendPaymentReceivedEmail', () => {
  it('sends a receipt with the amount and the invoice number', async () => {
    const user = await buildUser(ctx.app, { userType: 'institute' });
    await sendPaymentReceivedEmail(ctx.app, user.id, {
      line: {
        description: 'Institute Pro (institute) — monthly',
        amount: 4999,
        plan: { name: 'Institute Pro', audience: 'institute', billingPeriod: 'monthly' },
        invoice: { periodStart: null, periodEnd: null },
      },
      amount: 4999,
      currency: 'INR',
      invoiceNumber: 'INV-2026-000042',
    });
    const [mail] = await mailTo(ctx.app, user.email);
    expect(mail.subject).toBe('Payment received');
    expect(mail.text).toContain('Institute Pro (institute) — monthly');
    expect(mail.text).toContain('4,999');
    expect(mail.text).toContain('INV-2026-000042');
  });

  it('writes in the language the recipient chose: Hindi, with lakh grouping', async () => {
    const user = await buildUser(ctx.app, { userType: 'institute' });
    await ctx.app.db.update(users).set({ locale: 'hi' }).where(eq(users.id, user.id));
    await sendPaymentReceivedEmail(ctx.app, user.id, {
      line: {
        description: 'Institute Pro (institute) — yearly, 1 Apr 2026 – 1 Apr 2027',
        amount: 118000,
        plan: { name: 'Institute Pro', audience: 'institute', billingPeriod: 'yearly' },
        invoice: {
          periodStart: new Date('2026-04-01T00:00:00Z'),
          periodEnd: new Date('2027-04-01T00:00:00Z'),
        },
      },
      amount: 118000,
      currency: 'INR',
      invoiceNumber: 'INV-2026-000043',
    });
    const [mail] = await mailTo(ctx.app, user.email);
    expect(mail.subject).toBe('भुगतान प्राप्त हुआ');
    expect(mail.text).toContain('धन्यवाद, हमें आपका भुगतान मिल गया है।');
    expect(mail.text).toContain('राशि: ₹1,18,000.00');
    expect(mail.text).toContain('इनवॉइस: INV-2026-000043');
    // The plan line in Hindi too: its audience, billing period and dates; the plan's own name as the admin wrote it.
    expect(mail.text).toContain('Institute Pro (संस्थान) — वार्षिक, 01 अप्रैल 2026 – 01 अप्रैल 2027');
    expect(mail.text).not.toMatch(/Thank you|Amount|\(institute\)|yearly/u);
  });
});

describe('trial reminders in Hindi', () => {
  it('names the trial and counts the days in Hindi for a Hindi reader', async () => {
    const user = await buildUser(ctx.app, { userType: 'teacher' });
    await ctx.app.db.update(users).set({ locale: 'hi' }).where(eq(users.id, user.id));
    await ctx.app.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() + 2 * DAY_MS - 60_000) })
      .where(eq(subscriptions.userId, user.id));
    await runBillingLifecycle(ctx.app);
    const [mail] = await mailTo(ctx.app, user.email);
    expect(mail.subject).toBe('आपका मुफ़्त ट्रायल 2 दिनों में समाप्त हो जाएगा');
    expect(mail.text.startsWith(`नमस्ते ${user.fullName},`)).toBe(true);
    expect(mail.text).toContain('आपका मुफ़्त ट्रायल 2 दिनों में समाप्त हो जाएगा।');
    expect(mail.text).toContain('/plan');
  });
});
