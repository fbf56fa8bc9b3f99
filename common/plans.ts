/**
 * Plans: what a teacher's or institute's subscription allows. Shared by the server (which enforces) and
 * the browser (which hides and explains). See docs/decisions/012-plans-and-payments.md.
 */

export const PLAN_AUDIENCES = ['teacher', 'institute'] as const;
export type PlanAudience = (typeof PLAN_AUDIENCES)[number];

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const PERIOD_MONTHS: Record<BillingPeriod, number> = { monthly: 1, yearly: 12 };

/** SPEC §4 access levels. NONE hides a module; PARTIAL lets a user use what exists but not add more. */
export const ACCESS_LEVELS = ['NONE', 'FULL', 'PARTIAL'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Modules looked up by name (SPEC §3 "Plan features are looked up by module name"). */
export const PLAN_MODULES = [
  'gurus',
  'courses',
  'quizzes',
  'courseLibrary',
  'reports',
  'conversations',
  'integrations',
] as const;
export type PlanModule = (typeof PLAN_MODULES)[number];

export const PLAN_MODULE_LABELS: Record<PlanModule, string> = {
  gurus: 'Gurus',
  courses: 'Courses',
  quizzes: 'Quizzes',
  courseLibrary: 'Course library',
  reports: 'Reports',
  conversations: 'Conversations',
  integrations: 'Integrations',
};

/** Limits the whole platform enforces on the server; null = unlimited. */
export interface PlanLimits {
  gurus: number | null;
  guruSessionsPerMonth: number | null;
  slidesPerLibrary: number | null;
  didCredits: number | null;
  storageMb: number | null;
  courses: number | null;
  /** Institutes: how many teachers and students they may have (invitations waiting count too). */
  teacherSeats: number | null;
  studentSeats: number | null;
}
export const PLAN_LIMIT_KEYS = [
  'gurus',
  'guruSessionsPerMonth',
  'slidesPerLibrary',
  'didCredits',
  'storageMb',
  'courses',
  'teacherSeats',
  'studentSeats',
] as const satisfies readonly (keyof PlanLimits)[];

export const PLAN_LIMIT_LABELS: Record<keyof PlanLimits, string> = {
  gurus: 'Gurus',
  guruSessionsPerMonth: 'Guru sessions per month',
  slidesPerLibrary: 'Slides per course library',
  didCredits: 'D-ID credits',
  storageMb: 'Storage (MB)',
  courses: 'Courses',
  teacherSeats: 'Teacher seats',
  studentSeats: 'Student seats',
};

/** Every module at FULL, but for the overrides (the usual way to write a plan's modules). */
export function moduleLevels(
  overrides: Partial<Record<PlanModule, AccessLevel>> = {},
): Record<PlanModule, AccessLevel> {
  return Object.fromEntries(PLAN_MODULES.map((module) => [module, overrides[module] ?? 'FULL'])) as Record<
    PlanModule,
    AccessLevel
  >;
}

/** No limit at all (null = unlimited for each). */
export const UNLIMITED: PlanLimits = {
  gurus: null,
  guruSessionsPerMonth: null,
  slidesPerLibrary: null,
  didCredits: null,
  storageMb: null,
  courses: null,
  teacherSeats: null,
  studentSeats: null,
};

/** One price of a plan: an amount in a currency for a billing period. */
export interface PlanPrice {
  currency: string;
  period: BillingPeriod;
  amount: number;
}

/**
 * The price a buyer is charged: the plan's price in the buyer's currency for that period when the plan
 * has one, else the price in the plan's base currency (issue 5: "the charge is made in the plan's currency
 * for the buyer's country where a price exists, else the plan's base currency"). null: no price for the
 * period at all.
 */
export function chargePrice(
  plan: { prices: readonly PlanPrice[]; baseCurrency: string },
  buyerCurrency: string | null | undefined,
  period: BillingPeriod,
): PlanPrice | null {
  const forPeriod = plan.prices.filter((price) => price.period === period);
  return (
    forPeriod.find((price) => price.currency === buyerCurrency) ??
    forPeriod.find((price) => price.currency === plan.baseCurrency) ??
    null
  );
}

/** A plan with no price above zero is free (the "Free Trial" plan). */
export const isFreePlan = (plan: { prices: readonly PlanPrice[] }) =>
  plan.prices.every((price) => price.amount === 0);

/** The end of a billing period that starts at `start`: calendar months, clamped to the month's end. */
export function periodEnd(start: Date, period: BillingPeriod): Date {
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + PERIOD_MONTHS[period]);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
