import type { Locale } from '../../../common/i18n/locales';
import { formatPrice, roundMoney } from '../../../common/money';
import { formatDate } from '../../../common/time';

/** A seller or buyer block as copied onto an invoice (name, address, taxId, email, institute…). */
export type InvoiceParty = Record<string, string>;

/**
 * Prices include tax: the tax inside a total at `ratePercent` is total × rate / (100 + rate), and the
 * subtotal is what remains, so subtotal + tax always equals the total exactly.
 */
export function splitIncludedTax(
  total: number,
  ratePercent: number,
): { subtotal: number; taxAmount: number } {
  const taxAmount = ratePercent > 0 ? roundMoney((total * ratePercent) / (100 + ratePercent)) : 0;
  return { subtotal: roundMoney(total - taxAmount), taxAmount };
}

/**
 * "22 Nov, 2026": the day in UTC, the same wherever the server runs (the web's invoice list shows it so too); in
 * Hindi as hi-IN writes it ("22 नव॰ 2026").
 */
export function invoiceDay(date: Date, locale: Locale = 'en'): string {
  return formatDate(date, { timeZone: 'UTC', locale });
}

/**
 * An amount for the PDF. With a font that has the currency signs it reads as the web app shows it
 * (common/money.ts formatPrice: "₹1,180.00"); with pdfkit's built-in Helvetica, which has no ₹, the code
 * stands in for the symbol: "INR 1,180.00". A Hindi PDF groups as hi-IN does ("₹1,18,000.00").
 */
export function pdfAmount(amount: number, currency: string, symbols = false, locale: Locale = 'en'): string {
  if (symbols) return formatPrice(amount, currency, undefined, locale);
  return `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
