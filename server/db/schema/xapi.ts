import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * xAPI statements on their way to the Learning Record Store (issue 35, decision 078): queued by one INSERT where a
 * learning event happens, sent in batches by a periodic task. The id is the statement's own id (made when queued),
 * so a retry never makes a second statement.
 */
export const xapiOutbox = pgTable(
  'xapi_outbox',
  {
    id: uuid('id').primaryKey(),
    /** Queue order: the oldest due statements go first. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    statement: jsonb('statement').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Tries so far (the back-off doubles with each). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The LRS's answer (or the network's error) at the last failed try. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Refused by the LRS (a 4xx other than 429): never tried again. */
    parkedAt: timestamp('parked_at', { withTimezone: true }),
  },
  (t) => [
    index('xapi_outbox_due_idx')
      .on(t.nextAttemptAt, t.seq)
      .where(sql`${t.sentAt} IS NULL AND ${t.parkedAt} IS NULL`),
    index('xapi_outbox_sent_idx').on(t.sentAt).where(sql`${t.sentAt} IS NOT NULL`),
  ],
);

export type XapiOutboxRow = typeof xapiOutbox.$inferSelect;

/**
 * The Learning Record Store the admin set at Integrations (one row, id 'platform'). The password is AES-GCM
 * ciphertext bound to the row (server/modules/integrations/crypto.ts) and never goes back to a browser.
 */
export const xapiSettings = pgTable('xapi_settings', {
  id: text('id').primaryKey(),
  endpoint: text('endpoint').notNull(),
  username: text('username').notNull(),
  passwordEncrypted: text('password_encrypted').notNull(),
  /** Off: nothing is queued or sent, and the settings stay. */
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
