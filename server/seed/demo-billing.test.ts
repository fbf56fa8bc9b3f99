import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentOrders } from '../db/schema/index';
import { buildUser } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { seedDemoBilling } from './demo-billing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

describe('seedDemoBilling', () => {
  it('gives the demo institute two paid test orders with invoices for consecutive months, once', async () => {
    const institute = await buildUser(ctx.app, {
      userType: 'institute',
      email: 'institute@gurukul.test',
      plan: 'paid',
    });
    await seedDemoBilling(ctx.app);
    await seedDemoBilling(ctx.app);
    const orders = await ctx.app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, institute.id));
    expect(orders).toHaveLength(2);
    expect(orders.every((order) => order.status === 'paid' && order.provider === 'test')).toBe(true);
    const rows = await ctx.app.db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, institute.id))
      .orderBy(invoices.issuedAt);
    expect(rows).toHaveLength(2);
    const [previous, current] = rows;
    expect(previous.kind).toBe('subscription');
    expect(previous.periodEnd).toEqual(current.periodStart);
    expect(current.periodEnd?.getTime()).toBeGreaterThan(Date.now());
    expect(current.issuedAt).toEqual(current.periodStart);
    expect(current.total).toBe(orders[0].amount);
    expect(current.subtotal + current.taxAmount).toBeCloseTo(current.total, 2);
  });
});
