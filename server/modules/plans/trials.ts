import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans, subscriptions } from '../../db/schema/index';
import { DEFAULT_PLANS } from './default-plans';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Audience = 'teacher' | 'institute';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every deployment needs plans to start trials on: the default Free Trial, Starter and Pro of each
 * audience are created when the audience has no priced plan yet. Placeholder plans of older deployments
 * (no prices) are retired, so new accounts start on "Free Trial"; their subscribers keep them.
 */
export async function ensureDefaultPlans(db: Db): Promise<void> {
  for (const audience of ['teacher', 'institute'] as const) {
    const existing = await db.select().from(plans).where(eq(plans.audience, audience));
    if (existing.some((plan) => plan.prices.length > 0)) continue;
    await db.transaction(async (tx) => {
      if (existing.length > 0) {
        await tx.update(plans).set({ status: 'retired' }).where(eq(plans.audience, audience));
      }
      await tx.insert(plans).values(DEFAULT_PLANS.filter((plan) => plan.audience === audience));
    });
  }
}

/** A new teacher or institute starts on the free trial of the first active plan for their kind (by position). */
export async function startTrial(
  tx: Tx | Db,
  userId: string,
  audience: Audience,
  now = new Date(),
): Promise<void> {
  const [plan] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.audience, audience), eq(plans.status, 'active')))
    .orderBy(asc(plans.position), asc(plans.createdAt))
    .limit(1);
  if (!plan) throw new Error(`No active ${audience} plan to start a trial on`);
  await tx.insert(subscriptions).values({
    userId,
    planId: plan.id,
    status: 'trial',
    trialEndsAt: new Date(now.getTime() + plan.trialDays * DAY_MS),
  });
}
