import { describe, expect, it } from 'vitest';
import { formatPrice } from '../money';
import { formatDate, formatDateTime, formatMonth } from '../time';
import { acceptedLanguages, formatNumber, pickLocale } from './locales';

describe('formatting in the interface language', () => {
  it('groups lakhs and crores in Hindi, and English stays as the spec has it', () => {
    expect(formatPrice(118000, 'INR', undefined, 'hi')).toBe('₹1,18,000.00');
    expect(formatPrice(12345678.5, 'INR', undefined, 'hi')).toBe('₹1,23,45,678.50');
    expect(formatPrice(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatNumber(118000, 'hi')).toBe('1,18,000');
    expect(formatNumber(118000)).toBe('118,000');
  });

  it('writes dates in Hindi with Hindi month names, English in the spec form', () => {
    expect(formatDate('2026-01-05', { locale: 'hi' })).toBe('05 जन॰ 2026');
    expect(formatDate('2026-01-05', { locale: 'en' })).toBe('05 Jan, 2026');
    expect(formatDateTime('2026-01-05T08:35:00Z', { locale: 'hi', timeZone: 'Asia/Kolkata' })).toBe(
      '05 जन॰ 2026, 14:05',
    );
    expect(formatMonth('2026-03', { locale: 'hi' })).toBe('मार्च 2026');
    expect(formatDate(null, { locale: 'hi' })).toBe('—');
  });
});

describe('the caller language', () => {
  it('is the first preferred language the interface speaks', () => {
    expect(pickLocale(['hi-IN', 'en-US'])).toBe('hi');
    expect(pickLocale(['ta-IN', 'hi'])).toBe('hi');
    expect(pickLocale(['fr', 'de'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });

  it('reads Accept-Language by weight', () => {
    expect(acceptedLanguages('en-US;q=0.5, hi-IN;q=0.9, *')).toEqual(['hi-IN', 'en-US']);
    expect(acceptedLanguages('hi;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(';;,, q=abc')).toEqual(['q=abc']);
  });
});
