import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../http/app-type';
import { pgBossJobs } from '../jobs/queue';
import { buildAndLogin } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { connectSocket } from '../test/sockets';
import { applyRelayMessage } from './relay';
import { rooms } from './socket';

// A web process with JOBS=off and a worker process (role 'worker'), as `npm start` + `npm run worker` run them,
// here two apps on one fresh database with real pg-boss queues: the job runs only in the worker, and what it
// announces reaches a browser connected to the web process.
let web: TestContext;
let worker: App;
let baseUrl = '';
const ranIn: string[] = [];
const ECHO_QUEUE = 'relay-test-echo';

beforeAll(async () => {
  web = await startTestApp(
    { runJobs: false },
    { jobs: pgBossJobs({ runWorkers: false, pollingIntervalSeconds: 0.5 }) },
  );
  await web.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(web.app.server.address() as AddressInfo).port}`;
  worker = await buildApp({
    config: web.config,
    database: web.database,
    jobs: pgBossJobs({ pollingIntervalSeconds: 0.5 }),
    role: 'worker',
  });
  // The same handler in both, as every module registers its queues in every process.
  for (const [name, app] of [
    ['web', web.app],
    ['worker', worker],
  ] as const) {
    app.jobs.work<{ userId: string; text: string }>(ECHO_QUEUE, async (job) => {
      ranIn.push(name);
      app.realtime.notify(rooms.user(job.userId), 'echo', { text: job.text, from: name });
    });
  }
  await worker.ready();
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await web?.close();
});

const connect = (token: string) => connectSocket(baseUrl, token);

const nextEvent = <T>(socket: Socket, event: string, ms = 15_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('jobs on a worker process (JOBS=off on the web process)', () => {
  it('runs a job queued by the web process in the worker, whose event reaches the web process’s socket', async () => {
    const { user, session } = await buildAndLogin(web.app, { userType: 'teacher' });
    const socket = await connect(session.jwtToken);
    try {
      const heard = nextEvent<{ text: string; from: string }>(socket, 'echo');
      await web.app.jobs.send(ECHO_QUEUE, { userId: user.id, text: 'slide 3 of 8' });
      expect(await heard).toEqual({ text: 'slide 3 of 8', from: 'worker' });
      expect(ranIn).toEqual(['worker']);
    } finally {
      socket.disconnect();
    }
  }, 30_000);

  it('keeps the order of a job’s progress events', async () => {
    const { user, session } = await buildAndLogin(web.app, { userType: 'teacher' });
    const socket = await connect(session.jwtToken);
    try {
      const seen: number[] = [];
      const all = new Promise<void>((resolve) => {
        socket.on('progress', ({ percent }: { percent: number }) => {
          seen.push(percent);
          if (percent === 100) resolve();
        });
      });
      for (let percent = 0; percent <= 100; percent += 5)
        worker.realtime.notify(rooms.user(user.id), 'progress', { percent });
      await all;
      expect(seen).toEqual(Array.from({ length: 21 }, (_, index) => index * 5));
    } finally {
      socket.disconnect();
    }
  }, 30_000);

  it('relays a session revocation from the worker: the web process drops that socket', async () => {
    const { user, session } = await buildAndLogin(web.app, { userType: 'student' });
    const socket = await connect(session.jwtToken);
    const dropped = nextEvent<string>(socket, 'disconnect');
    worker.realtime.disconnectSessions({ userId: user.id });
    expect(await dropped).toBe('io server disconnect');
  }, 30_000);

  it('the worker has no sockets of its own: nobody is in its rooms, and an oversized event is dropped, not thrown', async () => {
    expect(worker.realtime.io).toBeNull();
    expect(await worker.realtime.hasMembers(rooms.admins)).toBe(false);
    expect(() => worker.realtime.notify(rooms.admins, 'big', { blob: 'x'.repeat(10_000) })).not.toThrow();
    await worker.realtime.close();
  });

  it('ignores malformed relay messages', () => {
    const calls: string[] = [];
    const spy = {
      notify: (room: string) => calls.push(room),
      disconnectSessions: () => calls.push('disconnect'),
      setLogsAccess: () => calls.push('access'),
    } as unknown as App['realtime'];
    applyRelayMessage(spy, 'not json');
    applyRelayMessage(spy, JSON.stringify({ kind: 'notify', room: 5, event: 'x' }));
    applyRelayMessage(spy, JSON.stringify({ kind: 'unknown' }));
    applyRelayMessage(spy, JSON.stringify({ kind: 'notify', room: 'user:1', event: 'x', payload: {} }));
    expect(calls).toEqual(['user:1']);
  });
});
