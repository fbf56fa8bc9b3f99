import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

export type Logger = FastifyBaseLogger;

// Query parameters that carry a capability: a signed file URL, a share or e-mail link token, a key.
const SECRET_QUERY = /^(token|sharetoken|signature|sig|key|apikey|api_key|password|secret|code)$/i;

/** A request URL as it may be logged: the values of secret-bearing query parameters are masked. */
export function loggableUrl(url: string): string {
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

/**
 * Fastify's logger options: logs never hold secrets. Request lines keep method, masked URL and address;
 * headers (Authorization, cookies) are never serialised, and secret-looking fields anywhere are redacted.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
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
