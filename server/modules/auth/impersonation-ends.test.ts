import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionAnswer } from '../../../common/contracts/auth';
import { sessions, users } from '../../db/schema/index';
import { buildAndLogin, buildUser, nextRemoteAddress, TEST_PASSWORD } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createLink } from './service';

/**
 * A "Log in as" session lasts only while its real person may act as its target (decision 052): revoked when that
 * right ends through the app, and refused at its next request when the rows say the right is gone.
 */
let ctx: TestContext;
let baseUrl = '';
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let admin: Session;

beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  admin = await buildAndLogin(ctx.app, { userType: 'admin' });
});
afterAll(async () => ctx.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => ctx.app.inject({ method, url, headers, payload: payload as never, remoteAddress: nextRemoteAddress() });

async function logInAs(headers: Record<string, string>, userId: string): Promise<SessionAnswer> {
  const response = await call(headers, 'POST', '/api/auth/impersonate', { userId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SessionAnswer;
}

const newTicket = (token: string) =>
  call(bearer(token), 'POST', '/api/support/tickets', {
    subject: 'Cannot open lesson 3',
    category: 'technical',
    priority: 'normal',
    message: 'It stays on the loading screen.',
  });

/** The token still works: who am I, and a write (a new support ticket). */
async function expectWorking(token: string, userId: string) {
  const me = await call(bearer(token), 'GET', '/api/auth/me');
  expect(me.statusCode, me.body).toBe(200);
  expect(me.json().userObj.userId).toBe(userId);
  const ticket = await newTicket(token);
  expect(ticket.statusCode, ticket.body).toBe(201);
}

/** The token is refused as any ended session is, on reads and writes alike. */
async function expectRefused(token: string) {
  for (const response of [await call(bearer(token), 'GET', '/api/auth/me'), await newTicket(token)]) {
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Your session has expired. Please log in again.',
    });
  }
}

/** An institute with one student and one teacher, logged in as the student. */
async function instituteAsStudent() {
  const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
  const student = await buildUser(ctx.app, { userType: 'student', instituteId: institute.user.id });
  const asStudent = await logInAs(institute.headers, student.id);
  await expectWorking(asStudent.jwtToken, student.id);
  return { institute, student, token: asStudent.jwtToken };
}

const isRevoked = async (token: string) => {
  const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;
  const [row] = await ctx.app.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sid), isNotNull(sessions.revokedAt)));
  return Boolean(row);
};

