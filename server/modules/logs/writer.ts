import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type appLogs, errorGroups, type requestLogs } from '../../db/schema/index';
import type { LogCopy } from '../../http/logger';
import { scrubText } from '../../http/secret-text';
import { BoundedQueue } from './bounded-queue';
import { type ErrorIdentity, identifyError, type LoggedError } from './fingerprint';
import { clip, redactValue } from './redact';

/** One answered request, as the request hook hands it over (already free of secrets). */
export interface RequestEntry {
  at: Date;
  method: string;
  route: string | null;
  path: string;
  status: number;
  durationMs: number;
  userId: string | null;
  requestId: string;
  clientAddress: string | null;
}

export type StoredRequest = typeof requestLogs.$inferSelect;
export type StoredAppLog = typeof appLogs.$inferSelect;

/** What one write stored, for the live tail (empty lists when nobody wanted the rows). */
export interface WrittenBatch {
  requests: StoredRequest[];
  logs: StoredAppLog[];
}

export interface LogWriterStats {
  queued: number;
  /** Rows dropped because the queue was full. */
  dropped: number;
  written: number;
  /** Rows lost because their write failed (the database was away). */
  failed: number;
}

export interface LogWriter {
  /** pino's copy of every log line (server/http/logger.ts); lines are parsed at write time, not here. */
  readonly copy: LogCopy;
  /** Queues a request row: constant time, never throws, never waits. */
  request(entry: RequestEntry): void;
  /** Writes what is queued now (tests, and the close). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left; rows queued afterwards are ignored. */
  close(): Promise<void>;
  stats(): LogWriterStats;
  /** Called after each write with the rows it stored. */
  onWritten(listener: (batch: WrittenBatch) => void): void;
}

export interface LogWriterOptions {
  /** Rows per INSERT, and the queue length that triggers a write before the timer. */
  batchSize?: number;
  flushEveryMs?: number;
  /** Per queue (requests, log lines); past it the oldest rows are dropped and counted. */
  maxQueue?: number;
  /** A write failed: report it (the writer's own line is marked `logsWriter` and never copied back). */
  onError?: (error: unknown) => void;
  /**
   * Asked before each write: does anyone want the stored rows (the live tail)? When not, the INSERTs return
   * nothing and `onWritten` gets empty lists, which saves reading back a row per request. Default: yes.
   */
  wantRows?: () => boolean | Promise<boolean>;
}

const MAX_LINE = 64 * 1024;
const MAX_CONTEXT = 8 * 1024;
/** Requests whose error was seen but whose own row is not written yet: request id → error group. */
const PENDING_ERRORS_KEPT = 2000;

/**
 * The batched writer of the stored logs (decision 033). Requests and log lines wait in two bounded in-memory
 * queues and are written every `flushEveryMs` (1 s) or as soon as `batchSize` (500) are waiting, one multi-row
 * INSERT per table; errors are grouped by fingerprint in the same write. Nothing here runs inside a request:
 * the request path only pushes onto a queue.
 */
