import {
  type AccessLevel,
  moduleLevels,
  type PlanAudience,
  type PlanLimits,
  type PlanModule,
  type PlanPrice,
} from '../../../common/plans';

export interface DefaultPlan {
  name: string;
  description: string;
  audience: PlanAudience;
  trialDays: number;
  baseCurrency: string;
  prices: PlanPrice[];
  limits: PlanLimits;
  modules: Record<PlanModule, AccessLevel>;
  position: number;
}

const CURRENCIES = ['INR', 'USD', 'EUR'] as const;

/** Monthly prices in INR, USD, EUR; a year costs ten months (two months free). */
function priced(monthly: readonly [number, number, number]): PlanPrice[] {
  return CURRENCIES.flatMap((currency, i) => [
    { currency, period: 'monthly' as const, amount: monthly[i] },
    { currency, period: 'yearly' as const, amount: monthly[i] * 10 },
  ]);
}

const free = CURRENCIES.map((currency) => ({ currency, period: 'monthly' as const, amount: 0 }));

const modules = moduleLevels;

// A trial tries everything it can without paid keys: the course library is what sells the product, so it is
// FULL (the slide limit keeps it small); integrations (D-ID, ElevenLabs keys) wait for a paid plan.
const TRIAL_MODULES = modules({ integrations: 'NONE' });
const STARTER_MODULES = modules({ integrations: 'PARTIAL' });

/**
 * The plans every deployment starts with. "Free Trial" comes first (position 0): new teachers and
 * institutes start on it. Storage of the trials matches the platform default quota (5 GB).
 */
export const DEFAULT_PLANS: readonly DefaultPlan[] = [
  {
    name: 'Free Trial',
    description: 'Try Gurukul free for 14 days: publish a few courses and quizzes.',
    audience: 'teacher',
    trialDays: 14,
    baseCurrency: 'INR',
    prices: free,
    limits: {
      gurus: 1,
      guruSessionsPerMonth: 50,
      slidesPerLibrary: 50,
      didCredits: 20,
      storageMb: 5120,
      courses: 25,
      teacherSeats: null,
      studentSeats: null,
    },
    modules: TRIAL_MODULES,
    position: 0,
  },
  {
    name: 'Starter',
    description: 'For a teacher building a steady course catalogue.',
    audience: 'teacher',
    trialDays: 14,
    baseCurrency: 'INR',
    prices: priced([999, 15, 14]),
    limits: {
      gurus: 3,
      guruSessionsPerMonth: 500,
      slidesPerLibrary: 200,
      didCredits: 100,
      storageMb: 20480,
      courses: 50,
      teacherSeats: null,
      studentSeats: null,
    },
    modules: STARTER_MODULES,
    position: 1,
  },
  {
    name: 'Pro',
    description: 'Everything, with room to grow: unlimited courses and every module.',
    audience: 'teacher',
    trialDays: 14,
    baseCurrency: 'INR',
    prices: priced([2499, 35, 32]),
    limits: {
      gurus: 10,
      guruSessionsPerMonth: 3000,
      slidesPerLibrary: 1000,
      didCredits: 500,
      storageMb: 102400,
      courses: null,
      teacherSeats: null,
      studentSeats: null,
    },
    modules: modules(),
    position: 2,
  },
  {
    name: 'Free Trial',
    description: 'Try Gurukul free for 14 days with your faculty.',
    audience: 'institute',
    trialDays: 14,
    baseCurrency: 'INR',
    prices: free,
    limits: {
      gurus: 2,
      guruSessionsPerMonth: 100,
      slidesPerLibrary: 50,
      didCredits: 20,
      storageMb: 5120,
      courses: 50,
      teacherSeats: 5,
      studentSeats: 50,
    },
    modules: TRIAL_MODULES,
    position: 0,
  },
  {
    name: 'Starter',
    description: 'For a growing institute and its teachers.',
    audience: 'institute',
    trialDays: 14,
    baseCurrency: 'INR',
    prices: priced([4999, 69, 64]),
    limits: {
      gurus: 10,
      guruSessionsPerMonth: 2000,
      slidesPerLibrary: 500,
      didCredits: 300,
      storageMb: 51200,
      courses: 200,
      teacherSeats: 20,
      studentSeats: 500,
    },
    modules: STARTER_MODULES,
    position: 1,
  },
  {
    name: 'Pro',
    description: 'For large institutes: unlimited courses and sessions, every module.',
    audience: 'institute',
    trialDays: 14,
    baseCurrency: 'INR',
    prices: priced([12999, 179, 165]),
    limits: {
      gurus: 50,
      guruSessionsPerMonth: null,
      slidesPerLibrary: null,
      didCredits: 2000,
      storageMb: 512000,
      courses: null,
      teacherSeats: null,
      studentSeats: null,
    },
    modules: modules(),
    position: 2,
  },
];
