import { asc, eq, sql } from 'drizzle-orm';
import type { PlanInput } from '../../../common/contracts/plans';
import { plans } from '../../db/schema/index';
import type { PlanRow } from '../../db/schema/plans';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';

/**
 * Current subscribers per plan: payers whose latest subscription is on the plan and has not ended (a
 * running trial, or a paid period that has not passed).
 */
export async function subscriberCounts(app: App): Promise<Map<string, number>> {
  const result = await app.db.execute<{ plan_id: string; subscribers: string }>(sql`
    select plan_id, count(*) as subscribers from (
      select distinct on (user_id) user_id, plan_id, status, trial_ends_at, current_period_end
      from subscriptions order by user_id, created_at desc
    ) latest
    where (status = 'trial' and trial_ends_at > now())
       or (status in ('active', 'cancelled') and (current_period_end is null or current_period_end > now()))
    group by plan_id`);
  return new Map(result.rows.map((row) => [row.plan_id, Number(row.subscribers)]));
}

export async function listAllPlans(app: App): Promise<PlanRow[]> {
  return app.db.select().from(plans).orderBy(asc(plans.audience), asc(plans.position), asc(plans.createdAt));
}

export async function loadPlan(app: App, planId: string): Promise<PlanRow> {
  const plan = await app.db.query.plans.findFirst({ where: eq(plans.id, planId) });
  if (!plan) throw notFound(said('server.plans.notFound'));
  return plan;
}

/** A new plan goes after the others of its audience. */
export async function createPlan(app: App, input: PlanInput): Promise<PlanRow> {
  const [last] = await app.db
    .select({ position: sql<number>`coalesce(max(${plans.position}), -1)` })
    .from(plans)
    .where(eq(plans.audience, input.audience));
  const [plan] = await app.db
    .insert(plans)
    .values({ ...input, position: Number(last?.position ?? -1) + 1 })
    .returning();
  return plan;
}

export async function updatePlan(app: App, planId: string, input: PlanInput): Promise<PlanRow> {
  await loadPlan(app, planId);
  const [plan] = await app.db
    .update(plans)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(plans.id, planId))
    .returning();
  return plan;
}

/** Retired plans are not sold; their subscribers keep them (nothing about subscriptions changes). */
export async function setPlanStatus(
  app: App,
  planId: string,
  status: 'active' | 'retired',
): Promise<PlanRow> {
  await loadPlan(app, planId);
  const [plan] = await app.db
    .update(plans)
    .set({ status, updatedAt: new Date() })
    .where(eq(plans.id, planId))
    .returning();
  return plan;
}
