import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOGS_TAIL_EVENTS, type LogTailBatch } from '../../../common/contracts/logs';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let baseUrl = '';
const sockets: Socket[] = [];
let admin: Awaited<ReturnType<typeof buildAndLogin>>;

beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  admin = await buildAndLogin(ctx.app, { userType: 'admin' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => ctx.close());

/** A connected socket that has switched the tail on, and every batch it receives. */
async function tailing(token: string) {
  const socket = io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  sockets.push(socket);
  const batches: LogTailBatch[] = [];
  socket.on(LOGS_TAIL_EVENTS.batch, (batch: LogTailBatch) => batches.push(batch));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.emit(LOGS_TAIL_EVENTS.toggle, { on: true });
  // The toggle is a fire-and-forget event: a round trip later the server has handled it.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    socket,
    batches,
    seen: (id: string) => batches.some((b) => b.requests.some((r) => r.requestId === id)),
  };
}

const call = async () =>
  String(
    (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin.headers })).headers[
      'x-request-id'
    ],
  );

describe('the live tail', () => {
  it('sends new requests, batched, to readers who switched it on, and to no one else', async () => {
    const reader = await tailing(admin.session.jwtToken);
    const developer = await buildAndLogin(ctx.app, { userType: 'developer' });
    const granted = await tailing(developer.session.jwtToken);
    const waiting = await tailing(
      (await buildAndLogin(ctx.app, { userType: 'developer', developerAccess: 'pending' })).session.jwtToken,
    );
    const teacher = await tailing((await buildAndLogin(ctx.app, { userType: 'teacher' })).session.jwtToken);

    // Ten requests at once: they reach the tail in the writer's batches (one per flush, every second), not one
    // event each. However slow the machine, ten concurrent requests do not straddle ten flushes.
    const ids = await Promise.all(Array.from({ length: 10 }, () => call()));
    await expect.poll(() => ids.every(reader.seen), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => ids.every(granted.seen), { timeout: 10_000 }).toBe(true);
    expect(reader.batches.length).toBeLessThan(ids.length);
    expect(reader.batches.some((batch) => batch.requests.length > 1)).toBe(true);
    const row = reader.batches.flatMap((b) => b.requests).find((r) => r.requestId === ids[0]);
    expect(row).toMatchObject({
      route: '/api/auth/me',
      status: 200,
      user: { id: admin.user.id, email: admin.user.email },
    });
    expect(waiting.batches).toEqual([]);
    expect(teacher.batches).toEqual([]);

    // Switched off: nothing more.
    reader.socket.emit(LOGS_TAIL_EVENTS.toggle, { on: false });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const later = await call();
    await expect.poll(() => granted.seen(later), { timeout: 5000 }).toBe(true);
    expect(reader.seen(later)).toBe(false);
  });

  it('stops at once for a developer whose access an admin revokes, and starts for one granted', async () => {
    const developer = await buildAndLogin(ctx.app, { userType: 'developer' });
    const tail = await tailing(developer.session.jwtToken);
    const setAccess = (granted: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/developers/${developer.user.id}/access`,
        headers: admin.headers,
        payload: { granted },
      });
    expect((await setAccess(false)).statusCode).toBe(200);
    const afterRevoke = await call();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(tail.seen(afterRevoke)).toBe(false);
    // Asking again changes nothing until an admin grants it.
    tail.socket.emit(LOGS_TAIL_EVENTS.toggle, { on: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stillOut = await call();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(tail.seen(stillOut)).toBe(false);

    expect((await setAccess(true)).statusCode).toBe(200);
    tail.socket.emit(LOGS_TAIL_EVENTS.toggle, { on: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const afterGrant = await call();
    await expect.poll(() => tail.seen(afterGrant), { timeout: 5000 }).toBe(true);
  });
});
