import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openWorkerDatabase } from './db/worker-database';
import { installProcessHandlers } from './lifecycle/process-handlers';
import { explainStartupError, formatStartupError } from './lifecycle/startup-error';
import { serveMetricsOn } from './modules/health/metrics';

// `npm run worker` (decision 035): the job queues (video packaging, library generation, guru training) and the
// periodic tasks (sweepers, billing lifecycle, log retention), without HTTP. Run as many as the work needs; web
// processes with JOBS=off then only queue work. Progress reaches browsers through the web processes (relay.ts).
const lifecycle = installProcessHandlers(pino({ level: process.env.LOG_LEVEL || 'info' }));

async function main() {
  const config = loadConfig();
  const database = await openWorkerDatabase(config);
  lifecycle.onShutdown('database', () => database.close());
  const app = await buildApp({ config, database, role: 'worker' });
  lifecycle.logThrough(app.log);
  // Running jobs get pg-boss's graceful stop (up to 20 s); one cut short is retried by the next worker.
  lifecycle.onShutdown('worker', () => app.close());
  await app.ready();
  if (config.metricsPort) {
    const metrics = await serveMetricsOn(config.metricsPort, config.host);
    lifecycle.onShutdown('metrics', () => metrics.close());
  }
  app.log.info({ pid: process.pid }, 'worker running: jobs and periodic tasks');
  console.log(`Gurukul worker is running (pid ${process.pid}, data in ${config.dataDir})`);
}

main().catch(async (error: unknown) => {
  console.error(formatStartupError(explainStartupError(error)));
  await lifecycle.shutdown();
  process.exit(1);
});
