import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The teacher's or institute's own website or app, where their gurus may be embedded
 * (docs/decisions/041-embedded-guru.md). One per account: the embed page allows exactly this origin to frame
 * it (CSP frame-ancestors) and the embed API answers only requests made for it.
 */
export const embedSites = pgTable(
  'embed_sites',
  {
    ownerId: uuid('owner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the owner typed it (shown back in /integrations). */
    url: text('url').notNull(),
    /** scheme://host[:port] of url: what browsers send as Origin and what frame-ancestors names. */
    origin: text('origin').notNull(),
    /** Visitors of the site may ask without an account; their sessions count against the owner's plan. */
    allowAnonymous: boolean('allow_anonymous').notNull().default(false),
    /**
     * The most of the plan's monthly guru sessions anonymous visitors may use, in percent (decision 053):
     * students keep the rest. 0: signed-in students only.
     */
    anonymousSharePercent: integer('anonymous_share_percent').notNull().default(25),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('embed_sites_anonymous_share_check', sql`${t.anonymousSharePercent} between 0 and 100`)],
);

/**
 * Anonymous sessions started today (UTC) on a site, per visitor (the SHA-256 of their key) and per address
 * (a keyed hash of the client address): each start takes a place with one conditional upsert under the day's
 * cap (server/modules/embed/quotas.ts, decision 053). Rows of past days are deleted as new days begin.
 */
export const embedVisitorCounts = pgTable(
  'embed_visitor_counts',
  {
    siteOwnerId: uuid('site_owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'visitor' | 'address'>().notNull(),
    holder: text('holder').notNull(),
    day: date('day').notNull(),
    sessions: integer('sessions').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteOwnerId, t.kind, t.holder, t.day] }),
    index('embed_visitor_counts_day_idx').on(t.day),
    check('embed_visitor_counts_kind_check', sql`${t.kind} in ('visitor', 'address')`),
  ],
);
