import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { courses, invoices, paymentOrders, plans, subscriptions, users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError, badRequest, notFound } from '../../http/errors';
import { type InvoiceParty, invoiceDay, splitIncludedTax } from './tax';

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

/** The seller as configured now, copied into the invoice so later changes never alter it. */
function sellerOf(app: App): InvoiceParty {
  const { name, address, taxId, email } = app.config.invoiceSeller;
  return { name, address, taxId, email };
}

/** The buyer as they are at issue time (users keep no country, so none is printed). */
async function buyerOf(app: App, userId: string): Promise<InvoiceParty> {
  const user = await app.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw notFound('The buyer no longer exists');
  const buyer: InvoiceParty = { name: user.fullName, email: user.email };
  if (user.userType === 'institute') buyer.institute = user.fullName;
  else if (user.instituteId) {
    const institute = await app.db.query.users.findFirst({ where: eq(users.id, user.instituteId) });
    if (institute) buyer.institute = institute.fullName;
  }
  return buyer;
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
  const name = plan ? `${plan.name} (${plan.audience})` : 'Subscription';
  const billing = order.billingPeriod ? ` — ${order.billingPeriod}` : '';
  const dates = granted ? `, ${invoiceDay(granted.start)} – ${invoiceDay(granted.end)}` : '';
  return { kind: 'subscription', description: `${name}${billing}${dates}`, period: granted };
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
  const existing = await findOrderInvoice(app, orderId);
  if (existing) return existing;
  const order = await app.db.query.paymentOrders.findFirst({ where: eq(paymentOrders.id, orderId) });
  if (!order) throw notFound('Payment order not found');
  if (order.status !== 'paid') throw new AppError('CONFLICT', 'Only a paid order gets an invoice');
  const issuedAt = new Date();
  const line = await lineFor(app, order, order.paidAt ?? order.createdAt, period);
  const tax = splitIncludedTax(order.amount, app.config.taxRatePercent);
  await app.db
    .insert(invoices)
    .values({
      number: await nextInvoiceNumber(app, issuedAt),
      userId: order.userId,
      orderId: order.id,
      kind: line.kind,
      seller: sellerOf(app),
      buyer: await buyerOf(app, order.userId),
      lines: [{ description: line.description, amount: order.amount }],
      periodStart: line.period?.start ?? null,
      periodEnd: line.period?.end ?? null,
      currency: order.currency,
      subtotal: tax.subtotal,
      taxLabel: app.config.taxLabel,
      taxRate: app.config.taxRatePercent,
      taxAmount: tax.taxAmount,
      total: order.amount,
      status: 'paid',
      issuedAt,
    })
    .onConflictDoNothing({ target: invoices.orderId });
  const issued = await findOrderInvoice(app, orderId);
  if (!issued) throw new Error(`invoice of order ${orderId} was neither inserted nor found`);
  return issued;
}

async function findOrderInvoice(app: App, orderId: string): Promise<IssuedInvoice | null> {
  const [row] = await app.db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
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
  if (!(input.amount > 0)) throw badRequest('A commission invoice needs an amount above zero');
  const issuedAt = new Date();
  const tax = splitIncludedTax(input.amount, app.config.taxRatePercent);
  const [row] = await db
    .insert(invoices)
    .values({
      number: await nextInvoiceNumber(app, issuedAt),
      userId: partnerId,
      kind: 'commission',
      seller: sellerOf(app),
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
