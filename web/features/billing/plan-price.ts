import type { PublicPlan } from '../../../common/contracts/billing';
import type { Locale } from '../../../common/i18n/locales';
import { formatPrice } from '../../../common/money';
import { formatLimit, type LIMIT_NAMES } from '../../../common/plan-limits';
import { type BillingPeriod, chargePrice, type PlanPrice } from '../../../common/plans';
import { useCurrentCountry } from '../../app/currency';
import { t } from './i18n';

/** A billing period's name ("Monthly"), for `t`. */
export const PERIOD_LABEL_KEYS: Record<BillingPeriod, string> = {
  monthly: 'billing.period.monthly',
  yearly: 'billing.period.yearly',
};
const PER_PERIOD_KEYS: Record<BillingPeriod, string> = {
  monthly: 'billing.price.monthly',
  yearly: 'billing.price.yearly',
};
/** "Not offered monthly": a plan without a price for the period. */
export const NOT_OFFERED_KEYS: Record<BillingPeriod, string> = {
  monthly: 'billing.price.notMonthly',
  yearly: 'billing.price.notYearly',
};

/** A plan limit (a key of common/plan-limits.ts LIMIT_NAMES). */
type LimitKey = keyof typeof LIMIT_NAMES;

/** A plan limit's name in the interface's language (LIMIT_NAMES in English). */
export const limitName = (key: LimitKey) => t(`billing.limits.${key}`);

/** A limit's value as formatLimit gives it, with "Unlimited" in the interface's language. */
export const limitValue = (key: LimitKey, value: number | null, locale: Locale) =>
  value === null ? t('billing.limits.unlimited') : formatLimit(key, value, locale);

/** The buyer's currency: their country's (from the browser's time zone, as the catalog does). */
export function useBuyerCurrency(): string | null {
  return useCurrentCountry().data?.currency ?? null;
}

/** The price the server will charge: the plan's price in the buyer's currency, else its base currency. */
export function buyerPrice(
  plan: PublicPlan,
  currency: string | null,
  period: BillingPeriod,
): PlanPrice | null {
  return chargePrice(plan, currency, period);
}

/** "₹499.00 / month". */
export function formatPlanPrice(price: PlanPrice, locale: Locale): string {
  return t(PER_PERIOD_KEYS[price.period], {
    price: formatPrice(price.amount, price.currency, undefined, locale),
  });
}
