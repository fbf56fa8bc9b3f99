import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { gstStateName, OUTSIDE_INDIA } from '../../../common/gst';
import { roundMoney } from '../../../common/money';
import {
  courses,
  type InvoiceRow,
  invoiceCounters,
  invoices,
  type OrderBuyerTax,
  paymentOrders,
  plans,
  subscriptions,
  users,
} from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError, badRequest, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import {
  DOCUMENT_SERIES,
  type DocumentSeries,
  documentNumber,
  financialYear,
  placeOfSupply,
  reversedGst,
  SAC_CODES,
  splitGst,
} from './gst';
import { describePlanLine, type PlanLineParts } from './line-description';
import { type InvoiceParty, splitIncludedTax } from './tax';

type Tx = Parameters<Parameters<App['db']['transaction']>[0]>[0];

export interface IssuedInvoice {
  id: string;
  number: string;
}

export interface InvoicePeriod {
  start: Date;
  end: Date;
}

/** INV-<year of issue>-<000001>: one sequence for every invoice, so numbers never repeat. */
async function nextInvoiceNumber(app: App, issuedAt: Date): Promise<string> {
  const result = await app.db.execute<{ n: string }>(sql`select nextval('invoice_number_seq')::text as n`);
  const n = result.rows[0]?.n;
  if (!n) throw new Error('invoice_number_seq gave no value');
  return `INV-${issuedAt.getUTCFullYear()}-${n.padStart(6, '0')}`;
}

/**
 * The next number of a series in the financial year of `at`, from its counter row bumped in the caller's
 * transaction: the row lock makes concurrent issues wait their turn, and a rolled-back issue gives its number back,
 * so the series has no gaps (decision 067).
 */
async function nextDocumentNumber(tx: Tx, series: DocumentSeries, at: Date): Promise<string> {
  const fy = financialYear(at);
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, fiscalYear: fy, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.fiscalYear],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ n: invoiceCounters.lastNumber });
  return documentNumber(series, fy, row.n);
}

/** The seller as configured now, copied into the invoice so later changes never alter it. */
function sellerOf(app: App, gst: boolean): InvoiceParty {
  const { name, address, taxId, email } = app.config.invoiceSeller;
  const supplier = app.config.gst;
  if (!gst || !supplier) return { name, address, taxId, email };
  const state = gstStateName(supplier.stateCode) ?? '';
  return {
    name: supplier.legalName,
    address,
    gstin: supplier.gstin,
    state,
    stateCode: supplier.stateCode,
    email,
  };
}

/**
 * The buyer as they are at issue time, with the GST details given at checkout: a GSTIN (its state is theirs) or
 * the state they chose, or "Outside India".
 */
async function buyerOf(app: App, userId: string, tax?: OrderBuyerTax | null): Promise<InvoiceParty> {
  const user = await app.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw notFound(said('server.invoices.buyerGone'));
  const buyer: InvoiceParty = { name: user.fullName, email: user.email };
  if (user.userType === 'institute') buyer.institute = user.fullName;
  else if (user.instituteId) {
    const institute = await app.db.query.users.findFirst({ where: eq(users.id, user.instituteId) });
    if (institute) buyer.institute = institute.fullName;
  }
  if (tax?.gstin) buyer.gstin = tax.gstin;
  const stateCode = tax?.gstin ? tax.gstin.slice(0, 2) : tax?.stateCode;
  const state = stateCode ? gstStateName(stateCode) : undefined;
  if (stateCode && state) {
    buyer.stateCode = stateCode;
    if (stateCode === OUTSIDE_INDIA) buyer.country = state;
    else buyer.state = state;
  }
  return buyer;
}

