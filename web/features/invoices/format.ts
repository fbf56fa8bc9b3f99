import type { InvoiceRowView } from '../../../common/contracts/billing';
import type { Locale } from '../../../common/i18n/locales';
import { formatPrice } from '../../../common/money';
import { formatDate } from '../../../common/time';
import type { t as translate } from './i18n';

/** An invoice's day as its PDF prints it: the day in UTC (server/modules/invoices/tax.ts invoiceDay). */
export const formatInvoiceDay = (iso: string, locale?: Locale) =>
  formatDate(iso, { timeZone: 'UTC', locale });

export const formatPeriod = (invoice: Pick<InvoiceRowView, 'periodStart' | 'periodEnd'>, locale?: Locale) =>
  invoice.periodStart && invoice.periodEnd
    ? `${formatInvoiceDay(invoice.periodStart, locale)} – ${formatInvoiceDay(invoice.periodEnd, locale)}`
    : '—';

/** "GST 18%: ₹180.00" — prices include tax, so this is the part of the total that is tax. */
export const formatTax = (invoice: InvoiceRowView, locale?: Locale) =>
  `${invoice.taxLabel} ${invoice.taxRate}%: ${formatPrice(invoice.taxAmount, invoice.currency, undefined, locale)}`;

/** Each kind's label key (invoices.kind.*). */
export const KIND_KEYS: Record<InvoiceRowView['kind'], string> = {
  subscription: 'invoices.kind.subscription',
  course: 'invoices.kind.course',
  commission: 'invoices.kind.commission',
  credit_note: 'invoices.kind.credit_note',
};

/** A credit note names the invoice it reverses: "Refund of GK/26-27/000001: Pro teacher (teacher) — monthly". */
export const formatDescription = (invoice: InvoiceRowView, t: typeof translate) =>
  invoice.creditsNumber
    ? t('invoices.refundOf', { number: invoice.creditsNumber, description: invoice.description })
    : invoice.description;

/** The PDF's file name: the number with its slashes as dashes ("GK-26-27-000001.pdf"). */
export const pdfFileName = (invoice: Pick<InvoiceRowView, 'number'>) =>
  `${invoice.number.replaceAll('/', '-')}.pdf`;

export const STATUS_LABELS: Record<InvoiceRowView['status'], { labelKey: string; color: string }> = {
  paid: { labelKey: 'invoices.status.paid', color: 'green' },
  issued: { labelKey: 'invoices.status.issued', color: 'blue' },
};
