import { formatNumber, type Locale } from './i18n/locales';
import {
  type AccessLevel,
  PLAN_LIMIT_KEYS,
  PLAN_MODULE_LABELS,
  type PlanAudience,
  type PlanLimits,
  type PlanModule,
} from './plans';
import { formatCount } from './words';

/**
 * One way to write a plan's limits wherever they are shown (pricing, the plan pages, usage, the admin's plan
 * cards), so "20 GB" on the pricing page is "20 GB" in the app too. The admin's plan form keeps its own labels:
 * it asks for storage in MB.
 */

type LimitKey = keyof PlanLimits;

/** What each limit is called where it is shown, unit-free: the unit goes with the number ("20 GB"). */
export const LIMIT_NAMES: Record<LimitKey, string> = {
  gurus: 'Gurus',
  guruSessionsPerMonth: 'Guru sessions a month',
  slidesPerLibrary: 'Slides per course library',
  didCredits: 'D-ID avatar credits',
  storageMb: 'Storage',
  courses: 'Courses',
  teacherSeats: 'Teacher seats',
  studentSeats: 'Student seats',
};

const MB_PER_GB = 1024;

/**
 * Megabytes as people read them: "500 MB", "5 GB", "1.5 GB" (one decimal at most). In Hindi only the number is
 * the language's (Indian grouping): MB and GB are what Hindi readers read too, and Intl's hi-IN keeps them Latin.
 */
export function formatStorage(megabytes: number, locale: Locale = 'en'): string {
  const number = (value: number) =>
    locale === 'en'
      ? value.toLocaleString('en-US', { maximumFractionDigits: 1 })
      : formatNumber(value, locale, { maximumFractionDigits: 1 });
  if (megabytes < MB_PER_GB) return `${number(megabytes)} MB`;
  return `${number(megabytes / MB_PER_GB)} GB`;
}

/** A limit's value, or an amount used against it, in the limit's unit: "Unlimited", "20 GB", "1,000". */
export function formatLimit(key: LimitKey, value: number | null, locale: Locale = 'en'): string {
  if (value === null) return 'Unlimited';
  if (key === 'storageMb') return formatStorage(value, locale);
  return locale === 'en' ? formatCount(value) : formatNumber(value, locale);
}

/** The module a limit belongs to: a plan without the module cannot use the limit either. */
const LIMIT_MODULE: Partial<Record<LimitKey, PlanModule>> = {
  gurus: 'gurus',
  guruSessionsPerMonth: 'gurus',
  slidesPerLibrary: 'courseLibrary',
  courses: 'courses',
  // D-ID avatars run on the owner's own D-ID key, which is added under Integrations.
  didCredits: 'integrations',
};

/**
 * The limits a plan can use, in PLAN_LIMIT_KEYS order: a limit whose module the plan leaves out is not an
 * allowance (a trial without Integrations cannot spend D-ID credits), and seats belong to institute plans.
 */
export function usableLimitKeys(plan: {
  audience: PlanAudience;
  modules: Partial<Record<PlanModule, AccessLevel>>;
}): LimitKey[] {
  return PLAN_LIMIT_KEYS.filter((key) => {
    if ((key === 'teacherSeats' || key === 'studentSeats') && plan.audience !== 'institute') return false;
    const module = LIMIT_MODULE[key];
    return !module || plan.modules[module] !== 'NONE';
  });
}

/** Why a module is locked, in the same words wherever it is said: the server's 403 and the page's note. */
export const moduleLockedMessage = (module: PlanModule) =>
  `Your plan does not include ${PLAN_MODULE_LABELS[module]}.`;

/** Why adding to a module the plan gives PARTIAL is refused: the server's 403 and the page's note. */
export const moduleAddLockedMessage = (module: PlanModule) =>
  `Your plan lets you use existing ${PLAN_MODULE_LABELS[module]} but not add more.`;
