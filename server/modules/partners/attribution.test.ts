import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_COOKIE, REFERRAL_MSG } from '../../../common/contracts/partners';
import { referralClicks, referralLinks, referrals } from '../../db/schema/index';
import { buildAndLogin, nextRemoteAddress, TEST_PASSWORD } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { BROWSER, buildPartner, followLink, referralCookieOf, signUpWithCookie } from '../../test/partners';
import { afterSignUp, SELF_REFERRAL } from './attribution';
import { signAttribution, verifyAttribution } from './attribution-cookie';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const referralOf = (userId: string) =>
  ctx.app.db.query.referrals.findFirst({ where: eq(referrals.referredUserId, userId) });
const visit = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/referrals/visit',
    payload: payload as object,
    headers: { 'user-agent': BROWSER, ...headers },
    remoteAddress: nextRemoteAddress(),
  });

describe('following a referral link', () => {
  it('counts the click, sets a signed httpOnly cookie for the window and redirects on this site only', async () => {
    const { partner, link } = await buildPartner(ctx.app);
    const response = await followLink(ctx.app, link.code, { to: '/pricing?plan=pro' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/pricing?plan=pro');
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(
      new RegExp(`^${REFERRAL_COOKIE}=[^;]+; Path=/; Max-Age=${60 * 86400}; HttpOnly; SameSite=Lax$`),
    );
    const value = referralCookieOf(response) as string;
    expect(verifyAttribution(ctx.config.jwtSecret, value, 60)?.linkId).toBe(link.id);

    const clicks = await ctx.app.db
      .select()
      .from(referralClicks)
      .where(eq(referralClicks.partnerId, partner.id));
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ linkId: link.id, landing: '/pricing?plan=pro' });
    // A keyed hash, never the address.
    expect(clicks[0].visitorHash).not.toMatch(/10\./);
    expect(clicks[0].visitorHash).toHaveLength(32);

    for (const to of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'pricing']) {
      expect((await followLink(ctx.app, link.code, { to })).headers.location).toBe('/');
    }
  });

  it('counts one click for the same address following the same link again within 30 minutes', async () => {
    const { partner, link } = await buildPartner(ctx.app);
    const remoteAddress = nextRemoteAddress();
    const first = await followLink(ctx.app, link.code, { remoteAddress });
    const again = await followLink(ctx.app, link.code, { remoteAddress });
    // Both get the attribution (last click wins); the partner's figures count the visitor once.
    expect(referralCookieOf(first)).toBeTruthy();
    expect(referralCookieOf(again)).toBeTruthy();
    await followLink(ctx.app, link.code);
    const clicks = await ctx.app.db
      .select()
      .from(referralClicks)
      .where(eq(referralClicks.partnerId, partner.id));
    expect(clicks).toHaveLength(2);
  });

  it('marks the cookie Secure when the public address is https', async () => {
    const secure = await startTestApp({ publicUrl: 'https://gurukul.example' });
    try {
      const { partner, link } = await buildPartner(secure.app);
      const response = await followLink(secure.app, link.code);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure$/);
      // The visitor id a partner's browser gets at sign-in (decision 055) too.
      const login = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'user-agent': BROWSER },
        payload: { email: partner.email, password: TEST_PASSWORD },
        remoteAddress: nextRemoteAddress(),
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(String(login.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await secure.close();
    }
  });

  it('sends unknown and archived codes home without a cookie, and ignores robots', async () => {
    const { partner } = await buildPartner(ctx.app);
    const [archived] = await ctx.app.db
      .insert(referralLinks)
      .values({ partnerId: partner.id, code: 'archivedCode1', label: 'Old', archivedAt: new Date() })
      .returning();
    for (const code of ['no-such-code', archived.code, 'bad!code', 'x']) {
      const response = await followLink(ctx.app, code);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/?referral=invalid');
      expect(referralCookieOf(response)).toBeUndefined();
    }
    const { link } = await buildPartner(ctx.app);
    const bot = await followLink(ctx.app, link.code, { userAgent: 'Twitterbot/1.0', to: '/about-us' });
    expect(bot.headers.location).toBe('/about-us');
    expect(referralCookieOf(bot)).toBeUndefined();
    expect(await ctx.app.db.$count(referralClicks, eq(referralClicks.linkId, link.id))).toBe(0);
  });
});

