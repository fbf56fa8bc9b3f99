import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommissionPage, ReferredPage } from '../../common/contracts/partners';
import { payouts, referralClicks, referrals, users } from '../db/schema/index';
import { authHeader, login } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { DEMO_CAMPAIGN_LABEL, DEMO_PAID_COURSE_TITLE, seedDemoPartners } from './demo-partners';
import { seedDemoPeople } from './demo-people';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemo(ctx.app.db);
  await seedDemoPeople(ctx.app);
  await seedDemoPartners(ctx.app);
  await seedDemoPartners(ctx.app);
});
afterAll(async () => ctx.close());

describe('the referral programme demo', () => {
  it('gives partner@ links with clicks, two paying referrals, a paid and a pending commission, once', async () => {
    const partner = await ctx.app.db.query.users.findFirst({
      where: eq(users.email, 'partner@gurukul.test'),
    });
    const partnerId = partner?.id as string;
    expect(await ctx.app.db.$count(referrals, eq(referrals.partnerId, partnerId))).toBe(2);
    expect(await ctx.app.db.$count(payouts, eq(payouts.partnerId, partnerId))).toBe(1);
    expect(await ctx.app.db.$count(referralClicks, eq(referralClicks.partnerId, partnerId))).toBe(66);

    const headers = authHeader(await login(ctx.app, 'partner@gurukul.test', { password: DEMO_PASSWORD }));
    const get = async <T>(url: string) => {
      const response = await ctx.app.inject({ url, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    };
    const { links } = await get<{ links: { label: string | null; clicks: number; signUps: number }[] }>(
      '/api/partner/links',
    );
    expect(links).toMatchObject([
      { label: null, clicks: 46, signUps: 1 },
      { label: DEMO_CAMPAIGN_LABEL, clicks: 20, signUps: 1 },
    ]);
    const people = await get<ReferredPage>('/api/partner/report/referred');
    expect(people.people.map((person) => [person.displayName, person.role, person.status]).sort()).toEqual([
      ['Aarav S.', 'student', 'paying'],
      ['Rohan M.', 'teacher', 'paying'],
    ]);
    const { commissions } = await get<CommissionPage>('/api/partner/report/commissions?pageSize=100');
    const statuses = commissions.map((row) => row.status);
    expect(statuses).toContain('paid');
    expect(statuses).toContain('pending');
    expect(commissions.find((row) => row.description === DEMO_PAID_COURSE_TITLE)).toMatchObject({
      status: 'pending',
      amount: 159.8,
      currency: 'INR',
    });
    const paid = commissions.find((row) => row.status === 'paid');
    expect(paid?.invoiceNumber).toMatch(/^INV-/);
    const { invoices } = await get<{ invoices: { kind: string; number: string; description: string }[] }>(
      '/api/invoices',
    );
    expect(invoices).toMatchObject([{ kind: 'commission', number: paid?.invoiceNumber }]);
    expect(invoices[0].description).toMatch(/^Referral commission, \w+ \d{4} \(\d+ payments?\)$/);
  });

  it('puts a paid, approved course in the catalog', async () => {
    const response = await ctx.app.inject({ url: '/api/catalog/courses?price=paid' });
    expect(response.json().courses).toMatchObject([{ title: DEMO_PAID_COURSE_TITLE }]);
  });
});
