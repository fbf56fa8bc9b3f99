import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus instruments (decision 037), one registry per process: a web process, a worker. What
 * happens anywhere is counted where it happens (requests, jobs, media programs); figures that are read off state
 * (sockets, queues, the database pool) are gauges registered with the app (modules/health/metrics.ts).
 */
export const registry = new Registry();

export const httpRequestSeconds = new Histogram({
  name: 'gurukul_http_request_duration_seconds',
  help: 'API requests by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'gurukul_job_runs_total',
  help: 'Background jobs run by this process, by queue and outcome (completed or failed).',
  labelNames: ['queue', 'outcome'] as const,
  registers: [registry],
});

export const mediaRunSeconds = new Histogram({
  name: 'gurukul_media_run_seconds',
  help: 'Media programs (ffmpeg, ffprobe, LibreOffice) run by this process: seconds by program and outcome.',
  labelNames: ['program', 'outcome'] as const,
  buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
  registers: [registry],
});

let processMetrics = false;
/** Node's own figures (CPU, memory, event loop lag, GC), once per process, when metrics are served. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry, prefix: 'gurukul_' });
}
