import type { FastifyInstance } from 'fastify';
import { loggableUrl } from '../../http/logger';
import type { LogWriter } from './writer';

/**
 * Not stored: static files and pages (not the API), and the successful reads that would only describe themselves
 * or a load balancer's probe: the /logs page's own polling and health checks.
 */
const QUIET_READS = /^\/api\/(logs|health)(\/|\?|$)/;
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
        const path = loggableUrl(url);
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
