import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoices, paymentOrders } from './plans';
import { users } from './users';

/**
 * A partner's referral link (decision 034): one main link (label null, made on first need) and campaign links.
 * `code` is random and url-safe, never derived from an id. An archived link stops counting new clicks.
 */
export const referralLinks = pgTable(
  'referral_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    label: text('label'),
    isMain: boolean('is_main').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_links_code_unique').on(t.code),
    // One main link per partner, however many first requests race to make it.
    uniqueIndex('referral_links_main_unique').on(t.partnerId).where(sql`${t.isMain}`),
    uniqueIndex('referral_links_label_unique').on(t.partnerId, sql`lower(${t.label})`),
  ],
);

/**
 * A counted visit through a link. `visitorHash` is an HMAC of the address (before decision 055 of address and user
 * agent): never the address. One click per link, address and 30 minutes, whatever the browser says it is.
 */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => referralLinks.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    landing: text('landing'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The report counts clicks per partner and month, and per link.
  (t) => [
    index('referral_clicks_partner_idx').on(t.partnerId, t.at),
    index('referral_clicks_link_idx').on(t.linkId),
    index('referral_clicks_visitor_idx').on(t.linkId, t.visitorHash, t.at),
  ],
);

/**
 * Browsers a partner has used while signed in (decision 055): the random visitor id of the referral cookie that
 * browser held. A sign-up from one of them, through that partner's link, is a self-referral.
 */
export const partnerBrowsers = pgTable(
  'partner_browsers',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.visitorId] })],
);

/**
 * Who referred whom: stored once at sign-up and kept for good (one row per referred account). A self-referral
 * (decision 055) is stored too, with `refused_reason`: it counts nowhere and its payments earn only refused rows.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id').references(() => referralLinks.id, { onDelete: 'set null' }),
    refusedReason: text('refused_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referrals_referred_unique').on(t.referredUserId),
    index('referrals_partner_idx').on(t.partnerId, t.createdAt),
  ],
);

/**
 * The commission rule: the default (partner_id null) and optional per-partner rows. window_days is read from
 * the default row only. A missing default row means the built-in default (partners/rules.ts).
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id').references(() => users.id, { onDelete: 'cascade' }),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    months: integer('months'),
    scope: text('scope').notNull(),
    planIds: jsonb('plan_ids').$type<string[]>().notNull().default([]),
    holdDays: integer('hold_days').notNull(),
    windowDays: integer('window_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('commission_rules_partner_unique').on(t.partnerId).nullsNotDistinct()],
);

/**
 * A commission: one per granted payment order (order_id unique), or a negative adjustment reversing a commission
 * already paid out (reverses_id unique). Stored status: pending | paid | reversed | refused; a pending row reads as
 * 'payable' once payable_at has passed (computed on read, decision 034). A refused row (decision 055) is a
 * self-referral's payment, kept with its reason for the admin and never paid. `payer_keys` are keyed hashes of
 * the payment's identity (normalised e-mail, contact, UPI address, Razorpay customer and card token).
 */
export const commissions = pgTable(
  'commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referralId: uuid('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    referredUserId: uuid('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    reversesId: uuid('reverses_id'),
    description: text('description').notNull(),
    paymentAmount: numeric('payment_amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
    payableAt: timestamp('payable_at', { withTimezone: true }).notNull(),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedReason: text('reversed_reason'),
    refusedReason: text('refused_reason'),
    payerKeys: text('payer_keys').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commissions_order_unique').on(t.orderId),
    uniqueIndex('commissions_reverses_unique').on(t.reversesId),
    index('commissions_partner_idx').on(t.partnerId, t.earnedAt),
    index('commissions_referred_idx').on(t.referredUserId),
  ],
);

/** One month's commissions paid to a partner in one currency, with the commission invoice issued for it. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    commissionCount: integer('commission_count').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payouts_partner_month_unique').on(t.partnerId, t.month, t.currency)],
);

export type ReferralLinkRow = typeof referralLinks.$inferSelect;
export type CommissionRow = typeof commissions.$inferSelect;
export type CommissionRuleRow = typeof commissionRules.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
