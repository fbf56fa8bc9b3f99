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
        // Capability tokens in the path or query, and anything token-shaped left (a JWT in a query), masked.
        const path = scrubText(
          loggableUrl(url, { pattern: request.routeOptions.url, params: request.params }),
        );
        writer.request({
          at: new Date(Date.now() - durationMs),
          method: request.method,
          route: request.routeOptions.url ?? null,
          path: path.length > MAX_PATH ? path.slice(0, MAX_PATH) : path,
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
