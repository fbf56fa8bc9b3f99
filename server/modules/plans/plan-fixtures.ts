import { eq } from 'drizzle-orm';
import {
  type AccessLevel,
  moduleLevels,
  type PlanLimits,
  type PlanModule,
  UNLIMITED,
} from '../../../common/plans';
import { plans, subscriptions } from '../../db/schema/index';
import type { App } from '../../http/app-type';

export const ALL_FULL: Record<PlanModule, AccessLevel> = moduleLevels();

/** A valid admin plan payload; `patch` overrides any field. */
export function planPayload(patch: Record<string, unknown> = {}) {
  return {
    name: 'Gold',
    description: 'For busy teachers',
    audience: 'teacher',
    trialDays: 14,
    baseCurrency: 'INR',
    prices: [
      { currency: 'INR', period: 'monthly', amount: 1499 },
      { currency: 'USD', period: 'monthly', amount: 19 },
    ],
    limits: UNLIMITED,
    modules: ALL_FULL,
    ...patch,
  };
}

/** Inserts a plan straight into the database (for limit tests). */
export async function insertPlan(
  app: App,
  options: {
    audience?: 'teacher' | 'institute';
    limits?: Partial<PlanLimits>;
    modules?: Partial<Record<PlanModule, AccessLevel>>;
  },
) {
  const [plan] = await app.db
    .insert(plans)
    .values({
      name: 'Test plan',
      audience: options.audience ?? 'teacher',
      prices: [{ currency: 'INR', period: 'monthly', amount: 100 }],
      limits: { ...UNLIMITED, ...options.limits },
      modules: { ...ALL_FULL, ...options.modules },
      position: 99,
    })
    .returning();
  return plan;
}

/** Moves a payer's current subscription onto `planId`. */
export async function putOnPlan(app: App, userId: string, planId: string) {
  await app.db.update(subscriptions).set({ planId }).where(eq(subscriptions.userId, userId));
}
