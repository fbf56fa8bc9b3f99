import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses } from '../db/schema/index';
import { broadcastApprovalCount } from '../modules/courses/approval-count';
import { buildAndLogin, buildUser, login } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';

let ctx: TestContext;
let baseUrl = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => ctx.close());

/** A client as the web app opens it: websocket only, with the spec's uid query. */
function open(options: { token?: string; uid?: string; authorization?: string }): Socket {
  const socket = io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    query: options.uid ? { uid: options.uid } : {},
    auth: options.token ? { token: options.token } : {},
    extraHeaders: options.authorization ? { authorization: options.authorization } : {},
  });
  sockets.push(socket);
  // Listen from the start: a socket may connect while the test is still awaiting another one.
  outcomes.set(
    socket,
    new Promise((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(`error: ${error.message}`));
    }),
  );
  return socket;
}

const outcomes = new WeakMap<Socket, Promise<string>>();
/** Resolves 'connected' or the connect_error message. */
const outcome = (socket: Socket) => outcomes.get(socket) as Promise<string>;

describe('socket handshake', () => {
  it('connects with the session token in auth or in the JSON Authorization header', async () => {
    const { user, session } = await buildAndLogin(ctx.app, { userType: 'student' });
    expect(await outcome(open({ token: session.jwtToken, uid: user.id }))).toBe('connected');
    const viaHeader = open({
      authorization: JSON.stringify({ jwtToken: session.jwtToken, userId: user.id }),
    });
    expect(await outcome(viaHeader)).toBe('connected');
  });

  it('refuses no token, a bad token, the uid query alone and a revoked token', async () => {
    const { user, session } = await buildAndLogin(ctx.app, { userType: 'admin' });
    expect(await outcome(open({}))).toBe('error: Unauthorized');
    expect(await outcome(open({ token: 'not.a.jwt', uid: user.id }))).toBe('error: Unauthorized');
    expect(await outcome(open({ uid: user.id }))).toBe('error: Unauthorized');
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${session.jwtToken}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(await outcome(open({ token: session.jwtToken, uid: user.id }))).toBe('error: Unauthorized');
  });
});

describe('updatedCourseApprovalData', () => {
  it('reaches admin sockets with the new count and no one else', async () => {
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const adminSocket = open({ token: admin.session.jwtToken, uid: admin.user.id });
    const teacherSocket = open({ token: teacher.session.jwtToken, uid: teacher.user.id });
    expect(await outcome(adminSocket)).toBe('connected');
    expect(await outcome(teacherSocket)).toBe('connected');
    const teacherEvents: unknown[] = [];
    teacherSocket.on('updatedCourseApprovalData', (payload) => teacherEvents.push(payload));

    await ctx.app.db.insert(courses).values([
      { ownerId: teacher.user.id, title: 'Waiting', approvalStatus: 'PENDING' },
      { ownerId: teacher.user.id, title: 'Waiting again', approvalStatus: 'PENDING_REAPPROVAL' },
      { ownerId: teacher.user.id, title: 'Done', approvalStatus: 'APPROVED' },
    ]);
    const received = new Promise((resolve) => adminSocket.once('updatedCourseApprovalData', resolve));
    await broadcastApprovalCount(ctx.app);
    expect(await received).toEqual({ count: 2 });

    // Give a wrongly delivered event time to arrive before checking that none did.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(teacherEvents).toEqual([]);
  });
});

describe('presence', () => {
  it('marks the authenticated user online on saveOnlineUser and offline on deleteOnlineUser', async () => {
    const { user, session } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const bystander = await buildUser(ctx.app, { userType: 'student' });
    const socket = open({ token: session.jwtToken, uid: user.id });
    expect(await outcome(socket)).toBe('connected');
    expect(await ctx.app.realtime.presence.isOnline(user.id)).toBe(false);

    // The claimed userId is ignored: presence belongs to the token's user.
    socket.emit('saveOnlineUser', { userId: bystander.id, fullName: 'Someone Else', isAnonymous: false });
    await vi.waitFor(async () => expect(await ctx.app.realtime.presence.isOnline(user.id)).toBe(true));
    expect(await ctx.app.realtime.presence.isOnline(bystander.id)).toBe(false);

    socket.emit('deleteOnlineUser');
    await vi.waitFor(async () => expect(await ctx.app.realtime.presence.isOnline(user.id)).toBe(false));
  });

  it('keeps a user online while another tab is open and drops them when the last one disconnects', async () => {
    const { user, session } = await buildAndLogin(ctx.app, { userType: 'student' });
    const first = open({ token: session.jwtToken, uid: user.id });
    const second = open({ token: session.jwtToken, uid: user.id });
    expect(await outcome(first)).toBe('connected');
    expect(await outcome(second)).toBe('connected');
    first.emit('saveOnlineUser', { userId: user.id });
    second.emit('saveOnlineUser', { userId: user.id });
    await vi.waitFor(async () => expect(await ctx.app.realtime.presence.isOnline(user.id)).toBe(true));

    first.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await ctx.app.realtime.presence.isOnline(user.id)).toBe(true);
    second.disconnect();
    await vi.waitFor(async () => expect(await ctx.app.realtime.presence.isOnline(user.id)).toBe(false));
  });

  it('tells admins the online count', async () => {
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const adminSocket = open({ token: admin.session.jwtToken });
    const studentSocket = open({ token: student.session.jwtToken });
    expect(await outcome(adminSocket)).toBe('connected');
    expect(await outcome(studentSocket)).toBe('connected');
    const counts: number[] = [];
    adminSocket.on('onlineUsers', (payload: { count: number }) => counts.push(payload.count));
    const before = await ctx.app.realtime.presence.count();
    studentSocket.emit('saveOnlineUser', {});
    await vi.waitFor(() => expect(counts).toEqual([before + 1]));
    studentSocket.emit('deleteOnlineUser');
    await vi.waitFor(() => expect(counts).toEqual([before + 1, before]));
  });
});

describe('revoked sessions lose their sockets', () => {
  const disconnected = (socket: Socket) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  it('drops the socket of a session at logout and of every session at deactivation', async () => {
    const { user, session } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const other = await login(ctx.app, user.email);
    const first = open({ token: session.jwtToken });
    const tab = open({ token: other.jwtToken });
    expect(await outcome(first)).toBe('connected');
    expect(await outcome(tab)).toBe('connected');

    const firstGone = disconnected(first);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${session.jwtToken}` },
    });
    expect(await firstGone).toBe('io server disconnect');
    expect(tab.connected).toBe(true);

    const { session: admin } = await buildAndLogin(ctx.app, { userType: 'admin' });
    const tabGone = disconnected(tab);
    const deactivate = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/people/${user.id}/deactivate`,
      payload: { reason: 'Shared the account' },
      headers: { authorization: `Bearer ${admin.jwtToken}` },
    });
    expect(deactivate.statusCode).toBe(200);
    expect(await tabGone).toBe('io server disconnect');
  });
});
