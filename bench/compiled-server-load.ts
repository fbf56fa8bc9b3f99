/**
 * The authenticated-request and catalog loads of authenticated-requests.ts and catalog.ts, run against the server
 * as it is started in production, in its own process: as TypeScript through tsx with no compression asked (how
 * npm start served before issue 12) and compiled (dist/server/main.js, plain node) asked for brotli like a
 * browser, in the same run, against the same database (500 live courses). Also prints the bytes each answer
 * takes on the wire.
 *
 *   node_modules/.bin/tsx bench/compiled-server-load.ts [requests=3000] [concurrency=32]
 */
import http from 'node:http';
import os from 'node:os';
import { buildUser, login } from '../server/test/factories';
import { insertLiveCourses } from './support/live-courses';
import { measure, startBenchApp } from './support/load';
import { buildCompiledServer, SERVER_VARIANTS, startServerProcess } from './support/server-process';

const total = Number(process.argv[2] ?? 3000);
const concurrency = Number(process.argv[3] ?? 32);
const UNLIMITED = '10000000';

const bench = await startBenchApp();
await insertLiveCourses(bench.app, 500);
const teacher = await buildUser(bench.app, { userType: 'teacher' });
const session = await login(bench.app, teacher.email);
const authorization = JSON.stringify({ jwtToken: session.jwtToken, userType: 'admin' });
buildCompiledServer();

const ROUTES: [string, string, Record<string, string>][] = [
  ['GET /api/health', '/api/health', {}],
  ['GET /api/auth/me', '/api/auth/me', { authorization }],
  ['GET /api/catalog/courses first page', '/api/catalog/courses?page=1', {}],
  ['GET /api/catalog/courses "geometry" p2', '/api/catalog/courses?search=geometry&page=2', {}],
];
const TARGETS = [
  { name: 'tsx, identity (before)', variant: SERVER_VARIANTS.tsx, encoding: 'identity' },
  { name: 'compiled, br (now)', variant: SERVER_VARIANTS.compiled, encoding: 'br, gzip' },
] as const;

/** Bytes of the answer's body as sent on the wire (before the client decompresses it). */
function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

console.log(`concurrency ${concurrency}, Node ${process.version}, ${os.cpus().length} cores`);
const rows: string[] = [];
for (const target of TARGETS) {
  const server = await startServerProcess([...target.variant] as [string, string[]], {
    DATABASE_URL: bench.databaseUrl,
    JWT_SECRET: bench.jwtSecret,
    DATA_DIR: `${os.tmpdir()}/gurukul-bench-served-${process.pid}`,
    RATE_LIMIT_MAX: UNLIMITED,
    READ_RATE_LIMIT_MAX: UNLIMITED,
    WRITE_RATE_LIMIT_MAX: UNLIMITED,
    AUTH_RATE_LIMIT_MAX: UNLIMITED,
  });
  try {
    for (const [label, route, headers] of ROUTES) {
      const withEncoding = { ...headers, 'accept-encoding': target.encoding };
      const bytes = await wireBytes(`${server.base}${route}`, withEncoding);
      const figures = await measure(
        `${target.name} ${label}`,
        `${server.base}${route}`,
        withEncoding,
        total,
        concurrency,
      );
      rows.push(
        `| ${target.name} | ${label} | ${figures.reqPerSecond.toFixed(0)} | ${figures.p50} / ${figures.p95} ms | ${bytes.toLocaleString('en')} B | ${figures.errors} |`,
      );
    }
  } finally {
    await server.stop();
  }
}
console.log(
  `\nload average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
console.log('| server | route | req/s | p50 / p95 | bytes on the wire | errors |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
await bench.stop();
