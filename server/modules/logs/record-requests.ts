import type { FastifyInstance } from 'fastify';
import { loggableUrl } from '../../http/loggable-url';
import { scrubText } from '../../http/secret-text';
import type { LogWriter } from './writer';

/**
 * Not stored: static files and pages (not the API), and the successful reads that would only describe themselves,
 * a load balancer's probe or the app shell's polling of every signed-in page (the help unread markers, the brand
 * logo): the /logs page's own polling, health checks, /api/support/unread and /api/common/user-info/logo-path.
 * Their failures are stored.
 */
const QUIET_READS = /^\/api\/(logs|health|support\/unread|common\/user-info\/logo-path)(\/|\?|$)/;
const MAX_PATH = 2000;

/** Masked paths by route pattern and URL, oldest first: the same few addresses are asked again and again. */
const MASKED_KEPT = 2000;
const maskedPaths = new Map<string, string>();

/**
 * A request's path as stored: capability tokens in the path or query, and anything token-shaped left (a JWT in a
 * query), masked. The masking is a pure function of the URL and the route that matched it, so each address is
 * masked once and then read from memory (issue 38: masking was a tenth of a signed-in request's time).
 */
function storablePath(url: string, pattern: string | undefined, params: unknown): string {
  const key = `${pattern ?? ''} ${url}`;
  const known = maskedPaths.get(key);
  if (known !== undefined) return known;
  const masked = scrubText(loggableUrl(url, { pattern, params }));
  const path = masked.length > MAX_PATH ? masked.slice(0, MAX_PATH) : masked;
  if (maskedPaths.size >= MASKED_KEPT) maskedPaths.delete(maskedPaths.keys().next().value as string);
  maskedPaths.set(key, path);
  return path;
}

/**
 * Hands every answered /api request to the writer once its answer has gone out (onResponse): method, route
 * pattern, masked path, status, duration, user, request id and address. Headers and bodies are never read.
 * Queuing is constant time and cannot throw into the request.
 */
export function recordRequests(app: FastifyInstance, writer: LogWriter): void {
  app.addHook('onResponse', (request, reply, done) => {
    try {
      const url = request.url;
      const quiet = request.method === 'GET' && reply.statusCode < 400 && QUIET_READS.test(url);
      if (url.startsWith('/api/') && !quiet) {
        const durationMs = reply.elapsedTime;
        const path = storablePath(url, request.routeOptions.url, request.params);
        writer.request({
          at: new Date(Date.now() - durationMs),
          method: request.method,
          route: request.routeOptions.url ?? null,
          path,
          status: reply.statusCode,
          durationMs: Math.round(durationMs * 100) / 100,
          userId: request.actor?.userId ?? null,
          requestId: String(request.id),
          clientAddress: request.ip ?? null,
        });
      }
    } catch {
      // The logs must never fail a request; a row lost here is the price.
    }
    done();
  });
}

/** The API's route patterns as they are registered (for the route filter at /logs). Call before the routes. */
export function collectApiRoutes(app: FastifyInstance): () => string[] {
  const patterns = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.method !== 'HEAD') patterns.add(route.url);
  });
  return () => [...patterns].sort();
}
