import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccessLevel, PlanLimits, PlanModule, PlanPrice } from '../../../common/plans';
import { courses } from './courses';
import { users } from './users';

/**
 * Plans for teachers and institutes: prices per currency and period, trial days, limits enforced on the
 * server and per-module access. status: active | retired (a retired plan is not sold; its subscribers
 * keep it until their period ends).
 */
export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  audience: text('audience').notNull(),
  trialDays: integer('trial_days').notNull().default(14),
  status: text('status').notNull().default('active'),
  baseCurrency: text('base_currency').notNull().default('INR'),
  prices: jsonb('prices').$type<PlanPrice[]>().notNull().default([]),
  limits: jsonb('limits').$type<PlanLimits>().notNull().default(sql`'{}'::jsonb`),
  modules: jsonb('modules').$type<Partial<Record<PlanModule, AccessLevel>>>().notNull().default({}),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A teacher's or institute's subscription; the latest row is the current one. status: trial | active |
 * cancelled (runs to current_period_end, then ends) | ended. A trial has ended when trial_ends_at has
 * passed; a paid one when current_period_end has. next_plan_id: a downgrade waiting for the period end.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status').notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    billingPeriod: text('billing_period'),
    currency: text('currency'),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    nextPlanId: uuid('next_plan_id').references(() => plans.id),
    /** E-mails already sent for this subscription (trial-ending, ended), so the job never repeats one. */
    notices: jsonb('notices').$type<string[]>().notNull().default([]),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One payment attempt: created on the server before the checkout opens, paid once its signature (or the
 * webhook) is verified, granted once what it buys has been given. status: created → paid | failed; a paid
 * order never moves back, except to refunded when the provider reports a full refund (decision 034).
 * receipt is our idempotency key with the provider (Razorpay `receipt`).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    planId: uuid('plan_id').references(() => plans.id),
    billingPeriod: text('billing_period'),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    receipt: text('receipt').notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    status: text('status').notNull().default('created'),
    failureReason: text('failure_reason'),
    /** The buyer's GST details given at checkout (decision 067), copied onto the order's invoice. */
    buyerTax: jsonb('buyer_tax').$type<OrderBuyerTax>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_receipt_unique').on(t.receipt),
    uniqueIndex('payment_orders_provider_order_unique').on(t.provider, t.providerOrderId),
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
    // Revenue on the admin dashboard: paid orders by when they were paid.
    index('payment_orders_paid_idx').on(t.paidAt).where(sql`${t.status} = 'paid'`),
    // A course is bought once: a second paid order for it is impossible.
    uniqueIndex('payment_orders_course_paid_once')
      .on(t.userId, t.courseId)
      .where(sql`${t.purpose} = 'course' and ${t.status} = 'paid'`),
  ],
);

/** Provider webhooks, kept by event id so a replay is recognised and ignored. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a buyer tells checkout for a GST invoice: a checked GSTIN, or the state (or 96, abroad) they are in. */
export interface OrderBuyerTax {
  gstin?: string;
  stateCode?: string;
}

/** The GST block of a tax invoice or credit note (decision 067; server/modules/invoices/gst.ts fills it). */
export interface InvoiceGstColumn {
  sac: string;
  supply: 'intra' | 'inter' | 'export';
  supplierState: string;
  placeOfSupply: string;
  rate: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  original?: { number: string; issuedAt: string };
}

/**
 * The last number given in a document series (GK tax invoices, CN credit notes) per financial year: bumped in
 * the transaction that inserts the document, so numbers are consecutive with no gaps (decision 067).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.fiscalYear] })],
);

/** Invoice numbers come from one sequence: gap-free enough for audit, never reused. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1, increment: 1 });

/**
 * A numbered invoice. kind: subscription | course | commission (partners). seller and buyer are copied at
 * issue time, so later profile edits never change an issued invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    seller: jsonb('seller').$type<Record<string, string>>().notNull(),
    buyer: jsonb('buyer').$type<Record<string, string>>().notNull(),
    /** A plan line also keeps its parts, to print in the reader's language (modules/invoices/line-description.ts). */
    lines: jsonb('lines')
      .$type<
        {
          description: string;
          amount: number;
          plan?: { name: string; audience: string; billingPeriod: string | null };
        }[]
      >()
      .notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    currency: text('currency').notNull(),
    subtotal: numeric('subtotal', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    taxLabel: text('tax_label').notNull().default('Tax'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    taxAmount: numeric('tax_amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    total: numeric('total', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    status: text('status').notNull().default('paid'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** GST tax invoices and their credit notes only; a plain invoice (other currencies) has none. */
    gst: jsonb('gst').$type<InvoiceGstColumn>(),
    /** A credit note (kind 'credit_note'): the invoice it reverses, once. */
    creditsInvoiceId: uuid('credits_invoice_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_credits_unique').on(t.creditsInvoiceId),
    // One invoice per paid order, however often the grant is retried.
    uniqueIndex('invoices_order_unique').on(t.orderId),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
  ],
);

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
