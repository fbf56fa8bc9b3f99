import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG } from '../../../common/messages';
import { loginFailures } from '../../db/schema/index';
import { LOGIN_FAILURE_DEFAULTS as LIMITS } from '../../http/rate-limits';
import { buildUser, loginRequest, nextRemoteAddress, TEST_PASSWORD } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

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
    for (let i = 0; i < LIMITS.perAccountAndAddress; i++) {
      expect((await attempt(user.email, `Guess${i}aaA`, attacker)).statusCode).toBe(401);
    }
    const blocked = await attempt(user.email, TEST_PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: AUTH_MSG.tooManyAttempts });
    // When the oldest of the failures leaves the 15-minute window: a client can say when to come back.
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LIMITS.windowMs / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.windowMs / 1000);
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
    for (let i = 0; i < LIMITS.perAccountAndAddress; i++) {
      expect((await spoofed(i, `Guess${i}aaA`)).statusCode).toBe(401);
    }
    expect((await spoofed(99, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('behind a proxy named in TRUST_PROXY, counts by the forwarded address', async () => {
    const proxied = await startTestApp({ trustProxy: true });
    try {
      const user = await buildUser(proxied.app, { userType: 'student' });
      const viaProxy = (client: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password },
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < LIMITS.perAccountAndAddress; i++) {
        expect((await viaProxy('198.51.100.7', `Guess${i}aaA`)).statusCode).toBe(401);
      }
      expect((await viaProxy('198.51.100.7', TEST_PASSWORD)).statusCode).toBe(429);
      // Another pupil behind the same proxy is a different address.
      expect((await viaProxy('198.51.100.8', TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('clears the count for that address after a successful login', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const ip = nextRemoteAddress();
    for (let i = 0; i < LIMITS.perAccountAndAddress - 1; i++) await attempt(user.email, 'Wrong1234', ip);
    expect((await attempt(user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    const rows = await ctx.app.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.email, user.email), eq(loginFailures.ip, ip)));
    expect(rows).toHaveLength(0);
  });

  it('lets a school behind one address log in after a classful of mistyped passwords', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const school = nextRemoteAddress();
    // 40 pupils, each getting their password wrong twice.
    await ctx.app.db
      .insert(loginFailures)
      .values(Array.from({ length: 80 }, (_, i) => ({ email: `pupil${i % 40}@school.test`, ip: school })));
    expect((await attempt(user.email, TEST_PASSWORD, school)).statusCode).toBe(200);
  });

  it('blocks an address that failed on many accounts, and forgets failures outside the window', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const spray = nextRemoteAddress();
    await ctx.app.db.insert(loginFailures).values(
      Array.from({ length: LIMITS.perAddress }, (_, i) => ({
        email: `victim${i}@example.test`,
        ip: spray,
      })),
    );
    expect((await attempt(user.email, TEST_PASSWORD, spray)).statusCode).toBe(429);

    const old = nextRemoteAddress();
    const longAgo = new Date(Date.now() - LIMITS.windowMs - 60_000);
    await ctx.app.db
      .insert(loginFailures)
      .values(Array.from({ length: LIMITS.perAddress }, () => ({ email: user.email, ip: old, at: longAgo })));
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
      if (i === limit) {
        expect(response.json().code).toBe('RATE_LIMITED');
        expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
    }
    expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});
