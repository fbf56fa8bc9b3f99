import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvoiceRowView } from '../../../common/contracts/billing';
import { api } from '../../app/api';
import { downloadFile } from '../../app/download';
import { withLocalDays } from '../reports';
import { pdfFileName } from './format';
import { t } from './i18n';

export type InvoiceQuery = Record<string, string | number | undefined>;
export const INVOICE_PAGE_SIZE = 20;

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (query: InvoiceQuery) => ['invoices', 'list', query] as const,
};

/**
 * The caller's invoices; the date filters are the browser's own days, sent as instants. `enabled: false` for
 * someone the server would refuse (a teacher inside an institute).
 */
export function useInvoices(query: InvoiceQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: invoiceKeys.list(query),
    queryFn: () =>
      api<{ invoices: InvoiceRowView[]; total: number }>('/invoices', {
        query: withLocalDays({ ...query, pageSize: INVOICE_PAGE_SIZE }),
      }),
    placeholderData: keepPreviousData,
  });
}

/** Saves an invoice's PDF as "<number>.pdf", slashes as dashes (the route needs the Authorization header). */
export const downloadInvoicePdf = (invoice: Pick<InvoiceRowView, 'id' | 'number'>) =>
  downloadFile(`/invoices/${invoice.id}/pdf`, pdfFileName(invoice), t('invoices.downloadFailed'));