describe('the ?ref= visit', () => {
  it('attributes an anonymous visitor, answers 404 or 400 with the contract texts', async () => {
    const { link, partner } = await buildPartner(ctx.app);
    const ok = await visit({ code: link.code, landing: '/explore-course' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().attributed).toBe(true);
    expect(new Date(ok.json().expiresAt).getTime()).toBeGreaterThan(Date.now() + 59 * DAY_MS);
    expect(referralCookieOf(ok)).toBeTruthy();

    const unknown = await visit({ code: 'nosuchcode' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(REFERRAL_MSG.unknownCode);
    const bad = await visit({ code: 'no spaces!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(REFERRAL_MSG.unknownCode);
    expect((await visit({})).statusCode).toBe(400);

    const [archived] = await ctx.app.db
      .insert(referralLinks)
      .values({ partnerId: partner.id, code: 'archivedCode2', label: 'Gone', archivedAt: new Date() })
      .returning();
    const gone = await visit({ code: archived.code });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(REFERRAL_MSG.archivedCode);
    const robot = await visit({ code: link.code }, { 'user-agent': 'curl/8.0' });
    expect(robot.json().attributed).toBe(false);
    expect(referralCookieOf(robot)).toBeUndefined();
  });

  it('refuses the partner themself (400) and any other signed-in account (409), with no cookie', async () => {
    const partner = await buildAndLogin(ctx.app, { userType: 'partner' });
    const links = await ctx.app.inject({ url: '/api/partner/links', headers: partner.headers });
    const code = links.json().links[0].code as string;
    const self = await visit({ code }, partner.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(REFERRAL_MSG.selfReferral);
    expect(referralCookieOf(self)).toBeUndefined();
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const existing = await visit({ code }, student.headers);
    expect(existing.statusCode).toBe(409);
    expect(existing.json().message).toBe(REFERRAL_MSG.alreadyCustomer);
    expect(referralCookieOf(existing)).toBeUndefined();
  });
});

describe('sign-up with an attribution', () => {
  it('stores the referral once and clears the cookie', async () => {
    const { partner, link } = await buildPartner(ctx.app);
    const cookie = referralCookieOf(await followLink(ctx.app, link.code));
    const { response, user } = await signUpWithCookie(ctx.app, cookie, 'teacher');
    expect(response.statusCode, response.body).toBe(201);
    expect(referralCookieOf(response)).toBe('');
    expect(String(response.headers['set-cookie'])).toContain('Max-Age=0');
    expect(await referralOf(user?.id as string)).toMatchObject({ partnerId: partner.id, linkId: link.id });

    // Stored for good: a later attribution for the same account changes nothing.
    const other = await buildPartner(ctx.app);
    const later = signAttribution(ctx.config.jwtSecret, { linkId: other.link.id, clickedAt: new Date() });
    await afterSignUp(ctx.app, { id: user?.id as string, email: 'x@y.test', userType: 'teacher' }, later);
    expect((await referralOf(user?.id as string))?.partnerId).toBe(partner.id);
  });

  it('gives the last click the attribution', async () => {
    const first = await buildPartner(ctx.app);
    const second = await buildPartner(ctx.app);
    referralCookieOf(await followLink(ctx.app, first.link.code));
    const last = referralCookieOf(await followLink(ctx.app, second.link.code));
    const { user } = await signUpWithCookie(ctx.app, last);
    expect((await referralOf(user?.id as string))?.partnerId).toBe(second.partner.id);
  });

  it('ignores a tampered, expired, unknown or foreign cookie and still signs up', async () => {
    const { link } = await buildPartner(ctx.app);
    const good = referralCookieOf(await followLink(ctx.app, link.code)) as string;
    const [linkId, ms, visitorId, signature] = good.split('.');
    const old = signAttribution(ctx.config.jwtSecret, {
      linkId,
      clickedAt: new Date(Date.now() - 61 * DAY_MS),
    });
    const cookies = [
      `${linkId}.${Number(ms) + 1}.${visitorId}.${signature}`,
      `${link.partnerId}.${ms}.${visitorId}.${signature}`,
      `${linkId}.${ms}.${'A'.repeat(22)}.${signature}`,
      `${linkId}.${ms}.${signature}`,
      'garbage',
      '%E0%A4%A',
      old,
      signAttribution('another-secret', { linkId, clickedAt: new Date() }),
      signAttribution(ctx.config.jwtSecret, { linkId: crypto.randomUUID(), clickedAt: new Date() }),
    ];
    for (const cookie of cookies) {
      const { response, user } = await signUpWithCookie(ctx.app, cookie);
      expect(response.statusCode, cookie).toBe(201);
      expect(await referralOf(user?.id as string), cookie).toBeUndefined();
    }
    expect(verifyAttribution(ctx.config.jwtSecret, old, 62)?.linkId).toBe(linkId);
  });

  it('refuses self-referral (stored refused) and referrals of partners, and gives a new partner their main link', async () => {
    const { partner, link } = await buildPartner(ctx.app);
    const cookie = signAttribution(ctx.config.jwtSecret, { linkId: link.id, clickedAt: new Date() });
    await afterSignUp(ctx.app, { id: partner.id, email: 'other@x.test', userType: 'student' }, cookie);
    const student = await signUpWithCookie(ctx.app, undefined);
    await afterSignUp(
      ctx.app,
      { id: student.user?.id as string, email: partner.email.toUpperCase(), userType: 'student' },
      cookie,
    );
    expect(await referralOf(partner.id)).toBeUndefined();
    // Decision 055: kept with its reason, so its payments are listed refused rather than silently dropped.
    expect(await referralOf(student.user?.id as string)).toMatchObject({
      partnerId: partner.id,
      refusedReason: SELF_REFERRAL.sameEmail,
    });

    const { response, user } = await signUpWithCookie(ctx.app, cookie, 'partner');
    expect(response.statusCode).toBe(201);
    expect(await referralOf(user?.id as string)).toBeUndefined();
    const main = await ctx.app.db
      .select()
      .from(referralLinks)
      .where(eq(referralLinks.partnerId, user?.id as string));
    expect(main).toMatchObject([{ isMain: true, label: null }]);
    expect(main[0].code).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });
});
