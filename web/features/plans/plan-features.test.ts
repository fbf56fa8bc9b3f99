import { describe, expect, it } from 'vitest';
import type { PublicPlan } from '../../../common/contracts/billing';
import { moduleLevels } from '../../../common/plans';
import { planFeatures } from './plan-features';

const plan = (overrides: Partial<PublicPlan> = {}): PublicPlan => ({
  id: 'p',
  name: 'Starter',
  description: '',
  audience: 'teacher',
  trialDays: 14,
  baseCurrency: 'INR',
  prices: [],
  limits: {
    gurus: 1,
    guruSessionsPerMonth: 100,
    slidesPerLibrary: 20,
    didCredits: 0,
    storageMb: 5120,
    courses: null,
    teacherSeats: null,
    studentSeats: null,
  },
  modules: moduleLevels({ integrations: 'NONE', reports: 'PARTIAL' }),
  position: 1,
  ...overrides,
});

describe('planFeatures', () => {
  it('lists each feature once, its limit folded into its module, with plurals right', () => {
    const texts = planFeatures(plan()).map((feature) => feature.text);
    expect(texts).toEqual([
      '1 AI guru, 100 sessions a month',
      'Unlimited courses',
      'Quizzes',
      'Narrated lessons from slides (up to 20 slides a deck)',
      'Reports (limited)',
      'Conversations',
      'Integrations: not included',
      '5 GB storage',
    ]);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('marks left-out modules, shows D-ID credits when the plan can use them, and seats on institute plans only', () => {
    const features = planFeatures(
      plan({
        audience: 'institute',
        modules: moduleLevels({ integrations: 'PARTIAL', quizzes: 'NONE' }),
        limits: { ...plan().limits, didCredits: 50, teacherSeats: 10, studentSeats: 1, storageMb: 500 },
      }),
    );
    expect(features.find((f) => f.key === 'quizzes')).toMatchObject({ included: false });
    expect(features.slice(-4).map((f) => f.text)).toEqual([
      '500 MB storage',
      '50 D-ID avatar credits',
      '10 teacher seats',
      '1 student seat',
    ]);
  });

  it('does not list D-ID credits as an allowance on a plan without Integrations (the D-ID key lives there)', () => {
    const texts = planFeatures(plan({ limits: { ...plan().limits, didCredits: 20, storageMb: 20480 } })).map(
      (feature) => feature.text,
    );
    expect(texts).toContain('Integrations: not included');
    expect(texts).toContain('20 GB storage');
    expect(texts.some((text) => text.includes('D-ID'))).toBe(false);
  });
});
