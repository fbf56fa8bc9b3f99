import type {
  CommissionMonth,
  CommissionRuleInput,
  CommissionStatus,
  MoneyTotal,
  ReferralStatus,
} from '../../../common/contracts/partners';
import type { Locale } from '../../../common/i18n/locales';
import { formatPrice } from '../../../common/money';
import { formatMonth } from '../../../common/time';
import { t } from './i18n';

/** Each status's catalog key (`t(labelKey)` in the interface's language) and colour. */
export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, { labelKey: string; color: string }> = {
  signedUp: { labelKey: 'partners.referralStatus.signedUp', color: 'gray' },
  trial: { labelKey: 'partners.referralStatus.trial', color: 'yellow' },
  paying: { labelKey: 'partners.referralStatus.paying', color: 'green' },
  churned: { labelKey: 'partners.referralStatus.churned', color: 'red' },
};

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, { labelKey: string; color: string }> = {
  pending: { labelKey: 'partners.commissionStatus.pending', color: 'yellow' },
  payable: { labelKey: 'partners.commissionStatus.payable', color: 'blue' },
  paid: { labelKey: 'partners.commissionStatus.paid', color: 'green' },
  reversed: { labelKey: 'partners.commissionStatus.reversed', color: 'red' },
  refused: { labelKey: 'partners.commissionStatus.refused', color: 'gray' },
};

/** Amounts in several currencies on one line ("₹1,200.00 · $30.00"); nothing at all is `empty`. */
export function formatTotals(totals: readonly MoneyTotal[], empty = '—', locale?: Locale): string {
  const shown = totals.filter((total) => total.amount !== 0);
  if (shown.length === 0) return empty;
  return shown.map((total) => formatPrice(total.amount, total.currency, undefined, locale)).join(' · ');
}

const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A ratio 0..1 as a percent ("12.5%"); null (nothing to divide by) is a dash. */
export const formatRatio = (ratio: number | null) => (ratio === null ? '—' : PERCENT.format(ratio));

/** Whether a "YYYY-MM" month is over at `now` (a month can be paid out only then). */
export function monthHasEnded(month: string, now = new Date()): boolean {
  const [year, index] = month.split('-').map(Number);
  return Date.UTC(year, index, 1) <= now.getTime();
}

/**
 * A rule in one sentence, in the interface's language: "20% of plan payments for the first 12 months, payable
 * after a 30-day hold." A component passes its `useT()` so a language switch re-renders it.
 */
export function describeRule(
  rule: Pick<CommissionRuleInput, 'percent' | 'months' | 'scope' | 'holdDays'>,
  translate: typeof t = t,
) {
  const period =
    rule.months === null
      ? translate('partners.rule.lifetime')
      : translate('partners.rule.firstMonths', { count: rule.months });
  const hold =
    rule.holdDays === 0
      ? translate('partners.rule.atOnce')
      : translate('partners.rule.afterHold', { days: String(rule.holdDays) });
  return translate('partners.rule.sentence', {
    percent: String(rule.percent),
    scope: translate(`partners.rule.scope.${rule.scope}`),
    period,
    hold,
  });
}

/** The months (with their currency) that hold payable commissions and have ended: what "Mark paid" offers. */
export function payableMonths(months: readonly CommissionMonth[], now = new Date()): CommissionMonth[] {
  return months.filter((row) => row.payable > 0 && monthHasEnded(row.month, now));
}

/** The distinct months of a summary, newest first, for the month filter. */
export function monthOptions(
  months: readonly CommissionMonth[],
  locale?: Locale,
): { value: string; label: string }[] {
  const distinct = [...new Set(months.map((row) => row.month))].sort().reverse();
  return distinct.map((month) => ({ value: month, label: formatMonth(month, { locale }) }));
}
