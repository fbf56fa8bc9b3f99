import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { SEED_EXCHANGE_RATES } from './currency-seed';
import { convertCurrency } from './money';

const REQUIRED = [
  'INR',
  'USD',
  'EUR',
  'GBP',
  'AUD',
  'CAD',
  'SGD',
  'AED',
  'JPY',
  'CNY',
  'ZAR',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'BRL',
  'MXN',
  'IDR',
  'MYR',
  'THB',
  'PHP',
  'PKR',
  'BDT',
  'LKR',
  'NPR',
  'KES',
  'NGN',
  'SAR',
  'QAR',
  'KWD',
  'HKD',
  'KRW',
  'TRY',
  'PLN',
  'RUB',
  'EGP',
  'VND',
  'ILS',
  'CZK',
];

describe('SEED_EXCHANGE_RATES', () => {
  it('is USD-based and covers at least 40 required currencies', () => {
    expect(SEED_EXCHANGE_RATES.USD).toBe(1);
    expect(REQUIRED).toHaveLength(40);
    for (const code of REQUIRED) expect(SEED_EXCHANGE_RATES).toHaveProperty(code);
    expect(Object.keys(SEED_EXCHANGE_RATES).length).toBeGreaterThanOrEqual(40);
  });

  it('has positive finite rates for currencies used by some country', () => {
    const used = new Set(COUNTRIES.map((c) => c.currency));
    for (const [code, rate] of Object.entries(SEED_EXCHANGE_RATES)) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(used.has(code)).toBe(true);
      expect(Number.isFinite(rate) && rate > 0).toBe(true);
    }
  });

  it('has plausible magnitudes', () => {
    expect(SEED_EXCHANGE_RATES.INR).toBeGreaterThan(70);
    expect(SEED_EXCHANGE_RATES.INR).toBeLessThan(110);
    expect(SEED_EXCHANGE_RATES.EUR).toBeLessThan(1);
    expect(SEED_EXCHANGE_RATES.GBP).toBeLessThan(SEED_EXCHANGE_RATES.EUR);
    expect(SEED_EXCHANGE_RATES.KWD).toBeLessThan(0.5);
    expect(SEED_EXCHANGE_RATES.AED).toBeCloseTo(3.6725, 4);
    expect(SEED_EXCHANGE_RATES.SAR).toBeCloseTo(3.75, 4);
    expect(SEED_EXCHANGE_RATES.IDR).toBeGreaterThan(10_000);
  });

  it('works with convertCurrency', () => {
    expect(convertCurrency(100, 'USD', 'INR', SEED_EXCHANGE_RATES)).toEqual({
      amount: 8870,
      currency: 'INR',
    });
  });
});
