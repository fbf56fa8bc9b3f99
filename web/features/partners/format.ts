import type {
  CommissionMonth,
  CommissionRuleInput,
  CommissionStatus,
  MoneyTotal,
  ReferralStatus,
} from '../../../common/contracts/partners';
import { formatPrice } from '../../../common/money';
import { formatMonth } from '../../../common/time';
import { countOf } from '../../../common/words';

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, { label: string; color: string }> = {
  signedUp: { label: 'Signed up', color: 'gray' },
  trial: { label: 'On trial', color: 'yellow' },
  paying: { label: 'Paying', color: 'green' },
  churned: { label: 'Churned', color: 'red' },
};

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  payable: { label: 'Payable', color: 'blue' },
  paid: { label: 'Paid', color: 'green' },
  reversed: { label: 'Reversed', color: 'red' },
  refused: { label: 'Refused', color: 'gray' },
};

/** Amounts in several currencies on one line ("₹1,200.00 · $30.00"); nothing at all is `empty`. */
export function formatTotals(totals: readonly MoneyTotal[], empty = '—'): string {
  const shown = totals.filter((total) => total.amount !== 0);
  if (shown.length === 0) return empty;
  return shown.map((total) => formatPrice(total.amount, total.currency)).join(' · ');
}

const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A ratio 0..1 as a percent ("12.5%"); null (nothing to divide by) is a dash. */
export const formatRatio = (ratio: number | null) => (ratio === null ? '—' : PERCENT.format(ratio));

/** Whether a "YYYY-MM" month is over at `now` (a month can be paid out only then). */
export function monthHasEnded(month: string, now = new Date()): boolean {
  const [year, index] = month.split('-').map(Number);
  return Date.UTC(year, index, 1) <= now.getTime();
}

const SCOPE_WORDS: Record<CommissionRuleInput['scope'], string> = {
  plans: 'plan payments',
  courses: 'course purchases',
  both: 'plan payments and course purchases',
};

/** A rule in one sentence: "20% of plan payments for the first 12 months, payable after a 30-day hold." */
export function describeRule(rule: Pick<CommissionRuleInput, 'percent' | 'months' | 'scope' | 'holdDays'>) {
  const period =
    rule.months === null ? "for the customer's lifetime" : `for the first ${countOf(rule.months, 'month')}`;
  const hold = rule.holdDays === 0 ? 'payable at once' : `payable after a ${rule.holdDays}-day hold`;
  return `${rule.percent}% of ${SCOPE_WORDS[rule.scope]} ${period}, ${hold}.`;
}

/** The months (with their currency) that hold payable commissions and have ended: what "Mark paid" offers. */
export function payableMonths(months: readonly CommissionMonth[], now = new Date()): CommissionMonth[] {
  return months.filter((row) => row.payable > 0 && monthHasEnded(row.month, now));
}

/** The distinct months of a summary, newest first, for the month filter. */
export function monthOptions(months: readonly CommissionMonth[]): { value: string; label: string }[] {
  const distinct = [...new Set(months.map((row) => row.month))].sort().reverse();
  return distinct.map((month) => ({ value: month, label: formatMonth(month) }));
}