/** The GST block of a rupee order when the platform is GST-registered; null for a plain invoice. */
function gstFor(
  app: App,
  kind: 'subscription' | 'course',
  amount: number,
  currency: string,
  buyer: InvoiceParty,
) {
  const supplier = app.config.gst;
  if (!supplier || currency !== 'INR') return null;
  const place = placeOfSupply(buyer, supplier.stateCode);
  const split = splitGst(amount, app.config.taxRatePercent, supplier.stateCode, place);
  return { sac: SAC_CODES[kind], supplierState: supplier.stateCode, placeOfSupply: place, ...split };
}

/** The subscription period a paid plan order granted: the payer's latest one that began after payment. */
async function grantedPeriod(app: App, userId: string, paidAt: Date): Promise<InvoicePeriod | null> {
  const [row] = await app.db
    .select({ start: subscriptions.currentPeriodStart, end: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), gte(subscriptions.currentPeriodStart, paidAt)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.start && row.end ? { start: row.start, end: row.end } : null;
}

interface InvoiceLineInfo {
  kind: 'subscription' | 'course';
  description: string;
  /** A plan line's parts, stored so it prints in the reader's language (line-description.ts). */
  plan?: PlanLineParts;
  period: InvoicePeriod | null;
}

async function lineFor(
  app: App,
  order: typeof paymentOrders.$inferSelect,
  paidAt: Date,
  period?: InvoicePeriod,
): Promise<InvoiceLineInfo> {
  if (order.purpose === 'course') {
    const course = order.courseId
      ? await app.db.query.courses.findFirst({ where: eq(courses.id, order.courseId) })
      : undefined;
    return { kind: 'course', description: course?.title ?? 'Course', period: period ?? null };
  }
  const plan = order.planId
    ? await app.db.query.plans.findFirst({ where: eq(plans.id, order.planId) })
    : undefined;
  const granted = period ?? (await grantedPeriod(app, order.userId, paidAt));
  if (!plan) return { kind: 'subscription', description: 'Subscription', period: granted };
  const parts = { name: plan.name, audience: plan.audience, billingPeriod: order.billingPeriod };
  return {
    kind: 'subscription',
    description: describePlanLine(parts, granted, 'en'),
    plan: parts,
    period: granted,
  };
}

/**
 * Issues the invoice of a paid order, once: a retried grant or a second call finds the invoice the first
 * made (invoices_order_unique). Plan orders get the period of the subscription they granted, unless the
 * caller passes it.
 */
export async function issueInvoiceForOrder(
  app: App,
  orderId: string,
  period?: InvoicePeriod,
): Promise<IssuedInvoice> {
  const existing = await findOrderInvoice(app.db, orderId);
  if (existing) return existing;
  const order = await app.db.query.paymentOrders.findFirst({ where: eq(paymentOrders.id, orderId) });
  if (!order) throw notFound(said('server.invoices.orderNotFound'));
  if (order.status !== 'paid') throw new AppError('CONFLICT', said('server.invoices.orderNotPaid'));
  const issuedAt = new Date();
  const line = await lineFor(app, order, order.paidAt ?? order.createdAt, period);
  const buyer = await buyerOf(app, order.userId, order.buyerTax);
  const gst = gstFor(app, line.kind, order.amount, order.currency, buyer);
  const tax = gst
    ? { subtotal: gst.taxableValue, taxAmount: roundMoney(order.amount - gst.taxableValue) }
    : splitIncludedTax(order.amount, app.config.taxRatePercent);
  return app.db.transaction(async (tx) => {
    // One issue per order at a time; the second finds the first's invoice and takes no number.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice:${orderId}`}))`);
    const again = await findOrderInvoice(tx, orderId);
    if (again) return again;
    const [row] = await tx
      .insert(invoices)
      .values({
        number: await nextDocumentNumber(tx, DOCUMENT_SERIES.invoice, issuedAt),
        userId: order.userId,
        orderId: order.id,
        kind: line.kind,
        seller: sellerOf(app, gst !== null),
        buyer,
        lines: [
          { description: line.description, amount: order.amount, ...(line.plan ? { plan: line.plan } : {}) },
        ],
        periodStart: line.period?.start ?? null,
        periodEnd: line.period?.end ?? null,
        currency: order.currency,
        subtotal: tax.subtotal,
        taxLabel: gst ? 'GST' : app.config.taxLabel,
        taxRate: gst ? gst.rate : app.config.taxRatePercent,
        taxAmount: tax.taxAmount,
        total: order.amount,
        status: 'paid',
        issuedAt,
        gst,
      })
      .returning({ id: invoices.id, number: invoices.number });
    return row;
  });
}

/**
 * The credit note of a refunded order (decision 067): the order's invoice reversed in full, every amount and tax
 * negated, numbered in its own series (CN/26-27/000001) and naming the invoice it cancels. Once per invoice,
 * however often the refund is reported. Null when the order has no invoice to credit.
 */
export async function issueCreditNoteForOrder(app: App, orderId: string): Promise<IssuedInvoice | null> {
  const original = await app.db.query.invoices.findFirst({ where: eq(invoices.orderId, orderId) });
  if (!original) return null;
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credit:${original.id}`}))`);
    const [already] = await tx
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.creditsInvoiceId, original.id));
    if (already) return already;
    const issuedAt = new Date();
    const [row] = await tx
      .insert(invoices)
      .values(
        creditNoteOf(original, await nextDocumentNumber(tx, DOCUMENT_SERIES.creditNote, issuedAt), issuedAt),
      )
      .returning({ id: invoices.id, number: invoices.number });
    return row;
  });
}

