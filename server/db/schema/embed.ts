import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The teacher's or institute's own website or app, where their gurus may be embedded
 * (docs/decisions/041-embedded-guru.md). One per account: the embed page allows exactly this origin to frame
 * it (CSP frame-ancestors) and the embed API answers only requests made for it.
 */
export const embedSites = pgTable('embed_sites', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** As the owner typed it (shown back in /integrations). */
  url: text('url').notNull(),
  /** scheme://host[:port] of url: what browsers send as Origin and what frame-ancestors names. */
  origin: text('origin').notNull(),
  /** Visitors of the site may ask without an account; their sessions count against the owner's plan. */
  allowAnonymous: boolean('allow_anonymous').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
