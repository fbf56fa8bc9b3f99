import { gstStateName, OUTSIDE_INDIA } from '../../../common/gst';
import { roundMoney } from '../../../common/money';
import type { InvoiceGstColumn } from '../../db/schema/index';

/** India Standard Time is UTC+5:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/**
 * The Indian financial year (1 April – 31 March, India time) an instant falls in, as invoices number it: "26-27"
 * for 2026-27. Two digits a year keep "GK/26-27/000001" within the 16 characters Rule 46(b) allows.
 */
export function financialYear(at: Date): string {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const start = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  const yy = (year: number) => String(year % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

/** The two numbered series: tax invoices and credit notes, each gap-free within a financial year. */
export const DOCUMENT_SERIES = { invoice: 'GK', creditNote: 'CN' } as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[keyof typeof DOCUMENT_SERIES];

/** "GK/26-27/000042". */
export const documentNumber = (series: DocumentSeries, fy: string, n: number): string =>
  `${series}/${fy}/${String(n).padStart(6, '0')}`;

/**
 * SAC (Services Accounting Code) per kind of sale, decision 067: a course is online coaching, 999293 "Commercial
 * training and coaching services"; a plan is the use of the hosted platform itself, 997331 "Licensing services for
 * the right to use computer software and databases". Both are taxed at 18 %.
 */
export const SAC_CODES = { course: '999293', subscription: '997331' } as const;

/** The GST facts copied onto a tax invoice or credit note (the `gst` column). Amounts are the document's own. */
export type InvoiceGst = InvoiceGstColumn;
export type SupplyKind = InvoiceGst['supply'];

/**
 * Where the supply is made (IGST Act s. 12(2)): the registered buyer's state (their GSTIN's first two digits),
 * else the state the buyer chose at checkout, else (an unregistered buyer with no address on record) the
 * supplier's own state. OUTSIDE_INDIA when the buyer said they are abroad.
 */
export function placeOfSupply(buyer: { gstin?: string; stateCode?: string }, supplierState: string): string {
  if (buyer.gstin) return buyer.gstin.slice(0, 2);
  if (buyer.stateCode && (buyer.stateCode === OUTSIDE_INDIA || gstStateName(buyer.stateCode)))
    return buyer.stateCode;
  return supplierState;
}

/**
 * Splits a tax-inclusive total: intra-state → CGST and SGST at half the rate each (equal halves, the taxable value
 * takes the rounding), inter-state → IGST at the full rate, export → no tax (zero-rated under a LUT). The parts
 * always add up to the total exactly.
 */
export function splitGst(
  total: number,
  ratePercent: number,
  supplierState: string,
  place: string,
): Pick<InvoiceGst, 'supply' | 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'rate'> {
  if (place === OUTSIDE_INDIA)
    return { supply: 'export', rate: 0, taxableValue: roundMoney(total), cgst: 0, sgst: 0, igst: 0 };
  if (place === supplierState) {
    const half = roundMoney((total * ratePercent) / 2 / (100 + ratePercent));
    return {
      supply: 'intra',
      rate: ratePercent,
      taxableValue: roundMoney(total - 2 * half),
      cgst: half,
      sgst: half,
      igst: 0,
    };
  }
  const igst = roundMoney((total * ratePercent) / (100 + ratePercent));
  return {
    supply: 'inter',
    rate: ratePercent,
    taxableValue: roundMoney(total - igst),
    cgst: 0,
    sgst: 0,
    igst,
  };
}

/** A credit note reverses its invoice in full: the same split, every amount negated. */
export function reversedGst(gst: InvoiceGst, original: { number: string; issuedAt: Date }): InvoiceGst {
  const minus = (amount: number) => roundMoney(-amount);
  return {
    ...gst,
    taxableValue: minus(gst.taxableValue),
    cgst: minus(gst.cgst),
    sgst: minus(gst.sgst),
    igst: minus(gst.igst),
    original: { number: original.number, issuedAt: original.issuedAt.toISOString() },
  };
}