function creditNoteOf(original: InvoiceRow, number: string, issuedAt: Date): typeof invoices.$inferInsert {
  const minus = (amount: number) => roundMoney(-amount);
  return {
    number,
    userId: original.userId,
    orderId: null,
    kind: 'credit_note',
    seller: original.seller,
    buyer: original.buyer,
    lines: original.lines.map((line) => ({ ...line, amount: minus(line.amount) })),
    periodStart: original.periodStart,
    periodEnd: original.periodEnd,
    currency: original.currency,
    subtotal: minus(original.subtotal),
    taxLabel: original.taxLabel,
    taxRate: original.taxRate,
    taxAmount: minus(original.taxAmount),
    total: minus(original.total),
    status: 'issued',
    issuedAt,
    gst: original.gst ? reversedGst(original.gst, original) : null,
    creditsInvoiceId: original.id,
  };
}

async function findOrderInvoice(db: App['db'] | Tx, orderId: string): Promise<IssuedInvoice | null> {
  const [row] = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.creditsInvoiceId)))
    .limit(1);
  return row ?? null;
}

export interface CommissionInput {
  description: string;
  amount: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
}

/**
 * A partner's commission invoice (no order behind it; status 'issued' until paid out). The platform is
 * the buyer's counterparty here too: seller and tax come from the same settings as every invoice.
 * `db` lets a payout insert it inside its own transaction.
 */
export async function issueCommissionInvoice(
  app: App,
  partnerId: string,
  input: CommissionInput,
  db: Pick<App['db'], 'insert'> = app.db,
): Promise<IssuedInvoice> {
  if (!(input.amount > 0)) throw badRequest(said('server.invoices.commissionAmount'));
  const issuedAt = new Date();
  const tax = splitIncludedTax(input.amount, app.config.taxRatePercent);
  const [row] = await db
    .insert(invoices)
    .values({
      number: await nextInvoiceNumber(app, issuedAt),
      userId: partnerId,
      kind: 'commission',
      seller: sellerOf(app, false),
      buyer: await buyerOf(app, partnerId),
      lines: [{ description: input.description, amount: input.amount }],
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      currency: input.currency,
      subtotal: tax.subtotal,
      taxLabel: app.config.taxLabel,
      taxRate: app.config.taxRatePercent,
      taxAmount: tax.taxAmount,
      total: input.amount,
      status: 'issued',
      issuedAt,
    })
    .returning({ id: invoices.id, number: invoices.number });
  return row;
}
