/**
 * Issue 38: how many requests a second the compiled server (what npm start runs) answers on the common path,
 * measured with autocannon (32 connections, 10 s each, the load generator on the same machine), every route beside
 * GET /api/health in the same run. Rate limits are raised out of the way and LOG_LEVEL=warn, as the issue asks.
 *
 *   node_modules/.bin/tsx bench/api-throughput.ts [seconds=10] [connections=32] [--only=TEXT] [--profile]
 *
 * --only=TEXT measures health and the routes whose label has TEXT ("auth/me", "identity").
 * --profile runs the server under `node --cpu-prof` and prints where its CPU time went
 * (bench/support/cpu-profile.ts); the figures of a profiled run are slower than a clean one's.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildUser, login } from '../server/test/factories';
import { summariseCpuProfile } from './support/cpu-profile';
import { insertLiveCourses } from './support/live-courses';
import { startBenchApp } from './support/load';
import { buildCompiledServer, SERVER_VARIANTS, startServerProcess } from './support/server-process';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const seconds = Number(args[0] ?? 10);
const connections = Number(args[1] ?? 32);
const profile = process.argv.includes('--profile');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7);
const UNLIMITED = '10000000';
/** The kernel's clock ticks a second (USER_HZ), 100 on Linux. */
const CLOCK_TICKS = 100;
const KEPT_PROFILE = path.join(os.tmpdir(), 'gurukul-api-throughput.cpuprofile');

const bench = await startBenchApp();
// 50 live courses: the catalog's first page is full (12) and a search has pages behind it.
await insertLiveCourses(bench.app, 50);
// A school's morning: many students, each with their own session, their requests interleaved (one token for
// every request would let the server's lookups of the same session look cheaper than a class's are).
const STUDENTS = 200;
const authorizations: string[] = [];
for (let i = 0; i < STUDENTS; i += 1) {
  const student = await buildUser(bench.app, { userType: 'student' });
  const session = await login(bench.app, student.email);
  // The web app's own header: the token, and a role the server never believes.
  authorizations.push(JSON.stringify({ jwtToken: session.jwtToken, userType: 'admin' }));
}
const authorization = authorizations[0];
let nextStudent = 0;
buildCompiledServer();

const ALL_ROUTES: [label: string, route: string, headers: Record<string, string>][] = [
  ['GET /api/health', '/api/health', {}],
  ['GET /api/auth/me (200 students)', '/api/auth/me', { authorization }],
  ['GET /api/catalog/courses, br asked', '/api/catalog/courses', { 'accept-encoding': 'br, gzip' }],
  ['GET /api/catalog/courses, identity', '/api/catalog/courses', {}],
  [
    'GET /api/catalog/courses, students, br',
    '/api/catalog/courses',
    { authorization, 'accept-encoding': 'br, gzip' },
  ],
];
// Health is the reference of every clean run; a profile of one route leaves it out, so the profile is that route's.
const ROUTES = ALL_ROUTES.filter(
  ([label], index) => !only || label.includes(only) || (index === 0 && !profile),
);

const profileDir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-cpu-prof-'));
const [command, serverArgs] = SERVER_VARIANTS.compiled;
const server = await startServerProcess(
  [command, profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...serverArgs] : serverArgs],
  {
    DATABASE_URL: bench.databaseUrl,
    JWT_SECRET: bench.jwtSecret,
    DATA_DIR: `${os.tmpdir()}/gurukul-bench-throughput-${process.pid}`,
    LOG_LEVEL: 'warn',
    ...(process.env.BENCH_SERVER_ENV ? JSON.parse(process.env.BENCH_SERVER_ENV) : {}),
    RATE_LIMIT_MAX: UNLIMITED,
    READ_RATE_LIMIT_MAX: UNLIMITED,
    WRITE_RATE_LIMIT_MAX: UNLIMITED,
    AUTH_RATE_LIMIT_MAX: UNLIMITED,
  },
);

interface Figures {
  label: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerAnswer: number;
  /** The server process's CPU time per answer. */
  serverCpuMicros: number;
}

/** CPU seconds the server process has used so far (user + system), from /proc: what a request costs it. */
function serverCpuSeconds(): number {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat(5), counted from the state (field 3) here.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function load(label: string, route: string, headers: Record<string, string>, duration: number) {
  const cpuBefore = serverCpuSeconds();
  const signedIn = 'authorization' in headers;
  const result = await autocannon({
    url: `${server.base}${route}`,
    connections,
    duration,
    headers,
    // Each signed-in request as the next of the students, round the class.
    requests: signedIn
      ? [
          {
            setupRequest: (request) => {
              nextStudent = (nextStudent + 1) % STUDENTS;
              return {
                ...request,
                headers: { ...request.headers, authorization: authorizations[nextStudent] },
              };
            },
          },
        ]
      : undefined,
  });
  const cpuSeconds = serverCpuSeconds() - cpuBefore;
  const figures: Figures = {
    label,
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerAnswer: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    serverCpuMicros: result.requests.total ? Math.round((cpuSeconds * 1e6) / result.requests.total) : 0,
  };
  return figures;
}

const rows: Figures[] = [];
try {
  // A short warm-up of every route, so the first measured one does not pay for the JIT and the pools.
  for (const [label, route, headers] of ROUTES) await load(label, route, headers, 2);
  for (const [label, route, headers] of ROUTES) rows.push(await load(label, route, headers, seconds));
  // Health again at the end: the reference at both ends of the run shows whether the machine was steady.
  if (rows[0].label === 'GET /api/health') {
    rows.push(await load('GET /api/health (again)', '/api/health', {}, seconds));
  }
} finally {
  await server.stop();
}

const healthRows = rows.filter((row) => row.label.startsWith('GET /api/health'));
const health = healthRows.reduce((sum, row) => sum + row.perSecond, 0) / (healthRows.length || 1);
console.log(
  `\n${connections} connections, ${seconds} s a route, Node ${process.version}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}${profile ? ', under --cpu-prof (slower)' : ''}`,
);
console.log(
  '| route | req/s | share of health | p50 | p99 | server CPU an answer | bytes an answer | non-2xx | errors |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  const share =
    row.label.startsWith('GET /api/health') || !healthRows.length
      ? '—'
      : `${Math.round((row.perSecond / health) * 100)} %`;
  console.log(
    `| ${row.label} | ${Math.round(row.perSecond).toLocaleString('en')} | ${share} | ${row.p50} ms | ${row.p99} ms | ${row.serverCpuMicros} µs | ${row.bytesPerAnswer.toLocaleString('en')} | ${row.non2xx} | ${row.errors} |`,
  );
}

if (profile) {
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (file) {
    // Kept for a closer look (Chrome's DevTools open it): the summary answers "where", not "called from where".
    copyFileSync(path.join(profileDir, file), KEPT_PROFILE);
    console.log(`\n${summariseCpuProfile(KEPT_PROFILE)}\n\nthe profile: ${KEPT_PROFILE}`);
  } else console.log('\nno CPU profile was written (the server did not exit cleanly)');
}
rmSync(profileDir, { recursive: true, force: true });
await bench.stop();