export function createLogWriter(db: Db, options: LogWriterOptions = {}): LogWriter {
  const batchSize = options.batchSize ?? 500;
  const maxQueue = options.maxQueue ?? 10_000;
  const requests = new BoundedQueue<RequestEntry>(maxQueue);
  const lines = new BoundedQueue<string>(maxQueue);
  const errorOfRequest = new Map<string, string>();
  const listeners: ((batch: WrittenBatch) => void)[] = [];
  let written = 0;
  let failed = 0;
  let closed = false;
  let running: Promise<void> | null = null;
  let soon = false;

  const flush = (): Promise<void> => {
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void flush(), options.flushEveryMs ?? 1000);
  timer.unref();
  const writeSoonIfFull = () => {
    if (soon || (requests.size < batchSize && lines.size < batchSize)) return;
    soon = true;
    setImmediate(() => {
      soon = false;
      void flush();
    });
  };

  async function drain(): Promise<void> {
    while (requests.size > 0 || lines.size > 0) {
      const batchLines = lines.take(batchSize);
      const batchRequests = requests.take(batchSize);
      try {
        const batch = await write(batchLines, batchRequests);
        written += batchLines.length + batchRequests.length;
        for (const listener of listeners) listener(batch);
      } catch (error) {
        failed += batchLines.length + batchRequests.length;
        options.onError?.(error);
      }
    }
  }

  async function write(rawLines: string[], entries: RequestEntry[]): Promise<WrittenBatch> {
    const returning = await (async () => options.wantRows?.() ?? true)().catch(() => false);
    const groups = new Map<
      string,
      ErrorIdentity & { count: number; first: Date; last: Date; requestId: string | null }
    >();
    const logRows = rawLines.map((line) => {
      const parsed = parseLine(line);
      let fingerprint: string | null = null;
      if (parsed.err && parsed.level >= 50) {
        const identity = identifyError(parsed.err);
        fingerprint = identity.fingerprint;
        const seen = groups.get(fingerprint);
        if (seen) {
          seen.count += 1;
          seen.last = parsed.at;
          seen.message = identity.message;
          seen.stack = identity.stack;
          seen.requestId = parsed.requestId ?? seen.requestId;
        } else {
          groups.set(fingerprint, {
            ...identity,
            count: 1,
            first: parsed.at,
            last: parsed.at,
            requestId: parsed.requestId,
          });
        }
        if (parsed.requestId) rememberError(parsed.requestId, fingerprint);
      }
      return {
        at: parsed.at,
        level: parsed.level,
        message: parsed.message,
        context: parsed.context,
        requestId: parsed.requestId,
        fingerprint,
      };
    });
    const logs = await insertAppLogs(db, logRows, returning);
    if (groups.size > 0) {
      await db
        .insert(errorGroups)
        .values(
          [...groups.values()].map((group) => ({
            fingerprint: group.fingerprint,
            name: group.name,
            message: group.message,
            topFrame: group.topFrame,
            count: group.count,
            firstSeen: group.first,
            lastSeen: group.last,
            latestStack: group.stack,
            latestRequestId: group.requestId,
          })),
        )
        .onConflictDoUpdate({
          target: errorGroups.fingerprint,
          set: {
            count: sql`error_groups.count + excluded.count`,
            firstSeen: sql`least(error_groups.first_seen, excluded.first_seen)`,
            lastSeen: sql`greatest(error_groups.last_seen, excluded.last_seen)`,
            name: sql`excluded.name`,
            message: sql`excluded.message`,
            topFrame: sql`excluded.top_frame`,
            latestStack: sql`excluded.latest_stack`,
            latestRequestId: sql`coalesce(excluded.latest_request_id, error_groups.latest_request_id)`,
          },
        });
    }
    const requestRows = entries.map((entry) => ({ ...entry, errorFingerprint: takeError(entry.requestId) }));
    const stored = await insertRequests(db, requestRows, returning);
    return { requests: stored, logs };
  }

  function rememberError(requestId: string, fingerprint: string) {
    errorOfRequest.set(requestId, fingerprint);
    if (errorOfRequest.size > PENDING_ERRORS_KEPT) {
      const oldest = errorOfRequest.keys().next().value;
      if (oldest !== undefined) errorOfRequest.delete(oldest);
    }
  }
  function takeError(requestId: string): string | null {
    const fingerprint = errorOfRequest.get(requestId);
    if (fingerprint === undefined) return null;
    errorOfRequest.delete(requestId);
    return fingerprint;
  }

  return {
    copy: {
      write(line: string) {
        if (closed) return;
        // Fastify's own line per request duplicates the request rows; the writer's own reports must not loop.
        // pino writes `msg` last, so its end names Fastify's two lines without scanning them.
        if (
          line.endsWith('"msg":"request completed"}\n') ||
          line.endsWith('"msg":"incoming request"}\n') ||
          line.includes('"logsWriter":true')
        )
          return;
        lines.push(line.length > MAX_LINE ? line.slice(0, MAX_LINE) : line);
        writeSoonIfFull();
      },
    },
    request(entry) {
      if (closed) return;
      requests.push(entry);
      writeSoonIfFull();
    },
    flush,
    async close() {
      clearInterval(timer);
      while (running || requests.size > 0 || lines.size > 0) await flush();
      closed = true;
    },
    stats: () => ({
      queued: requests.size + lines.size,
      dropped: requests.dropped + lines.dropped,
      written,
      failed,
    }),
    onWritten(listener) {
      listeners.push(listener);
    },
  };
}

