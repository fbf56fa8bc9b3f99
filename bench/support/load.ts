import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { connectDatabase, type Database, migrateDatabase } from '../../server/db/client';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { ensureDatabaseExists } from '../../server/db/setup';
import type { App } from '../../server/http/app-type';
import { rateLimitBudgets } from '../../server/http/rate-limits';
import { inlineJobs } from '../../server/jobs/queue';
import { ensureCurrencyRates } from '../../server/modules/common/currency-rates';
import { ensureDefaultPlans } from '../../server/modules/plans/trials';

/** The real app on a throwaway embedded PostgreSQL, listening on a free port. */
export interface BenchApp {
  app: App;
  base: string;
  /** The bench database, for a server started in another process against the same data. */
  databaseUrl: string;
  jwtSecret: string;
  /** The app's config and open database, for a second app on the same data (bench/request-logging.ts). */
  config: Config;
  database: Database;
  stop: () => Promise<void>;
}

/**
 * `settings` are extra environment settings for the app's config; `port` is where it listens (a free one when
 * unset) — set it with PUBLIC_URL when the app must know its own address (an LMS launching into it).
 */
export async function startBenchApp(settings: Record<string, string> = {}, port = 0): Promise<BenchApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-bench-'));
  chmodSync(dir, 0o755);
  const cluster = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench', { throwaway: true });
  await ensureDatabaseExists(cluster.url('postgres'), 'bench');
  const database = connectDatabase(cluster.url('bench'), 20);
  await migrateDatabase(database);
  await ensureDefaultPlans(database.db);
  await ensureCurrencyRates(database.db);
  const config = {
    ...loadConfig({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent', ...settings }),
    databaseUrl: cluster.url('bench'),
    // Load from a handful of users and one address measures the server, not its limits.
    rateLimits: rateLimitBudgets({
      RATE_LIMIT_MAX: 10_000_000,
      READ_RATE_LIMIT_MAX: 10_000_000,
      WRITE_RATE_LIMIT_MAX: 10_000_000,
      AUTH_RATE_LIMIT_MAX: 10_000_000,
      CERTIFICATE_CHECK_RATE_LIMIT_MAX: 10_000_000,
    }),
  };
  const app = await buildApp({ config, database, jobs: inlineJobs() });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    base: baseUrl(app.server.address()),
    databaseUrl: cluster.url('bench'),
    jwtSecret: config.jwtSecret,
    config,
    database,
    stop: async () => {
      await app.close();
      await database.close();
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function baseUrl(address: ReturnType<App['server']['address']>): string {
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Fires `total` GETs with `concurrency` in flight and prints throughput, p50/p95 and errors. */
export async function measure(
  label: string,
  url: string,
  headers: Record<string, string>,
  total: number,
  concurrency: number,
) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const response = await fetch(url, { headers }).catch(() => null);
        if (!response?.ok) errors += 1;
        await response?.arrayBuffer();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
  const figures = { label, reqPerSecond: total / seconds, p50: pct(0.5), p95: pct(0.95), errors };
  console.log(
    `${label.padEnd(34)} ${String(total).padStart(6)} requests  ${figures.reqPerSecond.toFixed(0).padStart(6)} req/s  p50 ${figures.p50} ms  p95 ${figures.p95} ms  errors ${errors}`,
  );
  return figures;
}
