/**
 * What storing request logs costs (issue 17: under 10 %). Two apps on one embedded PostgreSQL, the same in every
 * way but LOGS (on: every /api request queued and written in batches, log lines copied, errors grouped; off: none
 * of it), both logging at LOG_LEVEL=info to /dev/null as a server does. The load comes in short pairs (off then on,
 * on then off, …), so the machine's load — which on a shared two-core box swings throughput threefold within
 * minutes — falls on both halves of a pair alike; the cost is the median of the pairs' differences.
 *
 *   node_modules/.bin/tsx bench/request-logging.ts [requests per half=3000] [concurrency=32] [pairs=10]
 */
import os from 'node:os';
import pino from 'pino';
import { buildApp } from '../server/app';
import type { App } from '../server/http/app-type';
import { inlineJobs } from '../server/jobs/queue';
import { buildUser, login } from '../server/test/factories';
import { baseUrl, measure, startBenchApp } from './support/load';

const total = Number(process.argv[2] ?? 3000);
const concurrency = Number(process.argv[3] ?? 32);
const rounds = Number(process.argv[4] ?? 10);

const bench = await startBenchApp();
const teacher = await buildUser(bench.app, { userType: 'teacher' });
const session = await login(bench.app, teacher.email);
const authorization = JSON.stringify({ jwtToken: session.jwtToken });

async function serve(logs: boolean): Promise<{ app: App; base: string }> {
  const app = await buildApp({
    config: { ...bench.config, logLevel: 'info', logStore: { enabled: logs, retentionDays: 14 } },
    database: bench.database,
    jobs: inlineJobs(),
    logStream: pino.destination({ dest: '/dev/null', sync: false }) as unknown as NodeJS.WritableStream,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: baseUrl(app.server.address()) };
}
const servers = { off: await serve(false), on: await serve(true) };

const routes: { label: string; path: string; headers: Record<string, string> }[] = [
  { label: 'GET /api/auth/me', path: '/api/auth/me', headers: { authorization } },
  { label: 'GET /api/common/currency-rate', path: '/api/common/currency-rate', headers: {} },
];
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

console.log(
  `${rounds} pairs of ${total} requests, concurrency ${concurrency}, Node ${process.version}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
for (const route of routes) {
  // Warm both (JIT, connection pools, the first batch writes).
  for (const server of Object.values(servers))
    await measure(`warm-up`, `${server.base}${route.path}`, route.headers, 300, concurrency);
  const results: Record<'off' | 'on', number[]> = { off: [], on: [] };
  const pairCosts: number[] = [];
  // CPU time of this process (server and load generator, the same load in both modes) per request: steadier
  // than throughput on a shared machine.
  const cpu: Record<'off' | 'on', number[]> = { off: [], on: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    for (const mode of order) {
      const started = process.cpuUsage();
      const figures = await measure(
        `${route.label} logs ${mode}`,
        `${servers[mode].base}${route.path}`,
        route.headers,
        total,
        concurrency,
      );
      const used = process.cpuUsage(started);
      cpu[mode].push((used.user + used.system) / total);
      results[mode].push(figures.reqPerSecond);
    }
    pairCosts.push(((results.off[round] - results.on[round]) / results.off[round]) * 100);
  }
  const off = median(results.off);
  const on = median(results.on);
  const cost = median(pairCosts);
  const [cpuOff, cpuOn] = [median(cpu.off), median(cpu.on)];
  console.log(
    `${route.label}: Node CPU per request ${cpuOff.toFixed(0)} µs off, ${cpuOn.toFixed(0)} µs on (+${(((cpuOn - cpuOff) / cpuOff) * 100).toFixed(1)} %)`,
  );
  console.log(
    `${route.label}: median ${off.toFixed(0)} req/s off, ${on.toFixed(0)} req/s on; cost, median of ${rounds} pairs: ${cost.toFixed(1)} % (${cost < 10 ? 'under' : 'OVER'} 10 %); pairs ${pairCosts
      .map((c) => c.toFixed(0))
      .join(' ')}`,
  );
}
const { rows } = await bench.database.pool.query('select count(*)::int as n from request_logs');
console.log(`request rows stored: ${rows[0].n}`);
await servers.on.app.close();
await servers.off.app.close();
await bench.stop();
