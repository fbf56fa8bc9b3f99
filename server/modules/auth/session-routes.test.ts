import { desc, eq } from 'drizzle-orm';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionAnswer } from '../../../common/contracts/auth';
import { AUTH_MSG, MSG } from '../../../common/messages';
import { auditLog, emailTokens, outbox, sessions, users } from '../../db/schema/index';
import { buildUser, login, loginRequest, nextRemoteAddress, TEST_PASSWORD } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

// Auth routes allow 20 calls a minute per address; every call here comes from its own address.
const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextRemoteAddress() });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

const mailsTo = (email: string) =>
  ctx.app.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id));

async function resetTokenFor(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no reset link mailed to ${email}`);
  return match[1];
}

describe('GET /api/auth/me and sessions', () => {
  it('reports the logged-in account for the JSON header and for Bearer', async () => {
    const user = await buildUser(ctx.app, { userType: 'student', fullName: 'Me Student' });
    const session = await login(ctx.app, user.email);
    const json = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: JSON.stringify({ jwtToken: session.jwtToken }) },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      userObj: { userId: user.id, fullName: 'Me Student', userType: 'student' },
      impersonatedBy: null,
    });
    expect((await me(session.jwtToken)).json()).toEqual(json.json());
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in to continue' });
  });

  it('keeps a remembered session for 30 days and another for 12 hours', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const short = decodeJwt((await login(ctx.app, user.email)).jwtToken);
    const long = decodeJwt((await login(ctx.app, user.email, { isRemember: true })).jwtToken);
    const now = Date.now() / 1000;
    expect(short.exp! - now).toBeGreaterThan(12 * 3600 - 120);
    expect(short.exp! - now).toBeLessThanOrEqual(12 * 3600);
    expect(long.exp! - now).toBeGreaterThan(30 * 24 * 3600 - 120);
    expect(long.exp! - now).toBeLessThanOrEqual(30 * 24 * 3600);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token at once and only that token', async () => {
    const user = await buildUser(ctx.app, { userType: 'teacher' });
    const first = await login(ctx.app, user.email);
    const second = await login(ctx.app, user.email);
    expect((await me(first.jwtToken)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(first.jwtToken),
    });
    expect(out.statusCode).toBe(200);
    const after = await me(first.jwtToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: AUTH_MSG.sessionExpired });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first.jwtToken) }))
        .statusCode,
    ).toBe(401);
    expect((await me(second.jwtToken)).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers alike for known and unknown e-mails and mails only known ones', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const unknownEmail = `nobody-${Date.now()}@example.test`;
    const known = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await post('/api/auth/forgot-password', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/reset/i);
    expect(mails[0].text).toContain(`${ctx.config.publicUrl}/reset-password?token=`);
  });

  it('mails nothing to a deactivated account', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('validates the e-mail', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: MSG.email });
  });

  it('changes the password, revokes old tokens and is single-use', async () => {
    const user = await buildUser(ctx.app, { userType: 'teacher' });
    const before = await login(ctx.app, user.email);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await resetTokenFor(user.email);

    const mismatch = await post('/api/auth/reset-password', {
      token,
      newPassword: 'NewPass12',
      confirmPassword: 'NewPass13',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ confirmPassword: MSG.confirmPassword });
    const weak = await post('/api/auth/reset-password', {
      token,
      newPassword: 'weak',
      confirmPassword: 'weak',
    });
    expect(weak.json().fields).toEqual({ newPassword: MSG.password });

    const reset = await post('/api/auth/reset-password', {
      token,
      newPassword: 'NewPass12',
      confirmPassword: 'NewPass12',
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(before.jwtToken)).statusCode).toBe(401);
    expect((await loginRequest(ctx.app, user.email)).statusCode).toBe(401);
    await login(ctx.app, user.email, { password: 'NewPass12' });

    const reused = await post('/api/auth/reset-password', {
      token,
      newPassword: 'Other1234',
      confirmPassword: 'Other1234',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'TOKEN_INVALID', message: AUTH_MSG.linkInvalid });
    await login(ctx.app, user.email, { password: 'NewPass12' });
  });

  it('verifies the address of an unverified account that resets its password', async () => {
    const user = await buildUser(ctx.app, { userType: 'student', verified: false });
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await resetTokenFor(user.email);
    const reset = await post('/api/auth/reset-password', {
      token,
      newPassword: 'NewPass12',
      confirmPassword: 'NewPass12',
    });
    expect(reset.statusCode).toBe(200);
    await login(ctx.app, user.email, { password: 'NewPass12' });
  });

  it('refuses an expired reset link', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await resetTokenFor(user.email);
    await ctx.app.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    const response = await post('/api/auth/reset-password', {
      token,
      newPassword: 'NewPass12',
      confirmPassword: 'NewPass12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_INVALID');
    await login(ctx.app, user.email);
  });

  it('refuses an unknown reset token', async () => {
    const response = await post('/api/auth/reset-password', {
      token: 'A'.repeat(43),
      newPassword: 'NewPass12',
      confirmPassword: 'NewPass12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_INVALID');
  });
});

describe('PUT /api/auth/change-password', () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      payload,
      headers: bearer(token),
      remoteAddress: nextRemoteAddress(),
    });

  it('refuses a wrong current password with a field error', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const session = await login(ctx.app, user.email);
    const response = await change(session.jwtToken, {
      currentPassword: 'NotMine123',
      newPassword: 'NewPass12',
      confirmPassword: 'NewPass12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { currentPassword: AUTH_MSG.wrongCurrentPassword },
    });
    expect((await me(session.jwtToken)).statusCode).toBe(200);
  });

  it('refuses a confirmation that does not match and a password that does not change', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const session = await login(ctx.app, user.email);
    const mismatch = await change(session.jwtToken, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'NewPass12',
      confirmPassword: 'NewPass21',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ confirmPassword: MSG.confirmPassword });
    const same = await change(session.jwtToken, {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual({ newPassword: AUTH_MSG.samePassword });
  });

  it('returns a new working token, revokes every old one and logs the change', async () => {
    const user = await buildUser(ctx.app, { userType: 'teacher' });
    const session = await login(ctx.app, user.email);
    const otherDevice = await login(ctx.app, user.email);
    const response = await change(session.jwtToken, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Changed123',
      confirmPassword: 'Changed123',
    });
    expect(response.statusCode).toBe(200);
    const fresh = response.json() as SessionAnswer;
    expect(fresh.jwtToken).not.toBe(session.jwtToken);
    expect(fresh.userObj.userId).toBe(user.id);
    expect((await me(fresh.jwtToken)).statusCode).toBe(200);
    expect((await me(session.jwtToken)).statusCode).toBe(401);
    expect((await me(otherDevice.jwtToken)).statusCode).toBe(401);
    await login(ctx.app, user.email, { password: 'Changed123' });
    const audit = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit.map((row) => row.action)).toContain('change-password');
  });
});

describe('JWT checks (HS256 pinned)', () => {
  async function liveClaims() {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const session = await login(ctx.app, user.email);
    const claims = decodeJwt(session.jwtToken);
    return { user, session, sid: String(claims.sid), sub: String(claims.sub) };
  }

  const sign = (
    claims: { sid: string; sub: string },
    secret: string,
    alg = 'HS256',
    exp: number | string = '1h',
  ) =>
    new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg })
      .setSubject(claims.sub)
      .setIssuer('gurukul')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));

  it('accepts a token crafted with the real secret for a live session (control)', async () => {
    const claims = await liveClaims();
    const token = await sign(claims, ctx.config.jwtSecret);
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().userObj.userId).toBe(claims.user.id);
  });

  it('refuses alg none', async () => {
    const claims = await liveClaims();
    const token = new UnsecuredJWT({ sid: claims.sid })
      .setSubject(claims.sub)
      .setIssuer('gurukul')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses another secret, another HMAC algorithm, another issuer and an expired token', async () => {
    const claims = await liveClaims();
    const tokens = [
      await sign(claims, 'some-other-secret-of-sufficient-length'),
      await sign(claims, ctx.config.jwtSecret, 'HS512'),
      await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer('someone-else')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(ctx.config.jwtSecret)),
      await sign(claims, ctx.config.jwtSecret, 'HS256', Math.floor(Date.now() / 1000) - 60),
    ];
    for (const token of tokens) {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a token without an expiry even when signed with the real secret for a live session', async () => {
    const claims = await liveClaims();
    const token = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('gurukul')
      .setIssuedAt()
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    expect(decodeJwt(token).exp).toBeUndefined();
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a valid signature whose session belongs to someone else', async () => {
    const a = await liveClaims();
    const b = await liveClaims();
    const token = await sign({ sid: a.sid, sub: b.sub }, ctx.config.jwtSecret);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses a token whose session has expired in the database', async () => {
    const claims = await liveClaims();
    await ctx.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, claims.sid));
    expect((await me(claims.session.jwtToken)).statusCode).toBe(401);
  });
});
