import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { paymentOrders, plans } from '../../../db/schema/index';
import type { App } from '../../../http/app-type';

export interface PaidOrderOptions {
  amount?: number;
  currency?: string;
  purpose?: 'plan' | 'course';
  courseId?: string;
  status?: 'created' | 'paid' | 'failed';
  paidAt?: Date;
}

/** A test-provider order straight in the database, paid unless told otherwise (for the institute plan). */
export async function insertOrder(app: App, userId: string, options: PaidOrderOptions = {}) {
  const purpose = options.purpose ?? 'plan';
  const plan = await app.db.query.plans.findFirst({ where: eq(plans.audience, 'institute') });
  const status = options.status ?? 'paid';
  const [order] = await app.db
    .insert(paymentOrders)
    .values({
      userId,
      purpose,
      planId: purpose === 'plan' ? plan?.id : null,
      billingPeriod: purpose === 'plan' ? 'monthly' : null,
      courseId: options.courseId ?? null,
      amount: options.amount ?? 1180,
      currency: options.currency ?? 'INR',
      provider: 'test',
      receipt: `test-${randomBytes(6).toString('hex')}`,
      status,
      paidAt: status === 'paid' ? (options.paidAt ?? new Date()) : null,
    })
    .returning();
  return order;
}
