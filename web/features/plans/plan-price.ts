import type { PublicPlan } from '../../../common/contracts/billing';
import type { Locale } from '../../../common/i18n/locales';
import { convertCurrency, type ExchangeRates, formatPrice } from '../../../common/money';
import type { BillingPeriod } from '../../../common/plans';

export interface ShownPrice {
  text: string;
  /** Converted from the base currency: an estimate, marked "≈". */
  approximate: boolean;
  free: boolean;
}

/**
 * A plan's price for a visitor: the plan's own price in their currency when it has one, else the base
 * currency's price converted with the day's rates (marked approximate). Null when the period is not sold.
 * Written as the interface's language writes money (Hindi: hi-IN, decision 068).
 */
export function priceForVisitor(
  plan: PublicPlan,
  period: BillingPeriod,
  currency: string,
  rates: ExchangeRates,
  locale: Locale = 'en',
): ShownPrice | null {
  const prices = plan.prices.filter((price) => price.period === period);
  const own = prices.find((price) => price.currency === currency);
  if (own)
    return {
      text: formatPrice(own.amount, own.currency, undefined, locale),
      approximate: false,
      free: own.amount === 0,
    };
  const base = prices.find((price) => price.currency === plan.baseCurrency);
  if (!base) return null;
  if (base.amount === 0)
    return { text: formatPrice(0, currency, undefined, locale), approximate: false, free: true };
  const converted = convertCurrency(base.amount, base.currency, currency, rates);
  return {
    text: formatPrice(Math.round(converted.amount), converted.currency, undefined, locale),
    approximate: converted.currency !== base.currency,
    free: false,
  };
}
