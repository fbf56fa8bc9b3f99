import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { sessions } from '../db/schema/index';
import type { App } from '../http/app-type';
import { rateLimitBudgets } from '../http/rate-limits';
import { inlineJobs } from '../jobs/queue';
import { buildAndLogin, login } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { type RunningRedis, startRedis } from '../test/redis-server';
import { rooms } from './socket';

// Two app instances (A and B) on one database and one real redis-server, as behind a load balancer: rooms,
// presence and request budgets are shared (decision 036).
let redis: RunningRedis;
let a: TestContext;
let b: App;
const urls: Record<'a' | 'b', string> = { a: '', b: '' };
const sockets: Socket[] = [];
const READ_BUDGET = 8;

beforeAll(async () => {
  redis = await startRedis();
  a = await startTestApp({
    redisUrl: redis.url,
    rateLimits: { ...rateLimitBudgets({}), anonymous: 100_000, read: READ_BUDGET, write: 100_000 },
  });
  b = await buildApp({ config: a.config, database: a.database, jobs: inlineJobs() });
  for (const [name, app] of [
    ['a', a.app],
    ['b', b],
  ] as const) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    urls[name] = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await b?.close();
  await a?.close();
  await redis?.stop();
});

async function connect(instance: 'a' | 'b', token: string): Promise<Socket> {
  const socket = io(urls[instance], {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const nextEvent = <T>(socket: Socket, event: string, ms = 10_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('several app instances through Redis', () => {
  it('delivers an event sent on B to the user’s socket on A', async () => {
    const { user, session } = await buildAndLogin(a.app, { userType: 'student' });
    const socket = await connect('a', session.jwtToken);
    const heard = nextEvent<{ message: string }>(socket, 'help-reply');
    b.realtime.notify(rooms.user(user.id), 'help-reply', { message: 'Answered on B' });
    expect(await heard).toEqual({ message: 'Answered on B' });
    // B sees A's socket in the room (the adapter asks every instance).
    expect(await b.realtime.hasMembers(rooms.user(user.id))).toBe(true);
  });

  it('shares presence: a user online on A is online for B, and offline for both once they leave', async () => {
    const { user, session } = await buildAndLogin(a.app, { userType: 'teacher' });
    const socket = await connect('a', session.jwtToken);
    expect(await b.realtime.presence.isOnline(user.id)).toBe(false);
    const before = await b.realtime.presence.count();
    socket.emit('saveOnlineUser', {});
    await vi.waitFor(async () => expect(await b.realtime.presence.isOnline(user.id)).toBe(true));
    expect(await b.realtime.presence.count()).toBe(before + 1);
    expect(await b.realtime.presence.onlineAmong([user.id, a.config.jwtSecret])).toEqual(new Set([user.id]));
    socket.disconnect();
    await vi.waitFor(async () => expect(await b.realtime.presence.isOnline(user.id)).toBe(false));
  });

  it('revokes a session from B: its socket on A is dropped, the user’s other session stays', async () => {
    const { user, session } = await buildAndLogin(a.app, { userType: 'student' });
    const other = await login(a.app, user.email);
    const [first] = await a.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(asc(sessions.createdAt))
      .limit(1);
    const revoked = await connect('a', session.jwtToken);
    const kept = await connect('b', other.jwtToken);
    const dropped = nextEvent<string>(revoked, 'disconnect');
    b.realtime.disconnectSessions({ sessionId: first.id });
    expect(await dropped).toBe('io server disconnect');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kept.connected).toBe(true);
  });

  it('counts one request budget across both instances', async () => {
    const { session } = await buildAndLogin(a.app, { userType: 'student' });
    const statuses: number[] = [];
    for (let index = 0; index < READ_BUDGET + 2; index += 1) {
      const answer = await fetch(`${urls[index % 2 === 0 ? 'a' : 'b']}/api/auth/me`, {
        headers: { authorization: `Bearer ${session.jwtToken}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, READ_BUDGET).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(READ_BUDGET)).toEqual([429, 429]);
  });

  it('keeps serving when Redis goes away: requests pass, presence answers from the instance itself', async () => {
    const { user, session } = await buildAndLogin(a.app, { userType: 'student' });
    const socket = await connect('a', session.jwtToken);
    socket.emit('saveOnlineUser', {});
    await vi.waitFor(async () => expect(await a.app.realtime.presence.isOnline(user.id)).toBe(true));
    await redis.stop();
    const answer = await fetch(`${urls.a}/api/auth/me`, {
      headers: { authorization: `Bearer ${session.jwtToken}` },
    });
    expect(answer.status).toBe(200);
    expect(await a.app.realtime.presence.isOnline(user.id)).toBe(true);
  }, 30_000);
});
