import type { PublicPlan } from '../../../common/contracts/billing';
import type { Locale } from '../../../common/i18n/locales';
import { formatStorage, usableLimitKeys } from '../../../common/plan-limits';
import { PLAN_MODULES, type PlanLimits, type PlanModule } from '../../../common/plans';
import { t as catalogT } from './i18n';

/** One line of a plan's card: what it includes, or says plainly that it does not. */
export interface PlanFeature {
  key: string;
  text: string;
  included: boolean;
}

type Translate = typeof catalogT;
/** The counted things of a plan's card, each a pair of messages: "# AI gurus" and "Unlimited AI gurus". */
type Noun = 'aiGuru' | 'session' | 'course' | 'didCredit' | 'teacherSeat' | 'studentSeat';

const amount = (t: Translate, limit: number | null, noun: Noun) =>
  limit === null ? t(`plans.feature.unlimited.${noun}`) : t(`plans.feature.count.${noun}`, { count: limit });

const storage = (t: Translate, megabytes: number | null, locale: Locale) =>
  megabytes === null
    ? t('plans.feature.unlimitedStorage')
    : t('plans.feature.storage', { size: formatStorage(megabytes, locale) });

/** A module's line, with the limit that belongs to it folded in (so "Gurus" never shows twice). */
function moduleText(t: Translate, module: PlanModule, limits: PlanLimits): string {
  switch (module) {
    case 'gurus':
      return t('plans.feature.gurus', {
        gurus: amount(t, limits.gurus, 'aiGuru'),
        sessions: amount(t, limits.guruSessionsPerMonth, 'session'),
      });
    case 'courses':
      return amount(t, limits.courses, 'course');
    case 'courseLibrary':
      return limits.slidesPerLibrary === null
        ? t('plans.feature.narrated')
        : t('plans.feature.narratedUpTo', { count: limits.slidesPerLibrary });
    default:
      return t(`plans.module.${module}`);
  }
}

/**
 * What a plan's card lists, each feature once: the modules with their limits, then storage, D-ID credits and
 * (institute plans) seats. A module left out is listed as not included rather than hidden, so plans compare;
 * an allowance the plan cannot use (D-ID credits without Integrations) is not listed (common/plan-limits.ts).
 * A view passes its `useT()`, so the card follows a language switch.
 */
export function planFeatures(
  plan: PublicPlan,
  t: Translate = catalogT,
  locale: Locale = 'en',
): PlanFeature[] {
  const modules = PLAN_MODULES.map((module) => {
    const level = plan.modules[module];
    const text = moduleText(t, module, plan.limits);
    if (level === 'NONE')
      return {
        key: module,
        text: t('plans.feature.notIncluded', { module: t(`plans.module.${module}`) }),
        included: false,
      };
    return {
      key: module,
      text: level === 'PARTIAL' ? t('plans.feature.limited', { feature: text }) : text,
      included: true,
    };
  });
  const extras: PlanFeature[] = [
    { key: 'storage', text: storage(t, plan.limits.storageMb, locale), included: true },
  ];
  const usable = usableLimitKeys(plan);
  if (usable.includes('didCredits') && (plan.limits.didCredits === null || plan.limits.didCredits > 0)) {
    extras.push({ key: 'did', text: amount(t, plan.limits.didCredits, 'didCredit'), included: true });
  }
  if (usable.includes('teacherSeats')) {
    extras.push(
      { key: 'teacherSeats', text: amount(t, plan.limits.teacherSeats, 'teacherSeat'), included: true },
      { key: 'studentSeats', text: amount(t, plan.limits.studentSeats, 'studentSeat'), included: true },
    );
  }
  return [...modules, ...extras];
}
