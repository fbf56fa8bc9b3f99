import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, plans, subscriptions, users } from '../../db/schema/index';
import { insertCourse } from '../../test/courses';
import { buildUser } from '../../test/factories';
import { insertOrder } from '../../test/fixtures/invoice-orders';
import { startTestApp, type TestContext } from '../../test/harness';
import { financialYear } from './gst';
import { issueCommissionInvoice, issueInvoiceForOrder } from './issue';
import { splitIncludedTax } from './tax';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const invoiceById = async (id: string) => {
  const row = await ctx.app.db.query.invoices.findFirst({ where: eq(invoices.id, id) });
  if (!row) throw new Error('invoice missing');
  return row;
};

describe('issueInvoiceForOrder', () => {
  it('numbers invoices GK/<financial year>/<6 digits>, consecutive under concurrency, one per order', async () => {
    const institute = await buildUser(ctx.app, { userType: 'institute', plan: 'paid' });
    const orders = await Promise.all([1, 2, 3, 4, 5].map(() => insertOrder(ctx.app, institute.id)));
    const issued = await Promise.all(orders.map((order) => issueInvoiceForOrder(ctx.app, order.id)));
    const numbers = issued.map((invoice) => invoice.number);
    expect(new Set(numbers).size).toBe(5);
    const fy = financialYear(new Date());
    for (const number of numbers) expect(number).toMatch(new RegExp(`^GK/${fy}/\\d{6}$`));
    const sequence = numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
    expect(sequence[4] - sequence[0]).toBe(4);

    const twice = await Promise.all([
      issueInvoiceForOrder(ctx.app, orders[0].id),
      issueInvoiceForOrder(ctx.app, orders[0].id),
    ]);
    expect(twice[0]).toEqual(issued[0]);
    expect(twice[1]).toEqual(issued[0]);
    const fresh = await insertOrder(ctx.app, institute.id);
    const racing = await Promise.all([
      issueInvoiceForOrder(ctx.app, fresh.id),
      issueInvoiceForOrder(ctx.app, fresh.id),
    ]);
    expect(racing[0]).toEqual(racing[1]);
    const rows = await ctx.app.db.select().from(invoices).where(eq(invoices.orderId, fresh.id));
    expect(rows).toHaveLength(1);
    const next = await issueInvoiceForOrder(ctx.app, (await insertOrder(ctx.app, institute.id)).id);
    // The issue that found the racing one's invoice took no number: the series has no gap.
    expect(Number(next.number.slice(-6))).toBe(Number(racing[0].number.slice(-6)) + 1);
  });

  it('refuses an order that is not paid, and an unknown one', async () => {
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    const created = await insertOrder(ctx.app, teacher.id, { status: 'created' });
    await expect(issueInvoiceForOrder(ctx.app, created.id)).rejects.toThrow(/paid order/);
    const failed = await insertOrder(ctx.app, teacher.id, { status: 'failed' });
    await expect(issueInvoiceForOrder(ctx.app, failed.id)).rejects.toThrow(/paid order/);
    await expect(issueInvoiceForOrder(ctx.app, '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f')).rejects.toThrow(
      /not found/,
    );
    expect(await ctx.app.db.select().from(invoices).where(eq(invoices.userId, teacher.id))).toEqual([]);
  });

  it('splits the included tax: 1180 INR at 18% is 1000 + 180', async () => {
    const institute = await buildUser(ctx.app, { userType: 'institute', plan: 'paid' });
    const order = await insertOrder(ctx.app, institute.id, { amount: 1180, currency: 'INR' });
    const row = await invoiceById((await issueInvoiceForOrder(ctx.app, order.id)).id);
    expect(row).toMatchObject({
      total: 1180,
      subtotal: 1000,
      taxAmount: 180,
      taxRate: 18,
      taxLabel: 'GST',
      currency: 'INR',
      status: 'paid',
      kind: 'subscription',
    });
    expect(splitIncludedTax(4999, 18)).toEqual({ subtotal: 4236.44, taxAmount: 762.56 });
    expect(splitIncludedTax(10, 0)).toEqual({ subtotal: 10, taxAmount: 0 });
  });

  it('copies seller and buyer at issue time: later profile edits do not change the invoice', async () => {
    const institute = await buildUser(ctx.app, { userType: 'institute', fullName: 'Vidya Institute' });
    const order = await insertOrder(ctx.app, institute.id);
    const { id } = await issueInvoiceForOrder(ctx.app, order.id);
    await ctx.app.db.update(users).set({ fullName: 'Renamed Institute' }).where(eq(users.id, institute.id));
    const row = await invoiceById(id);
    expect(row.buyer).toEqual({
      name: 'Vidya Institute',
      email: institute.email,
      institute: 'Vidya Institute',
    });
    expect(row.seller).toEqual({
      name: 'Gurukul Learning',
      address: 'Bengaluru, India',
      taxId: 'TEST-TAX-ID',
      email: 'billing@gurukul.test',
    });
  });

  it('describes a plan with its period from the subscription the order granted', async () => {
    const institute = await buildUser(ctx.app, { userType: 'institute', plan: 'paid' });
    const paidAt = new Date('2026-11-22T10:00:00Z');
    const order = await insertOrder(ctx.app, institute.id, { paidAt });
    const plan = await ctx.app.db.query.plans.findFirst({ where: eq(plans.id, order.planId as string) });
    const start = new Date('2026-11-22T10:00:01Z');
    const end = new Date('2026-12-22T10:00:01Z');
    await ctx.app.db.insert(subscriptions).values({
      userId: institute.id,
      planId: order.planId as string,
      status: 'active',
      billingPeriod: 'monthly',
      currentPeriodStart: start,
      currentPeriodEnd: end,
    });
    const row = await invoiceById((await issueInvoiceForOrder(ctx.app, order.id)).id);
    expect(row.lines).toEqual([
      {
        description: `${plan?.name} (institute) — monthly, 22 Nov, 2026 – 22 Dec, 2026`,
        amount: 1180,
        // Its parts too, so the line prints in the reader's language (line-description.ts).
        plan: { name: plan?.name, audience: 'institute', billingPeriod: 'monthly' },
      },
    ]);
    expect(row.periodStart).toEqual(start);
    expect(row.periodEnd).toEqual(end);

    const passed = await insertOrder(ctx.app, institute.id);
    const given = { start: new Date('2027-01-05T00:00:00Z'), end: new Date('2027-02-05T00:00:00Z') };
    const second = await invoiceById((await issueInvoiceForOrder(ctx.app, passed.id, given)).id);
    expect(second.periodStart).toEqual(given.start);
    expect(second.lines[0].description).toContain('05 Jan, 2027 – 05 Feb, 2027');
  });

  it("names a course order after the course and records the buyer's institute", async () => {
    const institute = await buildUser(ctx.app, { userType: 'institute', fullName: 'Nalanda Academy' });
    const teacher = await buildUser(ctx.app, {
      userType: 'teacher',
      instituteId: institute.id,
      fullName: 'Meera',
    });
    const course = await insertCourse(ctx.app, institute.id, { title: 'Vedic Maths' });
    const order = await insertOrder(ctx.app, teacher.id, {
      purpose: 'course',
      courseId: course.id,
      amount: 499,
    });
    const row = await invoiceById((await issueInvoiceForOrder(ctx.app, order.id)).id);
    expect(row.kind).toBe('course');
    expect(row.lines).toEqual([{ description: 'Vedic Maths', amount: 499 }]);
    expect(row.buyer).toMatchObject({ name: 'Meera', institute: 'Nalanda Academy' });
    expect(row.periodStart).toBeNull();
  });
});

describe('issueCommissionInvoice', () => {
  it("issues a partner's commission invoice without an order, status issued", async () => {
    const partner = await buildUser(ctx.app, { userType: 'partner', fullName: 'Ravi Partner' });
    const periodStart = new Date('2026-10-01T00:00:00Z');
    const periodEnd = new Date('2026-10-31T23:59:59Z');
    const { id, number } = await issueCommissionInvoice(ctx.app, partner.id, {
      description: 'Referral commission, October 2026',
      amount: 590,
      currency: 'INR',
      periodStart,
      periodEnd,
    });
    expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
    const row = await invoiceById(id);
    expect(row).toMatchObject({
      kind: 'commission',
      status: 'issued',
      orderId: null,
      userId: partner.id,
      total: 590,
      subtotal: 500,
      taxAmount: 90,
      periodStart,
      periodEnd,
    });
    expect(row.buyer.name).toBe('Ravi Partner');
    await expect(
      issueCommissionInvoice(ctx.app, partner.id, {
        description: 'Nothing',
        amount: 0,
        currency: 'INR',
        periodStart,
        periodEnd,
      }),
    ).rejects.toThrow(/above zero/);
  });
});
