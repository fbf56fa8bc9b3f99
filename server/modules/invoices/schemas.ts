import { z } from 'zod';

export const INVOICE_KINDS = ['subscription', 'course', 'commission'] as const;

/** A day (YYYY-MM-DD, whole day in UTC) or an exact ISO instant with an offset (the browser's local day). */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Please enter a valid date',
});

/** GET /api/invoices: filters on kind and the issue date, a page of at most 50. */
export const invoiceListQuerySchema = z.object({
  kind: z.enum(INVOICE_KINDS).optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceParamsSchema = z.object({ invoiceId: z.uuid({ error: 'Invoice not found' }) });