// The two hot inserts bypass the query builder: one row array per column through `unnest`, ten parameters
// whatever the batch size. Building a 1,000-row VALUES list (10,000 parameters) cost about 95 ms of CPU per
// thousand requests, ten times this (bench/request-logging.ts).

/** Ids in ascending order: identity values are handed out in the order `unnest` yields the rows. */
const idsInOrder = (rows: { id: string | number }[]) =>
  rows.map((row) => Number(row.id)).sort((a, b) => a - b);

async function insertRequests(
  db: Db,
  rows: Omit<StoredRequest, 'id'>[],
  returning: boolean,
): Promise<StoredRequest[]> {
  if (rows.length === 0) return [];
  const column = <K extends keyof Omit<StoredRequest, 'id'>>(key: K) =>
    sql.param(rows.map((row) => row[key]));
  const at = sql.param(rows.map((row) => row.at.toISOString()));
  const inserted = await db.execute<{ id: string }>(
    sql`insert into request_logs
          (at, method, route, path, status, duration_ms, user_id, request_id, client_address, error_fingerprint)
        select * from unnest(${at}::timestamptz[], ${column('method')}::text[], ${column('route')}::text[],
          ${column('path')}::text[], ${column('status')}::smallint[], ${column('durationMs')}::real[],
          ${column('userId')}::uuid[], ${column('requestId')}::text[], ${column('clientAddress')}::text[],
          ${column('errorFingerprint')}::text[])
        ${returning ? sql`returning id` : sql``}`,
  );
  if (!returning) return [];
  const ids = idsInOrder(inserted.rows);
  return rows.map((row, index) => ({ ...row, id: ids[index] }));
}

async function insertAppLogs(
  db: Db,
  rows: Omit<StoredAppLog, 'id'>[],
  returning: boolean,
): Promise<StoredAppLog[]> {
  if (rows.length === 0) return [];
  const column = (values: unknown[]) => sql.param(values);
  const inserted = await db.execute<{ id: string }>(
    sql`insert into app_logs (at, level, message, context, request_id, fingerprint)
        select * from unnest(${column(rows.map((row) => row.at.toISOString()))}::timestamptz[],
          ${column(rows.map((row) => row.level))}::smallint[], ${column(rows.map((row) => row.message))}::text[],
          ${column(rows.map((row) => JSON.stringify(row.context)))}::jsonb[],
          ${column(rows.map((row) => row.requestId))}::text[], ${column(rows.map((row) => row.fingerprint))}::text[])
        ${returning ? sql`returning id` : sql``}`,
  );
  if (!returning) return [];
  const ids = idsInOrder(inserted.rows);
  return rows.map((row, index) => ({ ...row, id: ids[index] }));
}

interface ParsedLine {
  at: Date;
  level: number;
  message: string;
  context: Record<string, unknown>;
  requestId: string | null;
  err: LoggedError | null;
}

/** A pino JSON line as a row: level, time, message, request id, the error, and the rest (redacted) as context. */
export function parseLine(line: string): ParsedLine {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
    if (!record || typeof record !== 'object') throw new Error('not an object');
  } catch {
    return {
      at: new Date(),
      level: 40,
      message: clip(scrubText(line.trim()), 2000),
      context: { unparsed: true },
      requestId: null,
      err: null,
    };
  }
  const { level, time, msg, reqId, pid: _pid, hostname: _hostname, err, ...rest } = record;
  const error = err && typeof err === 'object' ? (err as LoggedError) : null;
  const message =
    typeof msg === 'string' && msg
      ? msg
      : typeof error?.message === 'string'
        ? error.message
        : '(no message)';
  const fields: Record<string, unknown> = { ...rest };
  if (error) {
    fields.err = {
      type: error.type,
      message: error.message,
      stack: typeof error.stack === 'string' ? clip(error.stack, 4000) : undefined,
    };
  }
  let context = redactValue(fields) as Record<string, unknown>;
  const json = JSON.stringify(context);
  if (json.length > MAX_CONTEXT) context = { truncated: true, preview: clip(json, MAX_CONTEXT) };
  return {
    at: typeof time === 'number' ? new Date(time) : new Date(),
    level: typeof level === 'number' ? level : 30,
    message: clip(scrubText(message), 2000),
    context,
    requestId: typeof reqId === 'string' || typeof reqId === 'number' ? String(reqId) : null,
    err: error,
  };
}
