import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Manager } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded';
import { projectRoot } from '../paths';

// The real compiled server (dist/server/main.js, as `npm start` runs it) in its own process, on one data folder
// shared by the tests: the first start initialises the cluster (the slow part), the others reuse it.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-lifecycle-'));
// As root the cluster runs as the postgres user, who must be able to enter the folder.
chmodSync(dataDir, 0o755);
const clusterDir = path.join(dataDir, 'postgres');

interface Server {
  process: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** How the server is started: as `npm start` runs it in the end, or through `npm start` itself. */
const COMPILED = [process.execPath, '--enable-source-maps', path.join('dist', 'server', 'main.js')];
const BOOTSTRAP = [process.execPath, path.join('scripts', 'bootstrap.mjs'), 'start'];
const NPM_START = ['npm', 'start'];
const WORKER = [process.execPath, '--enable-source-maps', path.join('dist', 'server', 'worker.js')];
const BACKUP = [process.execPath, '--enable-source-maps', path.join('dist', 'server', 'backup-command.js')];
const RESTORE = [process.execPath, '--enable-source-maps', path.join('dist', 'server', 'restore-command.js')];

function startServer(port: number, [command, ...args] = COMPILED, env: Record<string, string> = {}): Server {
  const child = spawn(command, args, {
    // Its own process group, so that the clean-up below reaches npm's shell, the bootstrap and the server alike.
    detached: true,
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      LIFECYCLE_TEST_ROUTES: 'true',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, port, output: () => output, exited };
}

const url = (server: Server, route: string) => `http://127.0.0.1:${server.port}${route}`;

/** Resolves once /api/health answers 200; fails with the server's output if it exits first. */
async function healthy(server: Server): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  for (const end = Date.now() + 90_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}):\n${server.output()}`);
    const answer = await fetch(url(server, '/api/health')).catch(() => null);
    if (answer?.ok) return;
  }
  throw new Error(`server not healthy in 90 s:\n${server.output()}`);
}

/** Waits until the server no longer answers and its PostgreSQL is gone: what stopping means to the machine. */
async function stopped(server: Server): Promise<void> {
  for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
    const answering = await fetch(url(server, '/api/health')).then(
      () => true,
      () => false,
    );
    if (!answering && postmasters().length === 0) return;
  }
  throw new Error(`still running 60 s after being stopped:\n${server.output()}`);
}

/** Postmasters running on this test's cluster (backends rename themselves "postgres: …", the postmaster not). */
function postmasters(): number[] {
  const found = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return path.basename(args[0]) === 'postgres' && args[args.indexOf('-D') + 1] === clusterDir;
      } catch {
        return false;
      }
    })
    .map(Number);
  // A backend just forked carries the postmaster's command line until it names itself ("postgres: io worker"); on
  // a loaded machine CI caught one in that moment and counted two postmasters. Only one without such a parent is.
  return found.filter((pid) => !found.includes(parentOf(pid)));
}

/** A process's parent id, from /proc/<pid>/stat (its fourth field, after the parenthesised name). */
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

const signUp = (server: Server, email = 'kept@lifecycle.test') =>
  fetch(url(server, '/api/auth/sign-up'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fullName: 'Kept Student',
      email,
      password: 'Gurukul2026!',
      confirmPassword: 'Gurukul2026!',
      userType: 'student',
      terms: true,
    }),
  });

const running: Server[] = [];
const start = (port: number, command?: string[], env?: Record<string, string>) => {
  const server = startServer(port, command, env);
  running.push(server);
  return server;
};

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stderr}`);
});

/** Kills what a test left running (it failed before stopping its server), so the next test starts clean. */
async function stopLeftovers() {
  const left = running
    .splice(0)
    .filter((server) => server.process.exitCode === null && server.process.signalCode === null);
  for (const server of left) {
    try {
      if (server.process.pid) process.kill(-server.process.pid, 'SIGKILL');
    } catch {
      // The group has already ended.
    }
  }
  if (left.length === 0) return;
  for (const pid of postmasters()) process.kill(pid, 'SIGQUIT');
  await new Promise((resolve) => setTimeout(resolve, 500));
}

