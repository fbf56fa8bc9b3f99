import { z } from 'zod';
import { COUNTRIES } from '../countries';
import { fill } from '../i18n/message-template';
import { atMostCharacters, MSG } from '../messages';
import { ACCESS_LEVELS, BILLING_PERIODS, PLAN_AUDIENCES, PLAN_LIMIT_KEYS, PLAN_MODULES } from '../plans';
import { numberField } from './numbers';

/** Every currency a country in common/countries.ts uses: the ones a plan may be priced in. */
export const PLAN_CURRENCIES = [...new Set(COUNTRIES.map((country) => country.currency))].sort();
const CURRENCY_SET = new Set(PLAN_CURRENCIES);

/** The plan editor's own messages, keyed as `planMsg.*` (common/i18n/module-messages.ts). */
export const PLAN_MSG = {
  currency: 'Please select a valid currency',
  trialDays: 'Trial days should be at most 365',
  onePrice: 'Please add at least one price',
  duplicatePrice: 'There is already a {period} price in {currency}',
  basePrice: 'Please add a {period} price in the base currency ({currency})',
  notFound: 'Plan not found',
} as const;

const currencyField = z
  .string({ error: MSG.selectOption })
  .trim()
  .toUpperCase()
  .refine((code) => CURRENCY_SET.has(code), PLAN_MSG.currency);

const text = (max: number, required: boolean) => {
  const base = z.string({ error: MSG.required }).trim().max(max, atMostCharacters(max));
  return required ? base.min(1, MSG.required) : base;
};

export const planPriceSchema = z.object({
  currency: currencyField,
  period: z.enum(BILLING_PERIODS, { error: MSG.selectOption }),
  amount: numberField({ max: 10_000_000, maxMessage: MSG.max10Million }),
});

/** A limit: a whole number ≥ 0, or null for unlimited. */
// Missing means unlimited, as for stored plans written before a limit existed (fullLimits).
const limitField = numberField({ max: 1_000_000_000, maxMessage: MSG.numberRange, integer: true })
  .nullable()
  .default(null);

const limitsShape = Object.fromEntries(PLAN_LIMIT_KEYS.map((key) => [key, limitField])) as Record<
  (typeof PLAN_LIMIT_KEYS)[number],
  typeof limitField
>;
const modulesShape = Object.fromEntries(
  PLAN_MODULES.map((module) => [module, z.enum(ACCESS_LEVELS, { error: MSG.selectOption })]),
) as Record<(typeof PLAN_MODULES)[number], z.ZodEnum<{ NONE: 'NONE'; FULL: 'FULL'; PARTIAL: 'PARTIAL' }>>;

/** What the admin sends to create or edit a plan (common/contracts/billing.ts "Plans (admin)"). */
export const planInputSchema = z
  .object({
    name: text(80, true),
    description: text(1000, false).default(''),
    audience: z.enum(PLAN_AUDIENCES, { error: MSG.selectOption }),
    trialDays: numberField({
      max: 365,
      maxMessage: PLAN_MSG.trialDays,
      integer: true,
    }),
    baseCurrency: currencyField,
    prices: z.array(planPriceSchema).min(1, PLAN_MSG.onePrice),
    limits: z.object(limitsShape),
    modules: z.object(modulesShape),
  })
  .superRefine((plan, ctx) => {
    const seen = new Set<string>();
    plan.prices.forEach((price, index) => {
      const key = `${price.currency}/${price.period}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['prices', index, 'currency'],
          message: fill(PLAN_MSG.duplicatePrice, { period: price.period, currency: price.currency }),
        });
      }
      seen.add(key);
    });
    for (const period of new Set(plan.prices.map((price) => price.period))) {
      if (!seen.has(`${plan.baseCurrency}/${period}`)) {
        ctx.addIssue({
          code: 'custom',
          path: ['prices'],
          message: fill(PLAN_MSG.basePrice, { period, currency: plan.baseCurrency }),
        });
      }
    }
  });

export type PlanInput = z.infer<typeof planInputSchema>;
export type PlanInputValues = z.input<typeof planInputSchema>;

export const planParamsSchema = z.object({ planId: z.uuid({ error: PLAN_MSG.notFound }) });
export const publicPlansQuerySchema = z.object({
  audience: z.enum(PLAN_AUDIENCES, { error: MSG.selectOption }).default('teacher'),
});
