import type { PublicPlan } from '../../../common/contracts/billing';
import { formatPrice } from '../../../common/money';
import { type BillingPeriod, chargePrice, type PlanPrice } from '../../../common/plans';
import { useCurrentCountry } from '../../app/currency';

export const PERIOD_LABELS: Record<BillingPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly' };
const PER_PERIOD: Record<BillingPeriod, string> = { monthly: 'month', yearly: 'year' };

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
export function formatPlanPrice(price: PlanPrice): string {
  return `${formatPrice(price.amount, price.currency)} / ${PER_PERIOD[price.period]}`;
}
