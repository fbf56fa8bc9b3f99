import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CommissionPage,
  type PartnerProgramme,
  type PartnerSummary,
  REFERRAL_MSG,
  type ReferredPage,
} from '../../../common/contracts/partners';
import { formatMonth } from '../../../common/time';
import {
  auditLog,
  commissions,
  outbox,
  paymentOrders,
  referralClicks,
  referralLinks,
  referrals,
} from '../../db/schema/index';
import { buildAndLogin, buildUser } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { buildReferred, followLink } from '../../test/partners';
import { insertPricedPlan } from '../../test/payments';
import { grantOrder } from '../payments/grant';
import { recordCommission, reverseOrderCommission } from './commissions';
import { monthOf } from './partners';

let ctx: TestContext;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let admin: Session;
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await buildAndLogin(ctx.app, { userType: 'admin' });
});
afterAll(async () => ctx.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const call = (session: Session, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: session.headers, payload: payload as object });
const get = async <T>(session: Session, url: string) => {
  const response = await call(session, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

/** A paid, granted order of `userId` at `paidAt` (plan or course). */
async function paid(
  userId: string,
  options: { planId?: string; amount?: number; paidAt?: Date; currency?: string; grant?: boolean },
) {
  const [order] = await ctx.app.db
    .insert(paymentOrders)
    .values({
      userId,
      purpose: options.planId ? 'plan' : 'course',
      planId: options.planId ?? null,
      billingPeriod: options.planId ? 'monthly' : null,
      amount: options.amount ?? 1000,
      currency: options.currency ?? 'INR',
      provider: 'test',
      receipt: `r-${randomBytes(6).toString('hex')}`,
      status: 'paid',
      paidAt: options.paidAt ?? new Date(),
    })
    .returning();
  // Without the grant (a payer whose plan has since ended): the commission as the grant would record it.
  if (options.grant === false) await recordCommission(ctx.app, order.id);
  else await grantOrder(ctx.app, order.id);
  return order;
}

const setPayableAt = (orderId: string, at: Date) =>
  ctx.app.db.update(commissions).set({ payableAt: at }).where(eq(commissions.orderId, orderId));

/** The month before this one, "YYYY-MM", and a day in the middle of it. */
function lastMonth() {
  const now = new Date();
  const mid = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
  return { month: monthOf(mid), mid };
}

describe("a partner's own pages", () => {
  it('manage campaign links: create, refuse duplicates and blanks, archive, never the main link', async () => {
    const partner = await buildAndLogin(ctx.app, { userType: 'partner' });
    const created = await call(partner, 'POST', '/api/partner/links', { label: 'Instagram bio' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ label: 'Instagram bio', archived: false, clicks: 0 });
    expect(created.json().url).toBe(`http://gurukul.test/r/${created.json().code}`);
    const again = await call(partner, 'POST', '/api/partner/links', { label: 'instagram BIO' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFERRAL_MSG.labelTaken);
    expect((await call(partner, 'POST', '/api/partner/links', { label: '  ' })).statusCode).toBe(400);

    const { links } = await get<{ links: { id: string; label: string | null }[] }>(
      partner,
      '/api/partner/links',
    );
    expect(links.map((link) => link.label)).toEqual([null, 'Instagram bio']);
    const main = await call(partner, 'PATCH', `/api/partner/links/${links[0].id}`, { archived: true });
    expect(main.statusCode).toBe(400);
    expect(main.json().message).toBe(REFERRAL_MSG.mainLinkFixed);
    const archived = await call(partner, 'PATCH', `/api/partner/links/${links[1].id}`, { archived: true });
    expect(archived.json()).toMatchObject({ archived: true });
    expect((await followLink(ctx.app, created.json().code)).headers.location).toBe('/?referral=invalid');
    const bad = await call(partner, 'PATCH', '/api/partner/links/not-a-uuid', { archived: true });
    expect(bad.statusCode).toBe(400);
  });

  it('show each partner only their own links, people, commissions and figures', async () => {
    const plan = await insertPricedPlan(ctx.app, 'teacher');
    const [one, two] = [
      await buildAndLogin(ctx.app, { userType: 'partner' }),
      await buildAndLogin(ctx.app, { userType: 'partner' }),
    ];
    const codes: string[] = [];
    for (const partner of [one, two]) {
      const { links } = await get<{ links: { id: string; code: string }[] }>(partner, '/api/partner/links');
      codes.push(links[0].code);
    }
    await followLink(ctx.app, codes[0]);
    await followLink(ctx.app, codes[0]);
    await followLink(ctx.app, codes[1]);

    const old = new Date(Date.now() - 90 * DAY_MS);
    const paying = await buildReferred(ctx.app, one.user.id, {
      userType: 'teacher',
      plan: 'paid',
      fullName: 'Rohan Kumar Mehta',
      referredAt: old,
    });
    await paid(paying.id, { planId: plan.id, paidAt: new Date(old.getTime() + DAY_MS) });
    const churned = await buildReferred(ctx.app, one.user.id, { userType: 'teacher', plan: 'paid-ended' });
    await paid(churned.id, { planId: plan.id, amount: 500, grant: false });
    const trial = await buildReferred(ctx.app, one.user.id, { userType: 'teacher' });
    const learner = await buildReferred(ctx.app, one.user.id, { userType: 'student', fullName: 'Asha' });
    await paid(learner.id, { amount: 200, currency: 'USD' });
    const signedUp = await buildReferred(ctx.app, one.user.id, { userType: 'student' });
    const theirs = await buildReferred(ctx.app, two.user.id, {
      userType: 'student',
      fullName: 'Other Person',
    });
    await paid(theirs.id, { amount: 300 });

    const people = await get<ReferredPage>(one, '/api/partner/report/referred?pageSize=100');
    expect(people.total).toBe(5);
    const status = Object.fromEntries(people.people.map((person) => [person.id, person.status]));
    expect(status).toEqual({
      [paying.id]: 'paying',
      [churned.id]: 'churned',
      [trial.id]: 'trial',
      [learner.id]: 'paying',
      [signedUp.id]: 'signedUp',
    });
    const rohan = people.people.find((person) => person.id === paying.id);
    expect(rohan).toMatchObject({
      displayName: 'Rohan M.',
      role: 'teacher',
      earned: [{ currency: 'INR', amount: 200 }],
    });
    expect(people.people.find((person) => person.id === learner.id)?.displayName).toBe('Asha');
    expect(people.people.find((person) => person.id === churned.id)?.churnedAt).not.toBeNull();
    const payingOnly = await get<ReferredPage>(one, '/api/partner/report/referred?status=paying&pageSize=1');
    expect(payingOnly.total).toBe(2);
    expect(payingOnly.people).toHaveLength(1);

    const mine = await get<CommissionPage>(one, '/api/partner/report/commissions');
    expect(mine.total).toBe(3);
    expect(mine.commissions.map((row) => row.referredName)).not.toContain('Other P.');
    const others = await get<CommissionPage>(two, '/api/partner/report/commissions');
    expect(others.commissions).toMatchObject([{ referredName: 'Other P.', amount: 60 }]);
    expect((await get<ReferredPage>(two, '/api/partner/report/referred')).total).toBe(1);

    const summary = await get<PartnerSummary>(one, '/api/partner/report/summary');
    expect(summary).toMatchObject({
      clicks: 2,
      signUps: 5,
      paying: 3,
      clickToSignUp: 2.5,
      signUpToPaying: 0.6,
    });
    expect(summary.series).toHaveLength(12);
    expect(summary.series.at(-1)).toMatchObject({ month: monthOf(new Date()), clicks: 2 });
    expect(summary.balances.pending).toEqual([
      { currency: 'INR', amount: 100 },
      { currency: 'USD', amount: 40 },
    ]);
    expect(summary.balances.payable).toEqual([{ currency: 'INR', amount: 200 }]);
    expect(summary.rule).toMatchObject({ percent: 20, isDefault: true });
    const ranged = await get<PartnerSummary>(
      one,
      '/api/partner/report/summary?from=2000-01-01&to=2000-01-31',
    );
    expect(ranged).toMatchObject({ clicks: 0, signUps: 0, clickToSignUp: null });
    expect((await call(one, 'GET', '/api/partner/report/summary?from=yesterday')).statusCode).toBe(400);
    expect((await get<PartnerSummary>(two, '/api/partner/report/summary')).clicks).toBe(1);

    // Partner two cannot touch partner one's links.
    const [link] = await ctx.app.db
      .select()
      .from(referralLinks)
      .where(eq(referralLinks.partnerId, one.user.id));
    expect((await call(two, 'PATCH', `/api/partner/links/${link.id}`, { archived: true })).statusCode).toBe(
      404,
    );

    // The admin sees full names and the whole programme.
    const adminView = await get<ReferredPage>(
      admin,
      `/api/admin/partners/${one.user.id}/referred?status=paying`,
    );
    expect(adminView.people.map((person) => person.displayName)).toContain('Rohan Kumar Mehta');
    const programme = await get<PartnerProgramme>(admin, `/api/admin/partners/${one.user.id}/programme`);
    expect(programme).toMatchObject({ partnerId: one.user.id, summary: { signUps: 5 }, payouts: [] });
    expect(programme.links[0]).toMatchObject({ clicks: 2, label: null });
    const balances = await get<{ partners: { partnerId: string; signUps: number; paying: number }[] }>(
      admin,
      '/api/admin/partners/balances',
    );
    expect(balances.partners.find((row) => row.partnerId === one.user.id)).toMatchObject({
      signUps: 5,
      paying: 3,
    });
    const detail = await get<{ referrals: { signedUp: number } }>(admin, `/api/admin/people/${one.user.id}`);
    expect(detail.referrals).toEqual({ signedUp: 5 });
    const student = await buildUser(ctx.app, { userType: 'student' });
    const notPartner = await call(admin, 'GET', `/api/admin/partners/${student.id}/commissions`);
    expect(notPartner.statusCode).toBe(404);
    expect(notPartner.json().message).toBe(REFERRAL_MSG.partnerNotFound);
  });
});

describe('payouts', () => {
  it('pay an ended month: commissions paid, invoice issued and visible to the partner, then 409', async () => {
    const partner = await buildAndLogin(ctx.app, { userType: 'partner', fullName: 'Pia Partner' });
    const { month, mid } = lastMonth();
    const current = monthOf(new Date());
    const future = await call(admin, 'POST', `/api/admin/partners/${partner.user.id}/payouts`, {
      month: current,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(REFERRAL_MSG.futureMonth);
    const badMonth = await call(admin, 'POST', `/api/admin/partners/${partner.user.id}/payouts`, {
      month: '2026-13',
    });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.body).toContain(REFERRAL_MSG.badMonth);
    const nothing = await call(admin, 'POST', `/api/admin/partners/${partner.user.id}/payouts`, { month });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(REFERRAL_MSG.nothingPayable);

    const a = await buildReferred(ctx.app, partner.user.id, { userType: 'student', referredAt: mid });
    const b = await buildReferred(ctx.app, partner.user.id, { userType: 'student', referredAt: mid });
    const first = await paid(a.id, { amount: 1000, paidAt: mid });
    const second = await paid(b.id, { amount: 500, paidAt: mid });
    // Earned last month but still in its hold: it waits for a later payout.
    const held = await paid(a.id, { amount: 250, paidAt: mid });
    const [past, later] = [new Date(Date.now() - DAY_MS), new Date(Date.now() + DAY_MS)];
    await setPayableAt(first.id, past);
    await setPayableAt(second.id, later);
    await setPayableAt(held.id, later);
    const payable = await get<CommissionPage>(
      partner,
      `/api/partner/report/commissions?status=payable&month=${month}`,
    );
    expect(payable.total).toBe(1);
    await setPayableAt(second.id, past);
    // Payable, but earned the month before: that month is paid on its own, not carried into this one.
    const older = await paid(b.id, { amount: 4000, paidAt: new Date(mid.getTime() - 35 * DAY_MS) });
    await setPayableAt(older.id, past);

    const response = await call(admin, 'POST', `/api/admin/partners/${partner.user.id}/payouts`, { month });
    expect(response.statusCode, response.body).toBe(201);
    const payout = response.json();
    expect(payout).toMatchObject({
      month,
      currency: 'INR',
      amount: 300,
      commissionCount: 2,
      paidBy: admin.user.fullName,
    });
    expect(payout.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);

    const invoices = await get<{
      invoices: { id: string; kind: string; description: string; total: number; status: string }[];
    }>(partner, '/api/invoices');
    const monthLabel = formatMonth(mid, { timeZone: 'UTC' });
    expect(invoices.invoices).toMatchObject([
      {
        kind: 'commission',
        description: `Referral commission, ${monthLabel} (2 payments)`,
        total: 300,
        status: 'paid',
      },
    ]);
    const pdf = await call(partner, 'GET', `/api/invoices/${payout.invoiceId}/pdf`);
    expect(pdf.statusCode).toBe(200);

    const paidRows = await get<CommissionPage>(partner, '/api/partner/report/commissions?status=paid');
    expect(
      paidRows.commissions.every((row) => row.invoiceNumber === payout.invoiceNumber && row.paidAt),
    ).toBe(true);
    expect((await get<CommissionPage>(partner, '/api/partner/report/commissions?status=pending')).total).toBe(
      1,
    );
    expect((await get<CommissionPage>(partner, '/api/partner/report/commissions?status=payable')).total).toBe(
      1,
    );

    const again = await call(admin, 'POST', `/api/admin/partners/${partner.user.id}/payouts`, { month });
    expect(again.statusCode).toBe(409);
    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, partner.user.id), eq(auditLog.action, 'pay-out-commissions')));
    expect(audit).toHaveLength(1);
    const mail = await ctx.app.db.select().from(outbox).where(eq(outbox.to, partner.user.email));
    expect(mail.some((row) => row.subject.includes(monthLabel))).toBe(true);
    const programme = await get<PartnerProgramme>(admin, `/api/admin/partners/${partner.user.id}/programme`);
    expect(programme.payouts).toMatchObject([{ month, amount: 300, invoiceNumber: payout.invoiceNumber }]);
  });

  it('carry a reversal of a paid commission into the next payout', async () => {
    const partner = await buildAndLogin(ctx.app, { userType: 'partner' });
    const { month, mid } = lastMonth();
    const student = await buildReferred(ctx.app, partner.user.id, { userType: 'student', referredAt: mid });
    const earlier = new Date(mid.getTime() - 40 * DAY_MS);
    const refunded = await paid(student.id, { amount: 1000, paidAt: earlier });
    await ctx.app.db.update(commissions).set({ status: 'paid' }).where(eq(commissions.orderId, refunded.id));
    await reverseOrderCommission(ctx.app.db, refunded.id, 'The payment was refunded.', mid);
    await paid(student.id, { amount: 2000, paidAt: mid });
    await ctx.app.db
      .update(commissions)
      .set({ payableAt: new Date(Date.now() - DAY_MS) })
      .where(eq(commissions.partnerId, partner.user.id));
    const response = await call(admin, 'POST', `/api/admin/partners/${partner.user.id}/payouts`, { month });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ amount: 200, commissionCount: 2 });
    const invoices = await get<{ invoices: { description: string }[] }>(partner, '/api/invoices');
    expect(invoices.invoices[0].description).toMatch(/\(1 payment, 1 reversal\)$/);
  });
});