describe('a "Log in as" session while the right holds', () => {
  it('works for an institute as its student and teacher, an admin, and a chain', async () => {
    const { institute } = await instituteAsStudent();
    const teacher = await buildUser(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    await expectWorking((await logInAs(institute.headers, teacher.id)).jwtToken, teacher.id);
    const partner = await buildUser(ctx.app, { userType: 'partner' });
    await expectWorking((await logInAs(admin.headers, partner.id)).jwtToken, partner.id);

    const asInstitute = await logInAs(admin.headers, institute.user.id);
    const student = await buildUser(ctx.app, { userType: 'student', instituteId: institute.user.id });
    const chained = await logInAs(bearer(asInstitute.jwtToken), student.id);
    expect(chained.impersonatedBy).toBe(admin.user.id);
    await expectWorking(chained.jwtToken, student.id);
    // The people's own logins are untouched by all this.
    await expectWorking(institute.session.jwtToken, institute.user.id);
  });
});

describe('ends when the impersonator loses the right', () => {
  it('an admin deactivates the institute: revoked, and reactivating it does not revive the token', async () => {
    const { institute, token } = await instituteAsStudent();
    const off = await call(admin.headers, 'POST', `/api/admin/people/${institute.user.id}/deactivate`, {
      reason: 'Unpaid invoices',
    });
    expect(off.statusCode, off.body).toBe(200);
    await expectRefused(token);
    expect(await isRevoked(token)).toBe(true);
    const on = await call(admin.headers, 'POST', `/api/admin/people/${institute.user.id}/reactivate`, {});
    expect(on.statusCode, on.body).toBe(200);
    await expectRefused(token);
  });

  it('the institute is deactivated in the database: refused at the next request', async () => {
    const { institute, token } = await instituteAsStudent();
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, institute.user.id));
    await expectRefused(token);
  });

  it("the institute's role changes", async () => {
    const { institute, token } = await instituteAsStudent();
    await ctx.app.db.update(users).set({ userType: 'teacher' }).where(eq(users.id, institute.user.id));
    await expectRefused(token);
  });

  it('the institute changes its password', async () => {
    const { institute, token } = await instituteAsStudent();
    const changed = await call(institute.headers, 'PUT', '/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'An0therPassw0rd',
      confirmPassword: 'An0therPassw0rd',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRefused(token);
  });

  it('the institute resets its password by e-mail link', async () => {
    const { institute, token } = await instituteAsStudent();
    const link = new URL(await createLink(ctx.app, ctx.app.db, institute.user, 'reset-password'));
    const reset = await call({}, 'POST', '/api/auth/reset-password', {
      token: link.searchParams.get('token'),
      newPassword: 'An0therPassw0rd',
      confirmPassword: 'An0therPassw0rd',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectRefused(token);
  });
});

describe('ends when the target leaves the right', () => {
  it('the institute removes the student: revoked, and adding them back does not revive the token', async () => {
    const { institute, student, token } = await instituteAsStudent();
    const removed = await call(institute.headers, 'DELETE', `/api/institute/people/${student.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await expectRefused(token);
    expect(await isRevoked(token)).toBe(true);
    await ctx.app.db.update(users).set({ instituteId: institute.user.id }).where(eq(users.id, student.id));
    await expectRefused(token);
    // A new "Log in as" works again, as the right is back.
    await expectWorking((await logInAs(institute.headers, student.id)).jwtToken, student.id);
  });

  it('the student moves to another institute', async () => {
    const { student, token } = await instituteAsStudent();
    const other = await buildUser(ctx.app, { userType: 'institute' });
    await ctx.app.db.update(users).set({ instituteId: other.id }).where(eq(users.id, student.id));
    await expectRefused(token);
  });

  it('an admin deactivates the student', async () => {
    const { student, token } = await instituteAsStudent();
    const off = await call(admin.headers, 'POST', `/api/admin/people/${student.id}/deactivate`, {
      reason: 'Left the school',
    });
    expect(off.statusCode, off.body).toBe(200);
    await expectRefused(token);
  });

  it('the target is made an admin', async () => {
    const target = await buildUser(ctx.app, { userType: 'teacher' });
    const asTeacher = await logInAs(admin.headers, target.id);
    await expectWorking(asTeacher.jwtToken, target.id);
    await ctx.app.db.update(users).set({ userType: 'admin' }).where(eq(users.id, target.id));
    await expectRefused(asTeacher.jwtToken);
  });
});

describe('a chain admin → institute → student answers to the admin', () => {
  async function chain() {
    const chainAdmin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const institute = await buildUser(ctx.app, { userType: 'institute' });
    const student = await buildUser(ctx.app, { userType: 'student', instituteId: institute.id });
    const asInstitute = await logInAs(chainAdmin.headers, institute.id);
    const asStudent = await logInAs(bearer(asInstitute.jwtToken), student.id);
    await expectWorking(asStudent.jwtToken, student.id);
    return { chainAdmin, institute, student, asInstitute, token: asStudent.jwtToken };
  }

  it('the admin is deactivated', async () => {
    const { chainAdmin, asInstitute, token } = await chain();
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, chainAdmin.user.id));
    await expectRefused(token);
    await expectRefused(asInstitute.jwtToken);
  });

  it("the admin's role changes", async () => {
    const { chainAdmin, token } = await chain();
    await ctx.app.db.update(users).set({ userType: 'partner' }).where(eq(users.id, chainAdmin.user.id));
    await expectRefused(token);
  });

  it('the admin changes their password', async () => {
    const { chainAdmin, asInstitute, token } = await chain();
    const changed = await call(chainAdmin.headers, 'PUT', '/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'An0therPassw0rd',
      confirmPassword: 'An0therPassw0rd',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRefused(token);
    await expectRefused(asInstitute.jwtToken);
  });

  it('the student is made an admin', async () => {
    const { student, token } = await chain();
    await ctx.app.db.update(users).set({ userType: 'admin' }).where(eq(users.id, student.id));
    await expectRefused(token);
  });
});

describe('open sockets', () => {
  it('a "Log in as" socket is dropped when the institute is deactivated', async () => {
    const { institute, token } = await instituteAsStudent();
    const socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const off = await call(admin.headers, 'POST', `/api/admin/people/${institute.user.id}/deactivate`, {
        reason: 'Closed',
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(await dropped).toBe('io server disconnect');
    } finally {
      socket.disconnect();
    }
  });
});
