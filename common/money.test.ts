import { describe, expect, it } from 'vitest';
import { convertCurrency, formatPrice } from './money';

const rates = { _id: '65f0c0ffee', USD: 1, INR: 88, EUR: '0.8', GBP: 0.75, ZERO: 0, BAD: 'abc' };

describe('convertCurrency', () => {
  it('divides by the source rate and multiplies by the target rate', () => {
    expect(convertCurrency(10, 'USD', 'INR', rates)).toEqual({ amount: 880, currency: 'INR' });
    expect(convertCurrency(880, 'INR', 'USD', rates)).toEqual({ amount: 10, currency: 'USD' });
    expect(convertCurrency(100, 'GBP', 'INR', rates)).toEqual({ amount: 11733.33, currency: 'INR' });
  });

  it('accepts numeric strings as rates', () => {
    expect(convertCurrency(10, 'USD', 'EUR', rates)).toEqual({ amount: 8, currency: 'EUR' });
    expect(convertCurrency(8, 'EUR', 'GBP', rates)).toEqual({ amount: 7.5, currency: 'GBP' });
  });

  it('rounds to 2 decimals, half away from zero', () => {
    expect(convertCurrency(1, 'INR', 'USD', rates).amount).toBe(0.01);
    expect(convertCurrency(0.1, 'INR', 'USD', rates).amount).toBe(0);
    expect(convertCurrency(1.005, 'USD', 'USD', rates).amount).toBe(1.01);
    expect(convertCurrency(-1.005, 'USD', 'USD', rates).amount).toBe(-1.01);
    expect(convertCurrency(0.1 + 0.2, 'USD', 'USD', rates).amount).toBe(0.3);
  });

  it('returns the original amount and currency when a rate is missing', () => {
    expect(convertCurrency(12.345, 'USD', 'JPY', rates)).toEqual({ amount: 12.345, currency: 'USD' });
    expect(convertCurrency(12.345, 'JPY', 'USD', rates)).toEqual({ amount: 12.345, currency: 'JPY' });
    expect(convertCurrency(5, 'USD', 'INR', {})).toEqual({ amount: 5, currency: 'USD' });
  });

  it('ignores _id and prototype keys as currencies', () => {
    expect(convertCurrency(5, '_id', 'USD', rates)).toEqual({ amount: 5, currency: '_id' });
    expect(convertCurrency(5, 'USD', '_id', rates)).toEqual({ amount: 5, currency: 'USD' });
    expect(convertCurrency(5, 'USD', 'toString', rates)).toEqual({ amount: 5, currency: 'USD' });
  });

  it('treats zero, negative and non-numeric rates as missing', () => {
    expect(convertCurrency(5, 'USD', 'ZERO', rates)).toEqual({ amount: 5, currency: 'USD' });
    expect(convertCurrency(5, 'ZERO', 'USD', rates)).toEqual({ amount: 5, currency: 'ZERO' });
    expect(convertCurrency(5, 'USD', 'BAD', rates)).toEqual({ amount: 5, currency: 'USD' });
    expect(convertCurrency(5, 'USD', 'X', { USD: 1, X: -2 })).toEqual({ amount: 5, currency: 'USD' });
    expect(convertCurrency(5, 'USD', 'X', { USD: 1, X: ' ' })).toEqual({ amount: 5, currency: 'USD' });
  });

  it('handles zero and non-finite amounts', () => {
    expect(convertCurrency(0, 'USD', 'INR', rates)).toEqual({ amount: 0, currency: 'INR' });
    expect(convertCurrency(Number.NaN, 'USD', 'INR', rates)).toEqual({ amount: Number.NaN, currency: 'USD' });
  });
});

describe('formatPrice', () => {
  it('formats with Intl currency conventions', () => {
    expect(formatPrice(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatPrice(1234.5, 'INR')).toBe('₹1,234.50');
    expect(formatPrice(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatPrice(0, 'GBP')).toBe('£0.00');
    expect(formatPrice(-3, 'USD')).toBe('-$3.00');
  });

  it('uses the currency minor units (JPY has none)', () => {
    expect(formatPrice(1234.5, 'JPY')).toBe('¥1,235');
  });

  it('accepts lower-case codes', () => {
    expect(formatPrice(2, 'usd')).toBe('$2.00');
  });

  it('ignores the symbol when the code is valid', () => {
    expect(formatPrice(2, 'USD', 'US$')).toBe('$2.00');
  });

  it('falls back to symbol or code with 2 decimals for malformed codes', () => {
    expect(formatPrice(12, 'DOLLAR', '$')).toBe('$ 12.00');
    expect(formatPrice(12.345, 'RS')).toBe('RS 12.35');
    expect(formatPrice(1, '')).toBe(' 1.00');
  });
});
