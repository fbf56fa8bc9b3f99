import { describe, expect, it } from 'vitest';
import type { CommissionMonth } from '../../../common/contracts/partners';
import {
  describeRule,
  formatRatio,
  formatTotals,
  monthHasEnded,
  monthOptions,
  payableMonths,
} from './format';

const month = (value: string, payable: number, currency = 'INR'): CommissionMonth => ({
  month: value,
  currency,
  pending: 0,
  payable,
  paid: 0,
  reversed: 0,
});

describe('partner figures', () => {
  it('shows amounts in several currencies on one line and a dash for nothing', () => {
    expect(
      formatTotals([
        { currency: 'INR', amount: 1200 },
        { currency: 'USD', amount: 30 },
      ]),
    ).toBe('₹1,200.00 · $30.00');
    expect(formatTotals([])).toBe('—');
    expect(formatTotals([{ currency: 'INR', amount: 0 }], 'None')).toBe('None');
  });

  it('shows a ratio as a percent, and no ratio as a dash', () => {
    expect(formatRatio(null)).toBe('—');
    expect(formatRatio(0.125)).toMatch(/12[.,]5\s?%/);
  });

  it('treats a month as ended only from the first instant of the next month (UTC)', () => {
    expect(monthHasEnded('2026-03', new Date('2026-03-31T23:59:59Z'))).toBe(false);
    expect(monthHasEnded('2026-03', new Date('2026-04-01T00:00:00Z'))).toBe(true);
    expect(monthHasEnded('2025-12', new Date('2026-01-01T00:00:00Z'))).toBe(true);
  });

  it('offers "Mark paid" only for ended months with something payable', () => {
    const now = new Date('2026-04-15T00:00:00Z');
    const rows = [
      month('2026-02', 100),
      month('2026-03', 0),
      month('2026-04', 50),
      month('2026-03', 5, 'USD'),
    ];
    expect(payableMonths(rows, now).map((row) => `${row.month} ${row.currency}`)).toEqual([
      '2026-02 INR',
      '2026-03 USD',
    ]);
  });

  it('lists each month once, newest first, for the month filter', () => {
    const options = monthOptions([month('2026-02', 1), month('2026-04', 1), month('2026-02', 1, 'USD')]);
    expect(options.map((option) => option.value)).toEqual(['2026-04', '2026-02']);
  });

  it('says a rule in one sentence', () => {
    expect(describeRule({ percent: 20, months: 12, scope: 'plans', holdDays: 30 })).toBe(
      '20% of plan payments for the first 12 months, payable after a 30-day hold.',
    );
    expect(describeRule({ percent: 5, months: null, scope: 'both', holdDays: 0 })).toBe(
      "5% of plan payments and course purchases for the customer's lifetime, payable at once.",
    );
    expect(describeRule({ percent: 10, months: 1, scope: 'courses', holdDays: 7 })).toBe(
      '10% of course purchases for the first 1 month, payable after a 7-day hold.',
    );
  });
});
