import { INTL_LOCALES, type Locale } from './i18n/locales';

/** Exchange rates keyed by ISO currency code, relative to a common base; values may arrive as strings. */
export type ExchangeRates = Record<string, number | string>;

/**
 * The one money rounding: half away from zero to 2 decimals without binary float surprises (1.005 -> 1.01).
 * Prices, conversions, tax and commissions all go through it.
 */
export function roundMoney(value: number): number {
  const cents = Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
  return (Math.sign(value) * cents) / 100 || 0;
}

/** A usable positive rate for `currency`, or undefined; metadata keys such as `_id` never count. */
function rateFor(rates: ExchangeRates, currency: string): number | undefined {
  if (currency.startsWith('_') || !Object.hasOwn(rates, currency)) return undefined;
  const raw = rates[currency];
  const rate = typeof raw === 'number' ? raw : raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

/**
 * Converts a price between currencies so courses can be shown in the viewer's currency:
 * `amount / rate[from] * rate[to]`, rounded to 2 decimals. Rates may be numbers or numeric strings (as
 * stored); keys starting with `_` (e.g. a document `_id`) are ignored. If either rate is missing or not a
 * positive number (or the amount is not finite), the original amount and currency are returned untouched.
 */
export function convertCurrency(
  amount: number,
  from: string,
  to: string,
  rates: ExchangeRates,
): { amount: number; currency: string } {
  const fromRate = rateFor(rates, from);
  const toRate = rateFor(rates, to);
  if (fromRate === undefined || toRate === undefined || !Number.isFinite(amount)) {
    return { amount, currency: from };
  }
  return { amount: roundMoney((amount / fromRate) * toRate), currency: to };
}

/**
 * A formatter per language and currency, made once: making one costs far more than using it (a catalog page of
 * twelve cards made thirty-six, 35 ms of a slow phone's main thread).
 */
const PRICE_FORMATS = new Map<string, Intl.NumberFormat>();
function priceFormat(locale: Locale, currency: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let format = PRICE_FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'currency', currency });
    PRICE_FORMATS.set(key, format);
  }
  return format;
}

/**
 * Formats a price for display. English keeps the `en-US` conventions (e.g. `$1,234.50`, `¥1,235`), so
 * server-rendered emails and the web app agree; another interface language formats as its country does (Hindi:
 * hi-IN, lakhs and crores, `₹1,18,000.00`; decision 068). Codes Intl rejects as malformed fall back to
 * `"<symbol or code> <amount with 2 decimals>"`.
 */
export function formatPrice(
  amount: number,
  currency: string,
  symbol?: string,
  locale: Locale = 'en',
): string {
  try {
    return priceFormat(locale, currency).format(amount);
  } catch {
    return `${symbol ?? currency} ${amount.toFixed(2)}`;
  }
}
