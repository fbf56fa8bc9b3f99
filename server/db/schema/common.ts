import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Exchange rates relative to USD; the row id is the spec's currencyExchangeRateId (`_id`). */
export const currencyRates = pgTable('currency_rates', {
  id: uuid('id').primaryKey().defaultRandom(),
  rates: jsonb('rates').$type<Record<string, number>>().notNull(),
  source: text('source').notNull().default('seed'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail that is not sent over SMTP lands here, readable by developers. */
export const outbox = pgTable('outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every stored file, so reads can be authorised and quotas summed. */
export const storedFiles = pgTable('stored_files', {
  path: text('path').primaryKey(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  contentType: text('content_type').notNull(),
  category: text('category').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  visibility: text('visibility').notNull().default('private'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type StoredFileMeta = typeof storedFiles.$inferSelect;
