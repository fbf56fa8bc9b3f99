import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceRowView } from '../../../common/contracts/billing';
import type { Locale } from '../../../common/i18n/locales';
import { courses, type InvoiceRow, invoices, paymentOrders, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { forbidden, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { lineDescription } from './line-description';
import { pdfLogoOf } from './logo';
import { renderInvoicePdf } from './pdf';
import type { InvoiceListQuery } from './schemas';
import type { InvoiceLanguage } from './words';

/** A teacher inside an institute has no invoices of their own to see (SPEC hides the page for them). */
export function assertInvoiceOwner(actor: Actor): void {
  if (actor.userType === 'teacher' && actor.instituteId)
    throw forbidden(said('server.invoices.instituteCovers'));
}

/** Inclusive issue-date bounds: a bare day is the whole UTC day; an instant is taken as is. */
function issuedWithin(from?: string, to?: string): SQL[] {
  const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(invoices.issuedAt, new Date(isDay(from) ? `${from}T00:00:00.000Z` : from)));
  if (to) conditions.push(lte(invoices.issuedAt, new Date(isDay(to) ? `${to}T23:59:59.999Z` : to)));
  return conditions;
}

export function invoiceView(
  row: InvoiceRow,
  creditsNumber: string | null = null,
  locale: Locale = 'en',
): InvoiceRowView {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind as InvoiceRowView['kind'],
    description: row.lines.map((line) => lineDescription(line, row, locale)).join('; '),
    creditsNumber,
    issuedAt: row.issuedAt.toISOString(),
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    currency: row.currency,
    subtotal: row.subtotal,
    taxLabel: row.taxLabel,
    taxRate: row.taxRate,
    taxAmount: row.taxAmount,
    total: row.total,
    status: row.status as InvoiceRowView['status'],
  };
}

const originals = alias(invoices, 'originals');

/** The caller's own invoices and credit notes (each naming the invoice it reverses), newest first. */
export async function listInvoices(
  app: App,
  actor: Actor,
  query: InvoiceListQuery,
  locale: Locale = 'en',
): Promise<{ invoices: InvoiceRowView[]; total: number }> {
  assertInvoiceOwner(actor);
  const where = and(
    eq(invoices.userId, actor.userId),
    query.kind ? eq(invoices.kind, query.kind) : undefined,
    ...issuedWithin(query.from, query.to),
  );
  const [rows, [{ total }]] = await Promise.all([
    app.db
      .select({ invoice: invoices, creditsNumber: originals.number })
      .from(invoices)
      .leftJoin(originals, eq(originals.id, invoices.creditsInvoiceId))
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    app.db.select({ total: count() }).from(invoices).where(where),
  ]);
  return { invoices: rows.map((row) => invoiceView(row.invoice, row.creditsNumber, locale)), total };
}

const teachers = alias(users, 'teachers');
const institutes = alias(users, 'institutes');

/**
 * One of the caller's invoices as a PDF; someone else's is "not found", never "forbidden".
 *
 * Whose logo heads it: the platform issues every invoice (its seller block), but a course invoice sells a
 * teacher's course, so it carries that teacher's brand logo, or else their institute's, as the course's catalog
 * card does. Subscriptions and commissions are the platform's own business and keep its plain heading, as does
 * any invoice whose logo cannot be read or drawn.
 */
export async function invoicePdf(
  app: App,
  actor: Actor,
  invoiceId: string,
  /** The PDF's language: the one asked for, else the caller's (the route decides, decision 070). */
  language: InvoiceLanguage = 'en',
): Promise<{ number: string; pdf: Buffer }> {
  assertInvoiceOwner(actor);
  const [row] = await app.db
    .select({
      invoice: invoices,
      provider: paymentOrders.provider,
      brandLogoPath: sql<string | null>`coalesce(${teachers.brandLogoPath}, ${institutes.brandLogoPath})`,
      originalNumber: originals.number,
      originalIssuedAt: originals.issuedAt,
    })
    .from(invoices)
    .leftJoin(originals, eq(originals.id, invoices.creditsInvoiceId))
    // A credit note was paid through its invoice's order.
    .leftJoin(paymentOrders, eq(paymentOrders.id, sql`coalesce(${invoices.orderId}, ${originals.orderId})`))
    .leftJoin(courses, and(eq(invoices.kind, 'course'), eq(courses.id, paymentOrders.courseId)))
    .leftJoin(teachers, eq(teachers.id, courses.ownerId))
    .leftJoin(institutes, eq(institutes.id, teachers.instituteId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, actor.userId)))
    .limit(1);
  if (!row) throw notFound(said('server.invoices.notFound'));
  const logo = row.brandLogoPath ? await pdfLogoOf(app, row.brandLogoPath) : null;
  const pdf = await renderInvoicePdf(row.invoice, {
    testPayment: row.provider === 'test',
    language,
    original:
      row.originalNumber && row.originalIssuedAt
        ? { number: row.originalNumber, issuedAt: row.originalIssuedAt }
        : undefined,
    logo,
    onLogoError: (error) =>
      app.log.warn({ err: error, invoiceId, key: row.brandLogoPath }, 'left the brand logo off an invoice'),
  });
  return { number: row.invoice.number, pdf };
}
