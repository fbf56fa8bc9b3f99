import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { loggableUrl } from './loggable-url';

export type Logger = FastifyBaseLogger;

/** Where the stored logs (/logs) receive a copy of each log line, as pino wrote it (one JSON line). */
export interface LogCopy {
  write(line: string): void;
}

const LEVEL = pino.levels.values;

/**
 * The level lines are copied at: whatever LOG_LEVEL prints down to info (debug is too chatty to store), and
 * warn and above always, even when LOG_LEVEL hides them from stdout.
 */
export function copyLevel(level: string): number {
  const printed = LEVEL[level] ?? Number.POSITIVE_INFINITY;
  return Math.min(Math.max(printed, LEVEL.info), LEVEL.warn);
}

/**
 * Fastify's logger options: logs never hold secrets. Request lines keep method, masked URL and address;
 * headers (Authorization, cookies) are never serialised, and secret-looking fields anywhere are redacted.
 * With `copy`, lines also go there (already redacted) from `copyLevel(level)` up; stdout is unchanged.
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
  copy?: LogCopy,
): FastifyServerOptions['logger'] {
  return {
    ...destination(level, stream, copy),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.jwtToken',
        '*.token',
        '*.apiKey',
        '*.didApiKey',
        '*.elevenLabsApiKey',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: loggableRequest,
    },
  };
}

/** The logger's level and stream: stdout (or `stream`) at `level`, plus the copy at its own level. */
function destination(level: string, stream?: NodeJS.WritableStream, copy?: LogCopy) {
  if (!copy) return { level, ...(stream ? { stream } : {}) };
  const toCopy = copyLevel(level);
  const printed = LEVEL[level] ?? Number.POSITIVE_INFINITY;
  const streams: pino.StreamEntry[] = [{ level: pino.levels.labels[toCopy] as pino.Level, stream: copy }];
  if (level !== 'silent') streams.push({ level: level as pino.Level, stream: stream ?? pino.destination(1) });
  const lowest = Math.min(printed, toCopy);
  return { level: pino.levels.labels[lowest], stream: pino.multistream(streams) };
}

/**
 * A request as log lines show it: method, masked URL (by the route the router matched, after decoding) and
 * address. It runs inside pino, outside any request's error handling, so it must never throw: whatever it cannot
 * read is logged as unreadable rather than stopping the process (issue 30).
 */
function loggableRequest(request: {
  method?: string;
  url?: string;
  ip?: string;
  routeOptions?: { url?: string };
  params?: unknown;
}) {
  try {
    return {
      method: request.method,
      url: loggableUrl(String(request.url ?? ''), {
        pattern: request.routeOptions?.url,
        params: request.params,
      }),
      remoteAddress: request.ip,
    };
  } catch {
    return { method: request.method, url: '[unreadable]' };
  }
}
