import { describe, expect, it } from 'vitest';
import { COUNTRIES, FALLBACK_COUNTRY, findCountry } from './countries';

describe('COUNTRIES', () => {
  it('lists all 249 ISO 3166-1 codes once', () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('is sorted by name, with unique names', () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(names).size).toBe(names.length);
  });

  it('has an ISO 4217 currency and a symbol for each country', () => {
    for (const { currency, symbol } of COUNTRIES) {
      expect(currency).toMatch(/^[A-Z]{3}$/);
      expect(symbol.trim()).not.toBe('');
    }
  });

  it('has the expected currencies for major markets', () => {
    const currencyOf = (code: string) => findCountry(code)?.currency;
    expect(currencyOf('US')).toBe('USD');
    expect(currencyOf('GB')).toBe('GBP');
    expect(currencyOf('DE')).toBe('EUR');
    expect(currencyOf('JP')).toBe('JPY');
    expect(currencyOf('AE')).toBe('AED');
    expect(currencyOf('EC')).toBe('USD');
    expect(currencyOf('HR')).toBe('EUR');
    expect(findCountry('GB')?.symbol).toBe('£');
  });
});

describe('findCountry', () => {
  it('finds by code ignoring case and spaces', () => {
    expect(findCountry('IN')).toEqual({ code: 'IN', name: 'India', currency: 'INR', symbol: '₹' });
    expect(findCountry('in')?.name).toBe('India');
    expect(findCountry(' us ')?.name).toBe('United States');
  });

  it('returns undefined for unknown codes', () => {
    expect(findCountry('')).toBeUndefined();
    expect(findCountry('XX')).toBeUndefined();
    expect(findCountry('IND')).toBeUndefined();
  });
});

describe('FALLBACK_COUNTRY', () => {
  it('is India with rupees', () => {
    expect(FALLBACK_COUNTRY).toEqual({ code: 'IN', name: 'India', currency: 'INR', symbol: '₹' });
    expect(findCountry(FALLBACK_COUNTRY.code)).toEqual(FALLBACK_COUNTRY);
  });
});
