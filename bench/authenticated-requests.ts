/**
 * How much the per-request authorisation costs: every /api call verifies the JWT and loads its session,
 * user and plan state from PostgreSQL. Fires requests at GET /api/health (no auth) and GET /api/auth/me
 * (full auth) over real HTTP and prints throughput, p50/p95 latency and errors.
 *
 *   node_modules/.bin/tsx bench/authenticated-requests.ts [requests=4000] [concurrency=32]
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase, migrateDatabase } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { ensureDatabaseExists } from '../server/db/setup';
import { ensureCurrencyRates } from '../server/modules/common/currency-rates';
import { ensureDefaultPlans } from '../server/modules/plans/trials';
import { buildUser, login } from '../server/test/factories';

const total = Number(process.argv[2] ?? 4000);
const concurrency = Number(process.argv[3] ?? 32);

const dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-bench-'));
chmodSync(dir, 0o755);
const cluster = await startEmbeddedPostgres(path.join(dir, 'pg'), 'bench', { throwaway: true });
await ensureDatabaseExists(cluster.url('postgres'), 'bench');
const database = connectDatabase(cluster.url('bench'), 20);
await migrateDatabase(database);
await ensureDefaultPlans(database.db);
await ensureCurrencyRates(database.db);
const config = {
  ...loadConfig({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' }),
  databaseUrl: cluster.url('bench'),
};
const app = await buildApp({ config, database, rateLimitMax: 10_000_000 });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const teacher = await buildUser(app, { userType: 'teacher' });
const session = await login(app, teacher.email);
const authorization = JSON.stringify({ jwtToken: session.jwtToken, userType: 'admin' });

async function measure(label: string, url: string, headers: Record<string, string>) {
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
  console.log(
    `${label.padEnd(22)} ${String(total).padStart(6)} requests  ${(total / seconds).toFixed(0).padStart(6)} req/s  p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms  errors ${errors}`,
  );
}

console.log(`concurrency ${concurrency}, Node ${process.version}, ${os.cpus().length} cores`);
await measure('GET /api/health', `${base}/api/health`, {});
await measure('GET /api/auth/me', `${base}/api/auth/me`, { authorization });

await app.close();
await database.close();
await cluster.stop();
rmSync(dir, { recursive: true, force: true });
