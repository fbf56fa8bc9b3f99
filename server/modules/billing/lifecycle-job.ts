import { and, eq, gt, inArray, lte, not, or, sql } from 'drizzle-orm';
import { isFreePlan } from '../../../common/plans';
import { plans, subscriptions } from '../../db/schema/index';
import type { SubscriptionRow } from '../../db/schema/plans';
import type { App } from '../../http/app-type';
import { sendEndedEmail, sendTrialEndingEmail } from './emails';

const DAY_MS = 24 * 60 * 60 * 1000;
const TRIAL_WARNING_DAYS = 3;
export const LIFECYCLE_INTERVAL_MS = 15 * 60 * 1000;

type Notice = 'trial-ending' | 'ended';

/** Only the payer's latest row is their subscription; older rows are history and never acted on. */
const isLatest = sql`not exists (select 1 from subscriptions newer where newer.user_id = "subscriptions"."user_id" and newer.created_at > "subscriptions"."created_at")`;
const hasNotice = (notice: Notice) => sql`${subscriptions.notices} ? ${notice}`;
const withNotice = (notice: Notice) => sql`${subscriptions.notices} || ${JSON.stringify([notice])}::jsonb`;

/**
 * Warns trials about to end, ends lapsed trials and periods, applies free downgrades, and sends each e-mail
 * once. Safe to run any number of times, also from two servers at once: every change is claimed with a
 * conditional UPDATE … RETURNING, and only the run that claimed a row sends its e-mail.
 */
export async function runBillingLifecycle(app: App, now = new Date()): Promise<void> {
  await warnEndingTrials(app, now);
  await endLapsedSubscriptions(app, now);
}

async function warnEndingTrials(app: App, now: Date) {
  const claimed = await app.db
    .update(subscriptions)
    .set({ notices: withNotice('trial-ending') })
    .where(
      and(
        eq(subscriptions.status, 'trial'),
        gt(subscriptions.trialEndsAt, now),
        lte(subscriptions.trialEndsAt, new Date(now.getTime() + TRIAL_WARNING_DAYS * DAY_MS)),
        not(hasNotice('trial-ending')),
        isLatest,
      ),
    )
    .returning();
  for (const sub of claimed) {
    const daysLeft = Math.max(1, Math.ceil(((sub.trialEndsAt as Date).getTime() - now.getTime()) / DAY_MS));
    await mailOnce(app, sub, 'trial-ending', async () =>
      sendTrialEndingEmail(app, sub.userId, daysLeft, await planName(app, sub.planId)),
    );
  }
}

async function endLapsedSubscriptions(app: App, now: Date) {
  const lapsed = await app.db
    .select()
    .from(subscriptions)
    .where(
      and(
        or(
          and(eq(subscriptions.status, 'trial'), lte(subscriptions.trialEndsAt, now)),
          and(
            inArray(subscriptions.status, ['active', 'cancelled']),
            lte(subscriptions.currentPeriodEnd, now),
          ),
        ),
        isLatest,
      ),
    );
  for (const sub of lapsed) {
    if (await applyFreeDowngrade(app, sub)) continue;
    await endSubscription(app, sub, now);
  }
}

/**
 * A downgrade to a free plan starts it at the period end as a new 'active' row with no period end (nothing
 * to renew). A downgrade to a paid plan needs a payment, so that subscription simply ends and the owner pays
 * for the lower plan from /information (docs/decisions/012-plans-and-payments.md).
 */
async function applyFreeDowngrade(app: App, sub: SubscriptionRow): Promise<boolean> {
  if (sub.status === 'trial' || sub.cancelAtPeriodEnd || !sub.nextPlanId || !sub.currentPeriodEnd)
    return false;
  const next = await app.db.query.plans.findFirst({ where: eq(plans.id, sub.nextPlanId) });
  if (next?.status !== 'active' || !isFreePlan(next)) return false;
  const periodEnd = sub.currentPeriodEnd;
  return app.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(subscriptions)
      .set({ status: 'ended', endedAt: periodEnd })
      .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, sub.status)))
      .returning({ id: subscriptions.id });
    if (!claimed) return true;
    await tx.insert(subscriptions).values({
      userId: sub.userId,
      planId: next.id,
      status: 'active',
      billingPeriod: sub.billingPeriod,
      currency: sub.currency,
      amount: 0,
      currentPeriodStart: periodEnd,
      currentPeriodEnd: null,
    });
    return true;
  });
}

async function endSubscription(app: App, sub: SubscriptionRow, now: Date) {
  const wasTrial = sub.status === 'trial';
  const endedAt = (wasTrial ? sub.trialEndsAt : sub.currentPeriodEnd) ?? now;
  const [claimed] = await app.db
    .update(subscriptions)
    .set({ status: 'ended', endedAt, notices: withNotice('ended') })
    .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, sub.status), not(hasNotice('ended'))))
    .returning();
  if (!claimed) return;
  const nextPlanName = sub.nextPlanId && !sub.cancelAtPeriodEnd ? await planName(app, sub.nextPlanId) : null;
  try {
    await sendEndedEmail(app, sub.userId, {
      wasTrial,
      planName: await planName(app, sub.planId),
      nextPlanName,
    });
  } catch (error) {
    // The account has ended either way (the app shows it); a lost e-mail is logged, not retried forever.
    app.log.error({ err: error, subscriptionId: sub.id }, 'billing e-mail "ended" failed');
  }
}

/** The notice was claimed before sending; if the mail fails, the claim is given back so the next run retries. */
async function mailOnce(app: App, sub: SubscriptionRow, notice: Notice, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    app.log.error({ err: error, subscriptionId: sub.id }, `billing e-mail "${notice}" failed`);
    await app.db
      .update(subscriptions)
      .set({ notices: sql`${subscriptions.notices} - ${notice}` })
      .where(eq(subscriptions.id, sub.id));
  }
}

async function planName(app: App, planId: string): Promise<string> {
  const plan = await app.db.query.plans.findFirst({ where: eq(plans.id, planId) });
  return plan?.name ?? 'your plan';
}