// One failed test must not fail the next ones with "belongs to another running server".
afterEach(stopLeftovers);

afterAll(async () => {
  await stopLeftovers();
  for (const pid of postmasters()) process.kill(pid, 'SIGQUIT');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The processes a supervisor (`npm start`'s bootstrap) runs main.js in: the serving server and its standby. */
function serversUnder(supervisor: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === supervisor && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.js');
      } catch {
        return false;
      }
    });
}

/** The serving server under a supervisor: the pid of its last "is back" line, else the first one (no standby). */
function servingServer(server: Server): number {
  const back = [...server.output().matchAll(/The server is back \(pid (\d+)/g)].at(-1);
  if (back) return Number(back[1]);
  const first = serversUnder(server.process.pid as number).find(
    (pid) => !readFileSync(`/proc/${pid}/environ`, 'utf8').includes('GURUKUL_STANDBY=1'),
  );
  if (!first) throw new Error(`no server process:\n${server.output()}`);
  return first;
}

/**
 * The goal of issue 30: serving again within this long of a kill -9 of the server under `npm start`, on a machine
 * with a core to spare. A busier machine gets the same share of its cores: at a load average of 8 on 2 cores the
 * standby took 10.1–12.2 s, which measures the neighbours, not the restart.
 */
const BACK_WITHIN_MS = 10_000;
const backWithinMs = () => BACK_WITHIN_MS * Math.max(1, os.loadavg()[0] / os.cpus().length);

describe('the server process', { timeout: 180_000 }, () => {
  it('comes back with its data after kill -9, stopping the PostgreSQL the killed server left', async () => {
    const first = start(await freePort());
    await healthy(first);
    expect((await signUp(first)).status).toBe(201);
    const [leftover] = postmasters();

    first.process.kill('SIGKILL');
    await first.exited;
    // The killed server's cluster keeps running on its own: the situation the next start must handle.
    expect(postmasters()).toEqual([leftover]);

    const second = start(await freePort());
    await healthy(second);
    expect(second.output()).toContain(`stopping the PostgreSQL (pid ${leftover})`);
    // The account made before the kill is still there: the same e-mail is now taken.
    const again = await signUp(second);
    expect(again.status).toBe(409);
    const running = postmasters();
    expect(running).toHaveLength(1);
    expect(running).not.toContain(leftover);

    // A second server on the same data folder is refused, naming the live owner; the first is untouched.
    const intruder = start(await freePort());
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain(`belongs to another running server (pid ${second.process.pid})`);
    expect(postmasters()).toEqual(running);

    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('on SIGTERM finishes the request in flight, refuses new ones, closes websockets, stops PostgreSQL and exits 0', async () => {
    const server = start(await freePort());
    await healthy(server);
    // An open websocket (here one that never signs in) must not hold the stop.
    const realtime = new Manager(url(server, ''), { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) =>
      realtime.once('open', () => resolve()).once('error', reject),
    );
    const realtimeClosed = new Promise((resolve) => realtime.once('close', resolve));
    const slow = fetch(url(server, '/api/test/slow?ms=2500'));
    await new Promise((resolve) => setTimeout(resolve, 500));

    const stopping = performance.now();
    server.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const late = await fetch(url(server, '/api/health'), { headers: { connection: 'close' } }).then(
      (answer) => answer.status,
      () => 'refused',
    );
    expect(late === 'refused' || late === 503).toBe(true);

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ slept: 2500 });
    expect(await realtimeClosed).toBe('transport close');
    expect(await server.exited).toBe(0);
    // The slow request's remaining 2 s, then jobs and PostgreSQL: far below the 10 s grace.
    expect(performance.now() - stopping).toBeLessThan(8000);
    expect(server.output()).toContain('SIGTERM received: stopping');
    expect(postmasters()).toEqual([]);
  });

  it('runs a worker beside a JOBS=off server on its database, and says why a worker cannot start alone', async () => {
    const alone = start(await freePort(), WORKER);
    expect(await alone.exited).toBe(1);
    expect(alone.output()).toContain('No database for the worker');
    expect(alone.output()).toContain('Start the app first (npm start) with the same DATA_DIR');

    const server = start(await freePort(), COMPILED, { JOBS: 'off' });
    await healthy(server);
    const worker = start(await freePort(), WORKER);
    for (const end = Date.now() + 60_000; !worker.output().includes('Gurukul worker is running'); ) {
      if (Date.now() > end) throw new Error(`worker did not start:\n${worker.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The worker joined the server's PostgreSQL; it never starts one of its own.
    expect(postmasters()).toHaveLength(1);
    worker.process.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    // The server and its PostgreSQL are untouched by the worker's stop.
    expect((await fetch(url(server, '/api/health'))).status).toBe(200);
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('backs up while the server runs, and restores once it is stopped: the account made after is gone', async () => {
    const server = start(await freePort());
    await healthy(server);
    const backupDir = path.join(dataDir, 'backups', 'round-trip');
    const backup = start(await freePort(), [...BACKUP, backupDir]);
    expect(await backup.exited, backup.output()).toBe(0);
    expect(backup.output()).toMatch(/Backed up \d+ tables \(\d+ rows\)/);
    // Made after the backup: the restore takes the database back to before it.
    const signUpAfter = (server: Server) => signUp(server, 'after-backup@lifecycle.test');
    expect((await signUpAfter(server)).status).toBe(201);
    expect((await signUpAfter(server)).status).toBe(409);

    // A restore beside a running server is refused, naming it.
    const refused = start(await freePort(), [...RESTORE, backupDir]);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('another running server');
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const restore = start(await freePort(), [...RESTORE, backupDir]);
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toMatch(/Restored \d+ tables/);
    const after = start(await freePort());
    await healthy(after);
    // The e-mail is free again: the account made after the backup is not in the restored database.
    expect((await signUpAfter(after)).status).toBe(201);
    after.process.kill('SIGTERM');
    expect(await after.exited).toBe(0);
  });

  it('under `npm start`, is back within 10 s of a kill -9 during writes, on the same PostgreSQL, with every acknowledged write and the crash in the logs', async () => {
    // The sign-up loop measures the restart, not the sign-up budget.
    const server = start(await freePort(), BOOTSTRAP, { AUTH_RATE_LIMIT_MAX: '100000' });
    await healthy(server);
    const [postgres] = postmasters();
    const health = () =>
      fetch(url(server, '/api/health'), { signal: AbortSignal.timeout(2000) }).then(
        (answer) => answer.ok,
        () => false,
      );

    // Four writers signing up in a loop: an answered 201 is an acknowledged write.
    const acknowledged: string[] = [];
    let writing = true;
    let next = 0;
    const writer = async () => {
      while (writing) {
        const email = `healed-${next++}@lifecycle.test`;
        const answer = await signUp(server, email).catch(() => null);
        if (answer?.status === 201) acknowledged.push(email);
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    // Writes before the kill, and time for the supervisor to load its standby.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(acknowledged.length).toBeGreaterThan(0);

    const killedAt = performance.now();
    process.kill(servingServer(server), 'SIGKILL');
    while (await health()) await new Promise((resolve) => setTimeout(resolve, 20));
    while (!(await health())) {
      if (performance.now() - killedAt > 60_000) throw new Error(`not back in 60 s:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const backAfterMs = performance.now() - killedAt;
    const atRestart = acknowledged.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    writing = false;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(atRestart);
    expect(backAfterMs).toBeLessThan(backWithinMs());
    // The same PostgreSQL before and after: it was never stopped.
    expect(postmasters()).toEqual([postgres]);
    expect(server.output()).toContain(
      '[gurukul] The server was killed (SIGKILL, perhaps out of memory) after',
    );
    expect(server.output()).toMatch(/The server is back \(pid \d+, restart 1\)/);

    // Every acknowledged sign-up is stored, and the crash is in the stored logs with its error group.
    const { postgresPassword } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    const pgPort = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3];
    const client = new pg.Client({
      connectionString: `postgres://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${pgPort}/gurukul`,
    });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string }>(
        'select email from users where email = any($1::text[])',
        [acknowledged],
      );
      const stored = new Set(rows.map((row) => row.email));
      expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
      let crash: { level: number; message: string; context: { crash?: { signal?: string } } } | undefined;
      for (const end = Date.now() + 10_000; !crash && Date.now() < end; ) {
        const logged = await client.query(
          "select level, message, context from app_logs where message like 'The server was killed%'",
        );
        crash = logged.rows[0];
        if (!crash) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(crash?.level).toBe(50);
      expect(crash?.message).toMatch(
        /^The server was killed \(SIGKILL, perhaps out of memory\) and was started again/,
      );
      expect(crash?.context.crash?.signal).toBe('SIGKILL');
      const groups = await client.query("select count from error_groups where name = 'ServerCrash'");
      expect(groups.rows).toEqual([{ count: 1 }]);
    } finally {
      await client.end();
    }

    // SIGTERM to `npm start` still stops everything: the server, its standby and PostgreSQL.
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(serversUnder(server.process.pid as number)).toEqual([]);
    expect(postmasters()).toEqual([]);
  });

  it('stops with PostgreSQL when `npm start` gets SIGTERM, though npm does not pass it on', async () => {
    const server = start(await freePort(), NPM_START);
    await healthy(server);
    expect(postmasters()).toHaveLength(1);
    server.process.kill('SIGTERM');
    await stopped(server);
    expect(server.output()).toContain('ended: stopping');
  });

  it('stops with PostgreSQL when `npm start` is killed outright (SIGKILL)', async () => {
    const server = start(await freePort(), NPM_START);
    await healthy(server);
    server.process.kill('SIGKILL');
    await stopped(server);
  });

  it('stops with PostgreSQL when the bootstrap that started it is killed outright', async () => {
    const server = start(await freePort(), BOOTSTRAP);
    await healthy(server);
    server.process.kill('SIGKILL');
    await stopped(server);
  });

  it('stops quietly on a terminal Ctrl+C, which reaches its whole process group: PostgreSQL goes last', async () => {
    const server = start(await freePort(), BOOTSTRAP);
    await healthy(server);
    // Connections in the pool, as after real use.
    await Promise.all(Array.from({ length: 5 }, () => signUp(server)));
    process.kill(-(server.process.pid as number), 'SIGINT');
    expect(await server.exited).toBe(0);
    expect(postmasters()).toEqual([]);
    expect(server.output()).toContain('SIGINT received: stopping');
    expect(server.output()).not.toContain('terminating connection');
  });

  it('logs an uncaught exception with its stack and request id, then stops PostgreSQL and exits 1', async () => {
    const server = start(await freePort());
    await healthy(server);
    expect((await fetch(url(server, '/api/test/crash'))).status).toBe(200);
    expect(await server.exited).toBe(1);

    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map(
        (line) => JSON.parse(line) as { level: number; reqId?: string; msg: string; err?: { stack: string } },
      );
    const crashRequest = lines.find(
      (line) => line.msg === 'incoming request' && line.reqId && /crash/.test(JSON.stringify(line)),
    );
    const fatal = lines.find((line) => line.level === 60);
    expect(fatal?.msg).toBe('uncaught exception: lifecycle test crash');
    expect(fatal?.reqId).toBe(crashRequest?.reqId);
    // Source maps: the stack names the TypeScript file, not the bundle.
    expect(fatal?.err?.stack).toContain('server/lifecycle/test-routes.ts');
    expect(postmasters()).toEqual([]);
  });

  it('a start on a taken port says which port and how to choose another, and starts no PostgreSQL', async () => {
    const taken = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const server = start(port);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Port ${port} is already in use`);
      expect(server.output()).toContain(`PORT=${port + 1} npm start`);
      expect(server.output()).not.toContain('undefined');
      expect(postmasters()).toEqual([]);
    } finally {
      taken.close();
    }
  });
});
