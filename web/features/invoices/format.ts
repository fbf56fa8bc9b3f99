import type { InvoiceRowView } from '../../../common/contracts/billing';
import { formatPrice } from '../../../common/money';
import { formatDate } from '../../../common/time';

/** An invoice's day as its PDF prints it: the day in UTC (server/modules/invoices/tax.ts invoiceDay). */
export const formatInvoiceDay = (iso: string) => formatDate(iso, { timeZone: 'UTC' });

export const formatPeriod = (invoice: Pick<InvoiceRowView, 'periodStart' | 'periodEnd'>) =>
  invoice.periodStart && invoice.periodEnd
    ? `${formatInvoiceDay(invoice.periodStart)} – ${formatInvoiceDay(invoice.periodEnd)}`
    : '—';

/** "GST 18%: ₹180.00" — prices include tax, so this is the part of the total that is tax. */
export const formatTax = (invoice: InvoiceRowView) =>
  `${invoice.taxLabel} ${invoice.taxRate}%: ${formatPrice(invoice.taxAmount, invoice.currency)}`;

export const KIND_LABELS: Record<InvoiceRowView['kind'], string> = {
  subscription: 'Subscription',
  course: 'Course',
  commission: 'Commission',
  credit_note: 'Credit note',
};

/** A credit note names the invoice it reverses: "Refund of GK/26-27/000001: Pro teacher (teacher) — monthly". */
export const formatDescription = (invoice: InvoiceRowView) =>
  invoice.creditsNumber ? `Refund of ${invoice.creditsNumber}: ${invoice.description}` : invoice.description;

/** The PDF's file name: the number with its slashes as dashes ("GK-26-27-000001.pdf"). */
export const pdfFileName = (invoice: Pick<InvoiceRowView, 'number'>) =>
  `${invoice.number.replaceAll('/', '-')}.pdf`;

export const STATUS_LABELS: Record<InvoiceRowView['status'], { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'green' },
  issued: { label: 'Issued', color: 'blue' },
};
