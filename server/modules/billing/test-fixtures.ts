import { eq } from 'drizzle-orm';
import type { PlanAudience, PlanLimits, PlanPrice } from '../../../common/plans';
import { outbox, plans, subscriptions } from '../../db/schema/index';
import type { App } from '../../http/app-type';

/** Test helpers for billing: plans with prices, paid subscriptions and the mail that was sent. */

export const DAY_MS = 24 * 60 * 60 * 1000;

export async function insertPlan(
  app: App,
  options: { name: string; audience?: PlanAudience; monthly: number; status?: 'active' | 'retired' },
) {
  const prices: PlanPrice[] = [{ currency: 'INR', period: 'monthly', amount: options.monthly }];
  const [plan] = await app.db
    .insert(plans)
    .values({
      name: options.name,
      audience: options.audience ?? 'teacher',
      status: options.status ?? 'active',
      baseCurrency: 'INR',
      prices,
      // An older row's shape: missing limits mean unlimited, missing modules FULL.
      limits: { courses: 5 } as PlanLimits,
      modules: { reports: 'NONE' },
    })
    .returning();
  return plan;
}

/** A newer row than the factory's trial: the user is now on a paid monthly period ending `endsInDays` from now. */
export async function insertPaidSubscription(
  app: App,
  userId: string,
  planId: string,
  options: { endsInDays?: number; cancelAtPeriodEnd?: boolean; nextPlanId?: string; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  const end = new Date(now.getTime() + (options.endsInDays ?? 20) * DAY_MS);
  const [row] = await app.db
    .insert(subscriptions)
    .values({
      userId,
      planId,
      status: 'active',
      billingPeriod: 'monthly',
      currency: 'INR',
      amount: 999,
      currentPeriodStart: new Date(end.getTime() - 30 * DAY_MS),
      currentPeriodEnd: end,
      cancelAtPeriodEnd: options.cancelAtPeriodEnd ?? false,
      nextPlanId: options.nextPlanId ?? null,
    })
    .returning();
  return row;
}

export async function subscriptionsOf(app: App, userId: string) {
  return app.db.query.subscriptions.findMany({
    where: eq(subscriptions.userId, userId),
    orderBy: (s, { asc }) => [asc(s.createdAt)],
  });
}

export async function mailTo(app: App, email: string) {
  return app.db.select().from(outbox).where(eq(outbox.to, email));
}
