import { z } from 'zod';
import { fill } from '../i18n/message-template';
import { isoInstant } from './dates';

// Developers' logs at /logs (docs/decisions/033-developer-logs.md): the queries the server validates and the
// /logs page builds from its URL, and the shapes it answers with.

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** pino's levels as stored; a level filter shows that level and above. */
export const LOG_LEVELS = { info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;
export const LOG_LEVEL_NAMES = Object.keys(LOG_LEVELS) as LogLevelName[];

/** The name of a stored pino level (debug and trace are never stored). */
export function levelName(level: number): LogLevelName {
  if (level >= LOG_LEVELS.fatal) return 'fatal';
  if (level >= LOG_LEVELS.error) return 'error';
  if (level >= LOG_LEVELS.warn) return 'warn';
  return 'info';
}

/**
 * The logs routes' query messages, keyed as `logsMsg.*` (common/i18n/module-messages.ts). A parameter is named as
 * the API names it (`before`, `status`), which reads the same in every language.
 */
export const LOGS_MSG = {
  pageSizeNumber: 'The page size must be a whole number',
  pageSizeMin: 'The page size must be at least 1',
  pageSizeMax: 'The page size must be at most {max}',
  pageNumber: 'The page must be a whole number',
  pageMin: 'The page must be 1 or more',
  pageMax: 'The page must be at most {max}',
  instant: '{name} must be a date and time (ISO 8601)',
  tooLong: '{name} must be at most {max} characters',
  rowId: 'before must be a row id',
  rangeOrder: 'The start of the time range must be before its end',
  status: 'status must be 2xx, 3xx, 4xx or 5xx',
  level: 'level must be info, warn, error or fatal',
  state: 'state must be failed or retry',
  requestIdRequired: 'A request id is required',
  requestIdLength: 'A request id has at most 100 characters',
  fingerprint: 'An error group is named by 40 hex characters',
} as const;

const PAGE_MAX = 200;
const PAGES_MAX = 10_000;
const limit = z.coerce
  .number({ error: LOGS_MSG.pageSizeNumber })
  .int({ error: LOGS_MSG.pageSizeNumber })
  .min(1, { error: LOGS_MSG.pageSizeMin })
  .max(PAGE_MAX, { error: fill(LOGS_MSG.pageSizeMax, { max: PAGE_MAX }) })
  .default(50);
const page = z.coerce
  .number({ error: LOGS_MSG.pageNumber })
  .int({ error: LOGS_MSG.pageNumber })
  .min(1, { error: LOGS_MSG.pageMin })
  .max(PAGES_MAX, { error: fill(LOGS_MSG.pageMax, { max: PAGES_MAX }) })
  .default(1);
/** `name` is the query parameter as the API names it. */
const instant = (name: string) => isoInstant(fill(LOGS_MSG.instant, { name })).optional();
const text = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: fill(LOGS_MSG.tooLong, { name, max }) })
    .optional();
/** Rows older than this id: the next page of a list that grows at the top while it is read. */
const before = z.coerce
  .number({ error: LOGS_MSG.rowId })
  .int({ error: LOGS_MSG.rowId })
  .min(1, { error: LOGS_MSG.rowId })
  .max(Number.MAX_SAFE_INTEGER, { error: LOGS_MSG.rowId })
  .optional();

const timeRange = {
  from: instant('from'),
  to: instant('to'),
};
const rangeInOrder = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || new Date(query.from) <= new Date(query.to);
const RANGE_ERROR = { error: LOGS_MSG.rangeOrder, path: ['from'] };

/** GET /api/logs/requests */
export const requestLogQuerySchema = z
  .object({
    status: z.enum(STATUS_CLASSES, { error: LOGS_MSG.status }).optional(),
    route: text('route', 300),
    /** A user id, or part of a name or e-mail. */
    user: text('user', 200),
    requestId: text('requestId', 100),
    /** Part of the path. */
    q: text('q', 200),
    ...timeRange,
    before,
    limit,
  })
  .refine(rangeInOrder, RANGE_ERROR);
export type RequestLogQuery = z.input<typeof requestLogQuerySchema>;

/** GET /api/logs/app */
export const appLogQuerySchema = z
  .object({
    level: z.enum(LOG_LEVEL_NAMES, { error: LOGS_MSG.level }).optional(),
    requestId: text('requestId', 100),
    /** Part of the message. */
    q: text('q', 200),
    ...timeRange,
    before,
    limit,
  })
  .refine(rangeInOrder, RANGE_ERROR);
export type AppLogQuery = z.input<typeof appLogQuerySchema>;

/** GET /api/logs/errors: groups seen in the range, latest first. */
export const errorGroupQuerySchema = z
  .object({ q: text('q', 200), ...timeRange, page, limit })
  .refine(rangeInOrder, RANGE_ERROR);
