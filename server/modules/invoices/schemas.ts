import { z } from 'zod';
import { dayOrInstant } from '../../../common/contracts/dates';
import { said } from '../../i18n/said';

export const INVOICE_KINDS = ['subscription', 'course', 'commission', 'credit_note'] as const;

/** GET /api/invoices: filters on kind and the issue date, a page of at most 50. */
export const invoiceListQuerySchema = z.object({
  kind: z.enum(INVOICE_KINDS).optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceParamsSchema = z.object({
  invoiceId: z.uuid({ error: said('server.invoices.notFound').english }),
});

/**
 * GET /api/invoices/:invoiceId/pdf?language=hi: the language the PDF is written in; without it, the caller's own
 * (their chosen language, else Accept-Language; decision 070).
 */
export const invoicePdfQuerySchema = z.object({
  language: z.enum(['en', 'hi'], { error: said('server.invoices.schema.language').english }).optional(),
});
