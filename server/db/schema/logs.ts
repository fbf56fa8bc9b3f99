import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// What developers read at /logs (docs/decisions/033-developer-logs.md). Rows are written in batches by
// server/modules/logs/writer.ts, never inside a request, and pruned after LOG_RETENTION_DAYS. No foreign keys:
// a log row must never hold up a user's deletion, and a write must never wait on another table.

/** One answered /api request. Headers and bodies are never stored; secret query values are masked. */
export const requestLogs = pgTable(
  'request_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** When the request arrived. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    method: text('method').notNull(),
    /** The route pattern (`/api/courses/:courseId`); null when no route matched (a 404). */
    route: text('route'),
    /** The URL path, with the values of secret-looking query parameters masked. */
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    durationMs: real('duration_ms').notNull(),
    userId: uuid('user_id'),
    requestId: text('request_id').notNull(),
    clientAddress: text('client_address'),
    /** The error group a 5xx of this request landed in. */
    errorFingerprint: text('error_fingerprint'),
  },
  (t) => [
    index('request_logs_at_idx').on(t.at),
    index('request_logs_request_id_idx').on(t.requestId),
    index('request_logs_status_at_idx').on(t.status, t.at),
    index('request_logs_route_at_idx').on(t.route, t.at),
    index('request_logs_user_at_idx').on(t.userId, t.at),
    index('request_logs_error_idx')
      .on(t.errorFingerprint, t.at)
      .where(sql`${t.errorFingerprint} is not null`),
  ],
);

/** A line of the server's own log (pino), warn and above always, info when LOG_LEVEL lets it through. */
export const appLogs = pgTable(
  'app_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** pino's number: 30 info, 40 warn, 50 error, 60 fatal. */
    level: smallint('level').notNull(),
    message: text('message').notNull(),
    /** The line's other fields, redacted and cut to a few kB. */
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    /** The error group of a line that carried an error. */
    fingerprint: text('fingerprint'),
  },
  (t) => [
    index('app_logs_at_idx').on(t.at),
    index('app_logs_level_at_idx').on(t.level, t.at),
    index('app_logs_request_id_idx').on(t.requestId),
  ],
);

/** Errors of one kind: the same normalised message thrown from the same place. */
export const errorGroups = pgTable(
  'error_groups',
  {
    /** sha1 of the error's name, normalised message and top stack frame. */
    fingerprint: text('fingerprint').primaryKey(),
    name: text('name').notNull(),
    /** The latest message as thrown (redacted); the group is named by it. */
    message: text('message').notNull(),
    topFrame: text('top_frame'),
    count: integer('count').notNull().default(0),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    latestStack: text('latest_stack'),
    latestRequestId: text('latest_request_id'),
  },
  (t) => [index('error_groups_last_seen_idx').on(t.lastSeen)],
);