export type ErrorGroupQuery = z.input<typeof errorGroupQuerySchema>;

export const JOB_FAILURE_STATES = ['failed', 'retry'] as const;
/** GET /api/logs/jobs */
export const jobFailureQuerySchema = z.object({
  name: text('name', 100),
  state: z.enum(JOB_FAILURE_STATES, { error: LOGS_MSG.state }).optional(),
  page,
  limit,
});
export type JobFailureQuery = z.input<typeof jobFailureQuerySchema>;

export const requestIdParamsSchema = z.object({
  requestId: z
    .string()
    .min(1, { error: LOGS_MSG.requestIdRequired })
    .max(100, { error: LOGS_MSG.requestIdLength }),
});
export const fingerprintParamsSchema = z.object({
  fingerprint: z.string().regex(/^[0-9a-f]{40}$/, { error: LOGS_MSG.fingerprint }),
});

export interface RequestLogRow {
  id: number;
  at: string;
  method: string;
  /** null: no route matched (a 404). */
  route: string | null;
  path: string;
  status: number;
  durationMs: number;
  user: { id: string; name: string | null; email: string | null } | null;
  requestId: string;
  clientAddress: string | null;
  errorFingerprint: string | null;
}

export interface AppLogRow {
  id: number;
  at: string;
  level: LogLevelName;
  message: string;
  context: Record<string, unknown>;
  requestId: string | null;
  fingerprint: string | null;
}

export interface ErrorGroupRow {
  fingerprint: string;
  name: string;
  message: string;
  topFrame: string | null;
  count: number;
  firstSeen: string;
  lastSeen: string;
  latestRequestId: string | null;
}

export interface JobFailureRow {
  id: string;
  name: string;
  state: (typeof JOB_FAILURE_STATES)[number];
  retryCount: number;
  retryLimit: number;
  createdAt: string;
  failedAt: string | null;
  /** The payload, secrets masked, cut to a line. */
  payload: string;
  error: { message: string; stack: string | null };
}

/** GET /api/logs/requests and /api/logs/app: newest first; `nextBefore` asks for the page after. */
export interface RequestLogList {
  requests: RequestLogRow[];
  nextBefore: number | null;
}
export interface AppLogList {
  logs: AppLogRow[];
  nextBefore: number | null;
}

/** GET /api/logs/requests/:requestId */
export interface RequestLogDetail {
  request: RequestLogRow;
  /** The server's log lines written while it ran. */
  logs: AppLogRow[];
  errorGroup: ErrorGroupRow | null;
}

/** GET /api/logs/errors */
export interface ErrorGroupList {
  groups: ErrorGroupRow[];
  total: number;
}

/** GET /api/logs/errors/:fingerprint */
export interface ErrorGroupDetail {
  group: ErrorGroupRow & { latestStack: string | null };
  /** The request of the latest occurrence, if it came from one and is still kept. */
  latestRequest: RequestLogRow | null;
  /** The latest requests that failed with it. */
  requests: RequestLogRow[];
}

/** GET /api/logs/jobs */
export interface JobFailureList {
  mode: 'pg-boss' | 'inline';
  failures: JobFailureRow[];
  total: number;
}

/** GET /api/logs/status: what the page needs beside the rows. */
export interface LogStoreStatus {
  enabled: boolean;
  retentionDays: number;
  /** Rows waiting for the next write, and rows dropped because the queue was full, since the start. */
  queued: number;
  dropped: number;
  /** Every route pattern of the API, for the route filter. */
  routes: string[];
}

/** The live tail's socket events: the page sends `toggle` `{ on }`, the server answers with `batch`es. */
export const LOGS_TAIL_EVENTS = { toggle: 'logs:tail', batch: 'logs:batch' } as const;

/** Socket event `logs:batch` (server → readers who switched the tail on): what was just written. */
export interface LogTailBatch {
  requests: RequestLogRow[];
  logs: AppLogRow[];
}

/** Whether a request row passes the filters the tail is shown under (the list itself is filtered in SQL). */
export function matchesRequestFilters(
  row: RequestLogRow,
  filters: { status?: string; route?: string; requestId?: string; q?: string; user?: string; to?: string },
): boolean {
  // A time range that ended before now: live rows are after it.
  if (filters.to && row.at > filters.to) return false;
  if (filters.status && `${String(row.status)[0]}xx` !== filters.status) return false;
  if (filters.route && row.route !== filters.route) return false;
  if (filters.requestId && row.requestId !== filters.requestId) return false;
  if (filters.q && !row.path.toLowerCase().includes(filters.q.toLowerCase())) return false;
  if (filters.user) {
    const needle = filters.user.toLowerCase();
    const haystack = [row.user?.id, row.user?.email, row.user?.name].filter(Boolean).join(' ').toLowerCase();
    if (!haystack.includes(needle)) return false;
  }
  return true;
}
