import { desc, eq } from 'drizzle-orm';
import type { UserType } from '../../common/roles';
import type { Db } from '../db/client';
import { plans, subscriptions } from '../db/schema/index';

export interface AccountState {
  planId: string | null;
  planName: string | null;
  isFreeTrial: boolean;
  remainingTrialDays: number | null;
  trialEnded: boolean;
  subscriptionEnded: boolean;
}

export const NO_PLAN: AccountState = {
  planId: null,
  planName: null,
  isFreeTrial: false,
  remainingTrialDays: null,
  trialEnded: false,
  subscriptionEnded: false,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whose subscription covers a user: an institute's own, a teacher's institute's (or their own); else none. */
export function payerIdOf(user: {
  id: string;
  userType: UserType;
  instituteId: string | null;
}): string | null {
  if (user.userType === 'institute') return user.id;
  if (user.userType === 'teacher') return user.instituteId ?? user.id;
  return null;
}

/**
 * Plan and trial state, always from the database. A teacher inside an institute shares the
 * institute's subscription; students, partners, developers and admins have no plan.
 */
export async function accountState(
  db: Db,
  user: { id: string; userType: UserType; instituteId: string | null },
  now = new Date(),
): Promise<AccountState> {
  const payerId = payerIdOf(user);
  if (!payerId) return NO_PLAN;

  const [row] = await db
    .select({ sub: subscriptions, planName: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, payerId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return planStateOf(row ? { ...row.sub, planName: row.planName } : null, now);
}

/** The fields of a payer's newest subscription (and its plan's name) the plan state is read from. */
export interface PayerSubscription {
  planId: string;
  planName: string;
  status: string;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
}

/**
 * A payer's plan and trial state from their newest subscription (null: they never had one, an ended trial).
 * Shared by accountState and the request's one actor query (server/http/actor.ts), which reads the same row.
 */
export function planStateOf(sub: PayerSubscription | null, now = new Date()): AccountState {
  if (!sub) return { ...NO_PLAN, trialEnded: true };
  const base = { planId: sub.planId, planName: sub.planName };
  // A trial the lifecycle job has ended (status 'ended', never paid) is still an ended trial, not a lapsed subscription.
  const endedTrial = sub.status === 'ended' && sub.currentPeriodEnd === null && sub.trialEndsAt !== null;
  if (sub.status === 'trial' || endedTrial) {
    const endsAt = sub.trialEndsAt?.getTime() ?? 0;
    const remaining = Math.max(0, Math.ceil((endsAt - now.getTime()) / DAY_MS));
    const ended = endsAt <= now.getTime();
    return {
      ...base,
      isFreeTrial: !ended,
      remainingTrialDays: ended ? 0 : remaining,
      trialEnded: ended,
      subscriptionEnded: false,
    };
  }
  const lapsed =
    sub.status === 'ended' ||
    (sub.currentPeriodEnd !== null && sub.currentPeriodEnd.getTime() <= now.getTime());
  return {
    ...base,
    isFreeTrial: false,
    remainingTrialDays: null,
    trialEnded: false,
    subscriptionEnded: lapsed,
  };
}
