import { Writable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeveloperList, OutboxAnswer } from '../../../common/contracts/developers';
import { AUTH_MSG } from '../../../common/messages';
import { buildApp } from '../../app';
import { auditLog, outbox, users } from '../../db/schema/index';
import { inlineJobs } from '../../jobs/queue';
import { buildAndLogin, login, nextRemoteAddress, TEST_PASSWORD } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp();
  ({ headers: admin } = await buildAndLogin(ctx.app, { userType: 'admin' }));
});
afterAll(async () => ctx.close());

const uniqueEmail = () => `dev-${Math.random().toString(36).slice(2, 10)}@example.test`;

/** Signs up as a developer through the real routes and verifies the address from the mailed link. */
async function signUpDeveloper() {
  const email = uniqueEmail();
  const signUp = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress: nextRemoteAddress(),
    payload: {
      fullName: 'Self Made Developer',
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      userType: 'developer',
      terms: true,
    },
  });
  expect(signUp.statusCode).toBe(201);
  const [mail] = await ctx.app.db.select().from(outbox).where(eq(outbox.to, email));
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  const verify = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    remoteAddress: nextRemoteAddress(),
    payload: { token },
  });
  expect(verify.statusCode).toBe(200);
  const session = await login(ctx.app, email);
  return { email, userId: session.userObj.userId, headers: { authorization: `Bearer ${session.jwtToken}` } };
}

const readOutbox = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/logs/outbox', headers });
const setAccess = (userId: string, granted: boolean, headers = admin) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/developers/${userId}/access`,
    headers,
    payload: { granted },
  });

describe('developer access is granted by an admin, not self-served', () => {
  it('a developer made through sign-up reads nothing until an admin grants access', async () => {
    const developer = await signUpDeveloper();
    const refused = await readOutbox(developer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: AUTH_MSG.developerAccessPending });
    // Their session itself works: the rule is about what developers read, not about logging in.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: developer.headers });
    expect(me.statusCode).toBe(200);

    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/developers', headers: admin })
    ).json<DeveloperList>();
    const listed = list.developers.find((d) => d.userId === developer.userId);
    expect(listed).toMatchObject({ email: developer.email, emailVerified: true, accessGrantedAt: null });
    // Waiting developers come first.
    const firstGranted = list.developers.findIndex((d) => d.accessGrantedAt !== null);
    const lastPending = list.developers.findLastIndex((d) => d.accessGrantedAt === null);
    if (firstGranted >= 0) expect(lastPending).toBeLessThan(firstGranted);

    const granted = await setAccess(developer.userId, true);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().accessGrantedAt).toEqual(expect.any(String));
    expect((await readOutbox(developer.headers)).statusCode).toBe(200);

    expect((await setAccess(developer.userId, false)).statusCode).toBe(200);
    expect((await readOutbox(developer.headers)).statusCode).toBe(403);

    const actions = await ctx.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, developer.userId))
      .orderBy(desc(auditLog.id));
    expect(actions.map((a) => a.action)).toEqual(['revoke-developer-access', 'grant-developer-access']);
  });

  it('granting twice keeps the first grant time', async () => {
    const developer = await signUpDeveloper();
    const first = (await setAccess(developer.userId, true)).json().accessGrantedAt;
    const second = (await setAccess(developer.userId, true)).json().accessGrantedAt;
    expect(second).toBe(first);
  });

  it('only developers can be granted, and only by an admin', async () => {
    const { user: student } = await buildAndLogin(ctx.app, { userType: 'student' });
    const notDeveloper = await setAccess(student.id, true);
    expect(notDeveloper.statusCode).toBe(404);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, student.id));
    expect(row.developerAccessGrantedAt).toBeNull();

    const waiting = await signUpDeveloper();
    const { headers: granted } = await buildAndLogin(ctx.app, { userType: 'developer' });
    // A granted developer cannot grant another (nor themselves), whatever they claim.
    expect((await setAccess(waiting.userId, true, granted)).statusCode).toBe(403);
    expect((await setAccess(waiting.userId, true, waiting.headers)).statusCode).toBe(403);
    const [still] = await ctx.app.db
      .select()
      .from(users)
      .where(and(eq(users.id, waiting.userId), eq(users.userType, 'developer')));
    expect(still.developerAccessGrantedAt).toBeNull();
  });

  it('admins read the outbox without a grant', async () => {
    expect((await readOutbox(admin)).statusCode).toBe(200);
  });
});

describe('outbox link tokens', () => {
  it('are shown on a non-production start', async () => {
    const developer = await signUpDeveloper();
    const answer = (await readOutbox(admin)).json<OutboxAnswer>();
    expect(answer.tokensMasked).toBe(false);
    const mail = answer.messages.find((m) => m.to === developer.email);
    expect(mail?.text).toMatch(/verify-email\?token=[A-Za-z0-9_-]{20,}/);
  });

  it('are masked on a production start', async () => {
    const production = await startTestApp({ isProduction: true });
    try {
      const { headers } = await buildAndLogin(production.app, { userType: 'admin' });
      await production.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: nextRemoteAddress(),
        payload: { email: (await buildAndLogin(production.app, { userType: 'student' })).user.email },
      });
      const answer = (
        await production.app.inject({ method: 'GET', url: '/api/logs/outbox', headers })
      ).json<OutboxAnswer>();
      expect(answer.tokensMasked).toBe(true);
      const reset = answer.messages.find((m) => m.subject.includes('Reset'));
      expect(reset?.text).toContain('/reset-password?token=[hidden on a production server]');
      expect(reset?.text).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
    } finally {
      await production.close();
    }
  });
});

describe('logs never hold secrets', () => {
  it('masks tokens and signatures in logged URLs and never logs the Authorization header', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp({
      config: { ...ctx.config, logLevel: 'info' },
      database: ctx.database,
      jobs: inlineJobs(),
      logStream: stream,
    });
    await logged.ready();
    const { session } = await buildAndLogin(logged, { userType: 'student' });
    try {
      await logged.inject({
        method: 'GET',
        url: '/api/files/users/x/secret.png?expires=1&signature=SIGNATURE-VALUE-123',
        headers: { authorization: `Bearer ${session.jwtToken}` },
      });
      await logged.inject({
        method: 'POST',
        url: '/api/auth/reset-password?token=QUERY-TOKEN-456',
        remoteAddress: nextRemoteAddress(),
        payload: { token: 'BODY-TOKEN-789', password: 'NewPassw0rd', confirmPassword: 'NewPassw0rd' },
      });
    } finally {
      await logged.close();
    }
    const all = lines.join('');
    expect(all).toContain('signature=[redacted]');
    expect(all).toContain('/api/files/users/x/secret.png');
    const secrets = [
      'SIGNATURE-VALUE-123',
      'QUERY-TOKEN-456',
      'BODY-TOKEN-789',
      TEST_PASSWORD,
      session.jwtToken,
    ];
    for (const secret of secrets) {
      expect(all).not.toContain(secret);
    }
  });
});
