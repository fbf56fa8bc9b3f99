import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG } from '../../../common/messages';
import { loginFailures } from '../../db/schema/index';
import { buildUser, loginRequest, nextRemoteAddress, TEST_PASSWORD } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { LOGIN_LIMITS } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

// Auth routes allow ctx.config.rateLimits.auth calls a minute per address; each test picks its own addresses and says which
// address every attempt comes from.
const attempt = (email: string, password: string, remoteAddress: string) =>
  loginRequest(ctx.app, email, { password, remoteAddress });

describe('login rate limiting', () => {
  it('blocks an address after 5 failures, even with the right password, but not the owner elsewhere', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const attacker = nextRemoteAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++) {
      expect((await attempt(user.email, `Guess${i}aaA`, attacker)).statusCode).toBe(401);
    }
    const blocked = await attempt(user.email, TEST_PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: AUTH_MSG.tooManyAttempts });
    // Changing the letter case of the e-mail does not reset the count.
    expect((await attempt(user.email.toUpperCase(), TEST_PASSWORD, attacker)).statusCode).toBe(429);

    const owner = await attempt(user.email, TEST_PASSWORD, nextRemoteAddress());
    expect(owner.statusCode).toBe(200);
    expect((await attempt(user.email, TEST_PASSWORD, attacker)).statusCode).toBe(429);
  });

  it('counts by the connecting address: a made-up X-Forwarded-For header does not reset the limit', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const attacker = nextRemoteAddress();
    const spoofed = (n: number, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password },
        remoteAddress: attacker,
        headers: { 'x-forwarded-for': `203.0.113.${n}` },
      });
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++) {
      expect((await spoofed(i, `Guess${i}aaA`)).statusCode).toBe(401);
    }
    expect((await spoofed(99, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('clears the count for that address after a successful login', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const ip = nextRemoteAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp - 1; i++) await attempt(user.email, 'Wrong1234', ip);
    expect((await attempt(user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    const rows = await ctx.app.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.email, user.email), eq(loginFailures.ip, ip)));
    expect(rows).toHaveLength(0);
  });

  it('blocks an address that failed on many accounts, and forgets failures outside the window', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const spray = nextRemoteAddress();
    await ctx.app.db.insert(loginFailures).values(
      Array.from({ length: LOGIN_LIMITS.perIp }, (_, i) => ({
        email: `victim${i}@example.test`,
        ip: spray,
      })),
    );
    expect((await attempt(user.email, TEST_PASSWORD, spray)).statusCode).toBe(429);

    const old = nextRemoteAddress();
    const longAgo = new Date(Date.now() - LOGIN_LIMITS.windowMs - 60_000);
    await ctx.app.db
      .insert(loginFailures)
      .values(
        Array.from({ length: LOGIN_LIMITS.perIp }, () => ({ email: user.email, ip: old, at: longAgo })),
      );
    expect((await attempt(user.email, TEST_PASSWORD, old)).statusCode).toBe(200);
  });

  it('limits calls per address on the auth routes', async () => {
    const limit = ctx.config.rateLimits.auth;
    const ip = nextRemoteAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'bad' },
        remoteAddress: ip,
      });
      statuses.push(response.statusCode);
      if (i === limit) expect(response.json().code).toBe('RATE_LIMITED');
    }
    expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});
