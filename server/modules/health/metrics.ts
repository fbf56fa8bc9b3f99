import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Gauge } from 'prom-client';
import type { App } from '../../http/app-type';
import { localeOf, speak } from '../../http/locale';
import { said } from '../../i18n/said';
import { collectProcessMetrics, httpRequestSeconds, registry } from '../../metrics/instruments';

/** The app whose state the gauges read: the one most recently built in this process (one, outside tests). */
let current: { app: App; pool: pg.Pool } | null = null;

function registerGauges(): void {
  if (registry.getSingleMetric('gurukul_sockets')) return;
  new Gauge({
    name: 'gurukul_sockets',
    help: 'Open socket.io connections on this instance.',
    registers: [registry],
    collect() {
      this.set(current?.app.realtime.io?.engine.clientsCount ?? 0);
    },
  });
  new Gauge({
    name: 'gurukul_db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting for one).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = current?.pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'gurukul_jobs_waiting',
    help: 'Jobs queued or waiting for a retry, by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const depth = (await current?.app.jobs.depth().catch(() => null)) ?? {};
      this.reset();
      for (const [queue, waiting] of Object.entries(depth)) this.set({ queue }, waiting);
    },
  });
}

const tokenMatches = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * /metrics in Prometheus's text format (decision 037): request durations by route and status, job runs and
 * queue depth, sockets, the database pool, media program seconds and Node's own figures. Served here only with
 * METRICS_TOKEN (as `Authorization: Bearer <token>`; without it the path does not exist), and on METRICS_PORT by
 * main.ts and worker.ts for a private network.
 */
export function registerMetrics(app: App, pool: pg.Pool): void {
  current = { app, pool };
  registerGauges();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (request.url.startsWith('/api/')) {
      // Route patterns, never raw paths: the label set stays as small as the route table.
      httpRequestSeconds.observe(
        { method: request.method, route: route ?? 'unmatched', status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
  const token = app.config.metricsToken;
  if (!token) return;
  collectProcessMetrics();
  app.get('/metrics', async (request, reply) => {
    const given = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
    if (!tokenMatches(given, token))
      return reply.code(401).send({
        code: 'UNAUTHORIZED',
        message: speak(localeOf(request), said('server.health.unauthorized')),
      });
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/** METRICS_PORT: the same figures on their own port, for a scraper on a private network (no token). */
export async function serveMetricsOn(port: number, host: string): Promise<FastifyInstance> {
  collectProcessMetrics();
  const { default: Fastify } = await import('fastify');
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
  await server.listen({ port, host });
  return server;
}
