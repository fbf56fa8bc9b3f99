/**
 * Razorpay wants amounts in the currency's smallest unit. Most currencies have 100 of them; these have
 * none (the amount is already whole), and a few have 1000.
 */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const THREE_DECIMAL = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

export function subunitFactor(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 1;
  if (THREE_DECIMAL.has(code)) return 1000;
  return 100;
}

/** An amount in the main unit as an integer count of the smallest unit (rounded, never fractional). */
export const toSubunits = (amount: number, currency: string) => Math.round(amount * subunitFactor(currency));
