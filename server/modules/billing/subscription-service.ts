import { desc, eq } from 'drizzle-orm';
import type { MySubscription } from '../../../common/contracts/billing';
import { type BillingPeriod, chargePrice } from '../../../common/plans';
import { plans, subscriptions } from '../../db/schema/index';
import type { PlanRow, SubscriptionRow } from '../../db/schema/plans';
import { accountState } from '../../http/account-state';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { type Said, said } from '../../i18n/said';
import { gurusCoveredBy } from '../gurus/access';
import { coursesCoveredBy, storageCoveredBy } from '../plans/limits';
import { presentPublicPlan } from '../plans/presenters';

export const COVERED_BY_INSTITUTE = said('server.billing.coveredByInstitute');
const MB = 1024 * 1024;

/** The account that pays: the caller themselves; a teacher inside an institute is covered by it instead. */
export function payerOf(actor: Actor): string {
  if (actor.userType === 'teacher' && actor.instituteId) throw forbidden(COVERED_BY_INSTITUTE);
  return actor.userId;
}

/** The payer's current subscription (the latest row) with its plan. */
async function currentSubscription(app: App, payerId: string) {
  const [row] = await app.db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, payerId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!row) throw notFound(said('server.billing.noSubscription'));
  return row;
}

/** What the account uses now; only the limits we can count today (the others are left out). */
async function usageOf(app: App, payerId: string): Promise<MySubscription['usage']> {
  // An institute's teachers share its plan, so their courses and files count too.
  const [courseCount, storedBytes, guruCount] = await Promise.all([
    coursesCoveredBy(app, payerId),
    storageCoveredBy(app, payerId),
    gurusCoveredBy(app, payerId),
  ]);
  return {
    courses: courseCount,
    gurus: guruCount,
    storageMb: Math.round((storedBytes / MB) * 10) / 10,
  };
}

/** The caller's subscription as the billing page shows it; trial days and "ended" come from accountState. */
export async function mySubscription(app: App, actor: Actor, now = new Date()): Promise<MySubscription> {
  const payerId = payerOf(actor);
  const { sub, plan } = await currentSubscription(app, payerId);
  const state = await accountState(
    app.db,
    { id: actor.userId, userType: actor.userType, instituteId: actor.instituteId },
    now,
  );
  const nextPlan = sub.nextPlanId
    ? await app.db.query.plans.findFirst({ where: eq(plans.id, sub.nextPlanId) })
    : undefined;
  const ended = state.trialEnded || state.subscriptionEnded;
  return {
    plan: presentPublicPlan(plan),
    status: ended ? 'ended' : presentStatus(sub.status),
    isFreeTrial: state.isFreeTrial,
    remainingTrialDays: state.remainingTrialDays,
    trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
    billingPeriod: (sub.billingPeriod as BillingPeriod | null) ?? null,
    currency: sub.currency,
    amount: sub.amount,
    currentPeriodStart: sub.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    nextPlan: nextPlan ? { id: nextPlan.id, name: nextPlan.name } : null,
    usage: await usageOf(app, payerId),
  };
}

function presentStatus(status: string): MySubscription['status'] {
  return status === 'trial' || status === 'active' || status === 'cancelled' ? status : 'ended';
}

/** A paid subscription whose period is still running: the only kind that can be cancelled or changed. */
function isRunningPaid(sub: SubscriptionRow, now: Date): boolean {
  return (
    (sub.status === 'active' || sub.status === 'cancelled') &&
    sub.currentPeriodEnd !== null &&
    sub.currentPeriodEnd.getTime() > now.getTime()
  );
}

function notRunningMessage(sub: SubscriptionRow, action: 'cancel' | 'resume' | 'downgrade'): Said {
  if (sub.status === 'trial') return said('server.billing.trialNothingTo', { action });
  return said('server.billing.endedNothingTo', { action });
}

/** Cancels at the period end: the plan keeps working until then and the lifecycle job ends it. */
export async function cancelSubscription(app: App, actor: Actor, now = new Date()): Promise<MySubscription> {
  const { sub } = await currentSubscription(app, payerOf(actor));
  if (!isRunningPaid(sub, now)) throw new AppError('CONFLICT', notRunningMessage(sub, 'cancel'));
  await app.db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, nextPlanId: null })
    .where(eq(subscriptions.id, sub.id));
  return mySubscription(app, actor, now);
}

/** Undoes a pending cancellation or downgrade: the plan renews as it is. */
export async function resumeSubscription(app: App, actor: Actor, now = new Date()): Promise<MySubscription> {
  const { sub } = await currentSubscription(app, payerOf(actor));
  if (!isRunningPaid(sub, now)) throw new AppError('CONFLICT', notRunningMessage(sub, 'resume'));
  await app.db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: false, nextPlanId: null })
    .where(eq(subscriptions.id, sub.id));
  return mySubscription(app, actor, now);
}

/**
 * Chooses a cheaper plan from the period end on. "Cheaper" compares both plans' prices in the base
 * currency for the subscription's billing period; when they cannot be compared (different base currencies
 * or a missing price) any other active plan of the same audience is allowed. Upgrades go through checkout.
 */
export async function downgradeSubscription(
  app: App,
  actor: Actor,
  planId: string,
  now = new Date(),
): Promise<MySubscription> {
  const { sub, plan: current } = await currentSubscription(app, payerOf(actor));
  if (!isRunningPaid(sub, now)) throw new AppError('CONFLICT', notRunningMessage(sub, 'downgrade'));
  const target = await app.db.query.plans.findFirst({ where: eq(plans.id, planId) });
  if (!target) throw notFound(said('server.billing.planNotFound'));
  if (target.status !== 'active')
    throw new AppError('CONFLICT', said('server.billing.planNotOffered', { plan: target.name }));
  const chooseAnother = { planId: said('server.billing.chooseAnotherPlan') };
  if (target.audience !== actor.userType)
    throw badRequest(said('server.billing.planNotForAccount', { plan: target.name }), chooseAnother);
  if (target.id === current.id)
    throw badRequest(said('server.billing.alreadyOnPlan', { plan: target.name }), chooseAnother);
  const period = (sub.billingPeriod as BillingPeriod | null) ?? 'monthly';
  if (!isCheaper(target, current, period))
    throw new AppError(
      'CONFLICT',
      said('server.billing.notCheaper', { plan: target.name, current: current.name }),
    );
  await app.db
    .update(subscriptions)
    .set({ nextPlanId: target.id, cancelAtPeriodEnd: false })
    .where(eq(subscriptions.id, sub.id));
  return mySubscription(app, actor, now);
}

function isCheaper(target: PlanRow, current: PlanRow, period: BillingPeriod) {
  if (target.baseCurrency !== current.baseCurrency) return true;
  const targetPrice = chargePrice(target, target.baseCurrency, period);
  const currentPrice = chargePrice(current, current.baseCurrency, period);
  if (!targetPrice || !currentPrice) return true;
  return targetPrice.amount < currentPrice.amount;
}