describe('rules and erasure', () => {
  it('lets the admin read and set the default rule, refusing bad input with 400, and audits it', async () => {
    const before = await get<{ isDefault: boolean }>(admin, '/api/admin/partners/commission-rule');
    expect(before.isDefault).toBe(true);
    const bad = await call(admin, 'PUT', '/api/admin/partners/commission-rule', {
      percent: 95,
      months: 0,
      scope: 'everything',
      planIds: ['x'],
      holdDays: -1,
      windowDays: 0,
    });
    expect(bad.statusCode).toBe(400);
    const rule = { percent: 15, months: null, scope: 'both', planIds: [], holdDays: 7, windowDays: 30 };
    const saved = await call(admin, 'PUT', '/api/admin/partners/commission-rule', rule);
    expect(saved.json()).toMatchObject({ ...rule, isDefault: true });
    expect(saved.json().updatedAt).not.toBeNull();
    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'set-default-commission-rule'));
    expect(rows.length).toBeGreaterThan(0);
    const partner = await buildAndLogin(ctx.app, { userType: 'partner' });
    const [link] = (await get<{ links: { code: string }[] }>(partner, '/api/partner/links')).links;
    const visit = await followLink(ctx.app, link.code);
    expect(String(visit.headers['set-cookie'])).toContain(`Max-Age=${30 * 86400}`);
  });

  it("erases a partner's links and clicks, and a referred person's referral, keeping the commission amounts", async () => {
    const partner = await buildAndLogin(ctx.app, { userType: 'partner' });
    const { links } = await get<{ links: { code: string }[] }>(partner, '/api/partner/links');
    await followLink(ctx.app, links[0].code);
    const student = await buildReferred(ctx.app, partner.user.id, {
      userType: 'student',
      fullName: 'Zara Quinn',
    });
    await paid(student.id, { amount: 100 });

    const erase = (userId: string, email: string) =>
      call(admin, 'POST', `/api/admin/people/${userId}/erase`, { confirmEmail: email });
    expect((await erase(student.id, student.email)).statusCode).toBe(200);
    expect(await ctx.app.db.$count(referrals, eq(referrals.referredUserId, student.id))).toBe(0);
    const page = await get<CommissionPage>(partner, '/api/partner/report/commissions');
    expect(page.commissions).toMatchObject([{ referredName: 'Deleted user', amount: 15 }]);

    expect((await erase(partner.user.id, partner.user.email)).statusCode).toBe(200);
    expect(await ctx.app.db.$count(referralLinks, eq(referralLinks.partnerId, partner.user.id))).toBe(0);
    expect(await ctx.app.db.$count(referralClicks, eq(referralClicks.partnerId, partner.user.id))).toBe(0);
    expect(await ctx.app.db.$count(commissions, eq(commissions.partnerId, partner.user.id))).toBe(1);
  });
});
