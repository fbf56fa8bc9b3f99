import type { PublicPlan } from '../../../common/contracts/billing';
import { formatStorage, usableLimitKeys } from '../../../common/plan-limits';
import { PLAN_MODULE_LABELS, PLAN_MODULES, type PlanLimits, type PlanModule } from '../../../common/plans';
import { countOf } from '../../../common/words';

/** One line of a plan's card: what it includes, or says plainly that it does not. */
export interface PlanFeature {
  key: string;
  text: string;
  included: boolean;
}

const amount = (limit: number | null, singular: string, plural?: string) =>
  limit === null ? `Unlimited ${plural ?? `${singular}s`}` : countOf(limit, singular, plural);

const storage = (megabytes: number | null) =>
  megabytes === null ? 'Unlimited storage' : `${formatStorage(megabytes)} storage`;

/** A module's line, with the limit that belongs to it folded in (so "Gurus" never shows twice). */
function moduleText(module: PlanModule, limits: PlanLimits): string {
  switch (module) {
    case 'gurus':
      return `${amount(limits.gurus, 'AI guru')}, ${amount(limits.guruSessionsPerMonth, 'session')} a month`;
    case 'courses':
      return amount(limits.courses, 'course');
    case 'courseLibrary':
      return limits.slidesPerLibrary === null
        ? 'Narrated lessons from slides'
        : `Narrated lessons from slides (up to ${countOf(limits.slidesPerLibrary, 'slide')} a deck)`;
    default:
      return PLAN_MODULE_LABELS[module];
  }
}

/**
 * What a plan's card lists, each feature once: the modules with their limits, then storage, D-ID credits and
 * (institute plans) seats. A module left out is listed as not included rather than hidden, so plans compare;
 * an allowance the plan cannot use (D-ID credits without Integrations) is not listed (common/plan-limits.ts).
 */
export function planFeatures(plan: PublicPlan): PlanFeature[] {
  const modules = PLAN_MODULES.map((module) => {
    const level = plan.modules[module];
    const text = moduleText(module, plan.limits);
    if (level === 'NONE')
      return { key: module, text: `${PLAN_MODULE_LABELS[module]}: not included`, included: false };
    return { key: module, text: level === 'PARTIAL' ? `${text} (limited)` : text, included: true };
  });
  const extras: PlanFeature[] = [{ key: 'storage', text: storage(plan.limits.storageMb), included: true }];
  const usable = usableLimitKeys(plan);
  if (usable.includes('didCredits') && (plan.limits.didCredits === null || plan.limits.didCredits > 0)) {
    extras.push({ key: 'did', text: amount(plan.limits.didCredits, 'D-ID avatar credit'), included: true });
  }
  if (usable.includes('teacherSeats')) {
    extras.push(
      { key: 'teacherSeats', text: amount(plan.limits.teacherSeats, 'teacher seat'), included: true },
      { key: 'studentSeats', text: amount(plan.limits.studentSeats, 'student seat'), included: true },
    );
  }
  return [...modules, ...extras];
}
