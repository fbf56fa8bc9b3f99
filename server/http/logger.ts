import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import pino from 'pino';

export type Logger = FastifyBaseLogger;

// Query parameters that carry a capability: a signed file URL, a share or e-mail link token, a key, a password.
const SECRET_QUERY =
  /token|signature|^sig$|key|password|secret|^code$|credential|^auth|^jwt$|^pwd$|^otp$|session/i;

/**
 * Paths whose segment after the prefix is a capability (an invitation's or a share link's token): whoever reads it
 * could accept the invitation or open the share. Every route with a `:token` parameter must be listed here
 * (logger.test.ts checks the app's routes).
 */
const SECRET_PATHS = /^(\/api\/(?:invitations|learning\/share)\/)[^/?]+/;

/** A request URL as it may be logged: capability tokens in the path and secret-bearing query values masked. */
export function loggableUrl(rawUrl: string): string {
  const url = rawUrl.replace(SECRET_PATHS, '$1[redacted]');
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const [name] = pair.split('=', 1);
      return SECRET_QUERY.test(decodeURIComponent(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

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
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        method: request.method,
        url: loggableUrl(request.url),
        remoteAddress: request.ip,
      }),
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
