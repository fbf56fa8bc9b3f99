import type { AdminPlan, PublicPlan } from '../../../common/contracts/billing';
import {
  type AccessLevel,
  moduleLevels,
  PLAN_LIMIT_KEYS,
  type PlanAudience,
  type PlanLimits,
  type PlanModule,
} from '../../../common/plans';
import type { PlanRow } from '../../db/schema/plans';

/** Older rows may lack a limit: missing means unlimited. */
export function fullLimits(limits: Partial<PlanLimits> | null | undefined): PlanLimits {
  const full = {} as PlanLimits;
  for (const key of PLAN_LIMIT_KEYS) full[key] = limits?.[key] ?? null;
  return full;
}

/** Older rows may lack a module: missing means the module was not restricted yet (FULL). */
export function fullModules(
  modules: Partial<Record<PlanModule, AccessLevel>> | null | undefined,
): Record<PlanModule, AccessLevel> {
  return moduleLevels(modules ?? {});
}

export function presentPublicPlan(plan: PlanRow): PublicPlan {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    audience: plan.audience as PlanAudience,
    trialDays: plan.trialDays,
    baseCurrency: plan.baseCurrency,
    prices: plan.prices,
    limits: fullLimits(plan.limits),
    modules: fullModules(plan.modules),
    position: plan.position,
  };
}

export function presentAdminPlan(plan: PlanRow, subscribers: number): AdminPlan {
  return {
    ...presentPublicPlan(plan),
    status: plan.status === 'retired' ? 'retired' : 'active',
    subscribers,
  };
}
