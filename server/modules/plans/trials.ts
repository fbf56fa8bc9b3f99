import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans, subscriptions } from '../../db/schema/index';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Audience = 'teacher' | 'institute';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every deployment needs a plan to start trials on; created at start when none exists. */
export async function ensureDefaultPlans(db: Db): Promise<void> {
  for (const audience of ['teacher', 'institute'] as const) {
    const existing = await db.query.plans.findFirst({ where: eq(plans.audience, audience) });
    if (!existing) {
      await db.insert(plans).values({
        name: audience === 'teacher' ? 'Teacher Starter' : 'Institute Pro',
        audience,
        trialDays: 14,
      });
    }
  }
}

/** A new teacher or institute starts on the free trial of the first active plan for their kind. */
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
    .orderBy(asc(plans.createdAt))
    .limit(1);
  if (!plan) throw new Error(`No active ${audience} plan to start a trial on`);
  await tx.insert(subscriptions).values({
    userId,
    planId: plan.id,
    status: 'trial',
    trialEndsAt: new Date(now.getTime() + plan.trialDays * DAY_MS),
  });
}
