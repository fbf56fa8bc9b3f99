import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_COOKIE } from '../../../common/contracts/partners';
import { commissions, partnerBrowsers, paymentOrders, referrals, users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import {
  authHeader,
  buildAndLogin,
  buildUser,
  login,
  nextRemoteAddress,
  TEST_PASSWORD,
} from '../../test/factories';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay';
import { startTestApp, type TestContext } from '../../test/harness';
import { BROWSER, buildPartner, buildReferred, followLink, referralCookieOf } from '../../test/partners';
import { insertLiveCourse } from '../../test/payments';
import { grantOrder } from '../payments/grant';
import { handleEvent } from '../payments/webhook';
import { SELF_REFERRAL } from './attribution';
import { readVisitorId, verifyAttribution } from './attribution-cookie';

// Decision 055: self-referral refused on the normalised e-mail, the partner's browser and the payment identity,
// recorded as a refused commission with its reason; test checkout here, Razorpay (a local fake) below.
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof buildAndLogin>>;
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await buildAndLogin(ctx.app, { userType: 'admin' });
});
afterAll(async () => ctx.close());

const cookieHeader = (cookie: string | undefined) =>
  cookie ? { cookie: `${REFERRAL_COOKIE}=${cookie}` } : ({} as Record<string, string>);
const referralOf = (app: App, userId: string) =>
  app.db.query.referrals.findFirst({ where: eq(referrals.referredUserId, userId) });
const commissionOf = (app: App, orderId: string) =>
  app.db.query.commissions.findFirst({ where: eq(commissions.orderId, orderId) });

/** Signs up through the real endpoint as `email`, verified straight after, and logs in. */
async function signUp(
  app: App,
  email: string,
  cookie: string | undefined,
  extra: Record<string, string> = {},
  userType: 'student' | 'teacher' = 'student',
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: { ...cookieHeader(cookie), ...extra },
    payload: {
      fullName: 'Self Referrer',
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      userType,
      terms: true,
    },
    remoteAddress: nextRemoteAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const [user] = await app.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning();
  return { user, headers: authHeader(await login(app, user.email)) };
}

/** Buys a course through the real checkout and the local test checkout's "pay". */
async function buyCourse(app: App, headers: Record<string, string>, courseId: string) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/payments/orders',
    headers,
    payload: { purpose: 'course', courseId },
  });
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().orderId as string;
  const paid = await app.inject({
    method: 'POST',
    url: `/api/payments/orders/${orderId}/test-pay`,
    headers,
    payload: { outcome: 'success' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}

const unique = () => randomBytes(4).toString('hex');

/** One browser: its address, user agent and our referral cookie, kept from response to response. */
class Jar {
  value: string | undefined;
  private readonly remoteAddress = nextRemoteAddress();

  async send(
    app: App,
    request: { method?: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: object },
  ) {
    const response = await app.inject({
      method: request.method ?? 'GET',
      url: request.url,
      headers: { 'user-agent': BROWSER, ...cookieHeader(this.value), ...request.headers },
      payload: request.payload,
      remoteAddress: this.remoteAddress,
    });
    const set = referralCookieOf(response);
    if (set !== undefined) this.value = set || undefined;
    return response;
  }
}

describe('self-referral at sign-up and checkout (test checkout)', () => {
  it("refuses the issue's partner+self account: its ₹799 course earns a refused row the admin sees", async () => {
    const tag = unique();
    const { partner, link } = await buildPartner(ctx.app, { email: `partner${tag}@school.example` });
    const cookie = referralCookieOf(await followLink(ctx.app, link.code));
    const self = await signUp(ctx.app, `Partner${tag}+self@School.example`, cookie);
    expect(await referralOf(ctx.app, self.user.id)).toMatchObject({
      partnerId: partner.id,
      refusedReason: SELF_REFERRAL.sameEmail,
    });

    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    const course = await insertLiveCourse(ctx.app, teacher.id, 799);
    const orderId = await buyCourse(ctx.app, self.headers, course.id);
    expect(await commissionOf(ctx.app, orderId)).toMatchObject({
      status: 'refused',
      refusedReason: SELF_REFERRAL.sameEmail,
      paymentAmount: 799,
    });

    // Where the admin lists the partner's commissions: refused, with the reason; nothing pending or payable.
    const listed = await ctx.app.inject({
      url: `/api/admin/partners/${partner.id}/commissions?status=refused`,
      headers: admin.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().commissions).toMatchObject([
      { status: 'refused', refusedReason: SELF_REFERRAL.sameEmail, paymentAmount: 799 },
    ]);
    const programme = await ctx.app.inject({
      url: `/api/admin/partners/${partner.id}/programme`,
      headers: admin.headers,
    });
    expect(programme.json().summary).toMatchObject({
      signUps: 0,
      paying: 0,
      balances: { pending: [], payable: [], paid: [] },
    });
    expect(programme.json().links[0]).toMatchObject({ clicks: 1, signUps: 0 });
  });

  it("refuses a Gmail address written with other dots, case and googlemail, and keeps a colleague's", async () => {
    const tag = unique();
    const { partner, link } = await buildPartner(ctx.app, { email: `ria.${tag}@gmail.com` });
    const sneaky = await signUp(
      ctx.app,
      `R.I.A${tag.toUpperCase()}+course@googlemail.com`,
      referralCookieOf(await followLink(ctx.app, link.code)),
    );
    expect((await referralOf(ctx.app, sneaky.user.id))?.refusedReason).toBe(SELF_REFERRAL.sameEmail);
    // Same domain, another person: a fair referral (decision 034).
    const colleague = await signUp(
      ctx.app,
      `someone.${tag}@gmail.com`,
      referralCookieOf(await followLink(ctx.app, link.code)),
    );
    expect(await referralOf(ctx.app, colleague.user.id)).toMatchObject({
      partnerId: partner.id,
      refusedReason: null,
    });
  });

  it('refuses a sign-up from a browser the partner used signed in, whatever its e-mail', async () => {
    const { partner, link } = await buildPartner(ctx.app);
    // The partner follows their own link, then logs in on the same browser: the cookie's visitor id is theirs.
    const cookie = referralCookieOf(await followLink(ctx.app, link.code)) as string;
    const visitorId = verifyAttribution(ctx.config.jwtSecret, cookie, 60)?.visitorId;
    expect(visitorId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const loggedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: cookieHeader(cookie),
      payload: { email: partner.email, password: TEST_PASSWORD },
      remoteAddress: nextRemoteAddress(),
    });
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    // A later click from that browser keeps its visitor id (last click wins, the browser stays the same).
    const again = referralCookieOf(
      await ctx.app.inject({
        method: 'GET',
        url: `/r/${link.code}`,
        headers: { ...cookieHeader(cookie), 'user-agent': 'Mozilla/5.0 Firefox/140' },
        remoteAddress: nextRemoteAddress(),
      }),
    );
    expect(verifyAttribution(ctx.config.jwtSecret, again, 60)?.visitorId).toBe(visitorId);
    const other = await signUp(ctx.app, `nobody-${unique()}@elsewhere.example`, again);
    expect((await referralOf(ctx.app, other.user.id))?.refusedReason).toBe(SELF_REFERRAL.sameBrowser);

    // Another browser, never used by the partner: fair.
    const fair = await signUp(
      ctx.app,
      `fair-${unique()}@elsewhere.example`,
      referralCookieOf(await followLink(ctx.app, link.code)),
    );
    expect((await referralOf(ctx.app, fair.user.id))?.refusedReason).toBeNull();
  });

  it("knows the partner's browser from their session on /api/auth/me and from the sign-up request itself", async () => {
    const partner = await buildAndLogin(ctx.app, { userType: 'partner' });
    const links = await ctx.app.inject({ url: '/api/partner/links', headers: partner.headers });
    const code = links.json().links[0].code as string;

    const seenOnMe = referralCookieOf(await followLink(ctx.app, code));
    const me = await ctx.app.inject({
      url: '/api/auth/me',
      headers: { ...partner.headers, ...cookieHeader(seenOnMe) },
    });
    expect(me.statusCode).toBe(200);
    const first = await signUp(ctx.app, `me-${unique()}@elsewhere.example`, seenOnMe);
    expect((await referralOf(ctx.app, first.user.id))?.refusedReason).toBe(SELF_REFERRAL.sameBrowser);

    // Signing up a second account while still signed in as the partner, on a fresh cookie.
    const fresh = referralCookieOf(await followLink(ctx.app, code));
    const second = await signUp(ctx.app, `while-${unique()}@elsewhere.example`, fresh, partner.headers);
    expect((await referralOf(ctx.app, second.user.id))?.refusedReason).toBe(SELF_REFERRAL.sameBrowser);

    // An admin's "Log in as" the partner is the admin's browser, not the partner's.
    const viaAdmin = referralCookieOf(await followLink(ctx.app, code));
    const switched = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: admin.headers,
      payload: { userId: partner.user.id },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    await ctx.app.inject({
      url: '/api/auth/me',
      headers: { ...authHeader(switched.json()), ...cookieHeader(viaAdmin) },
    });
    const third = await signUp(ctx.app, `admin-${unique()}@elsewhere.example`, viaAdmin);
    expect((await referralOf(ctx.app, third.user.id))?.refusedReason).toBeNull();
  });

  it("refuses a sign-up from the partner's browser after they signed out: it kept its visitor id since login", async () => {
    // The reviewer's case: the partner signs in on browser A without any referral cookie, signs out, follows
    // their own link there, signs up alt@… and pays ₹799 through the test checkout.
    const tag = unique();
    const { partner, link } = await buildPartner(ctx.app, { email: `partner${tag}@example.org` });
    const jarA = new Jar();
    const loggedIn = await jarA.send(ctx.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: partner.email, password: TEST_PASSWORD },
    });
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    expect(String(loggedIn.headers['set-cookie'])).toMatch(
      new RegExp(`^${REFERRAL_COOKIE}=[^;]+; Path=/; Max-Age=${400 * 86400}; HttpOnly; SameSite=Lax$`),
    );
    // The visitor id alone: no link, so it attributes nothing by itself.
    expect(verifyAttribution(ctx.config.jwtSecret, jarA.value, 60)).toBeNull();
    const visitorId = readVisitorId(ctx.config.jwtSecret, jarA.value);
    expect(visitorId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const signedOut = await jarA.send(ctx.app, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: authHeader(loggedIn.json()),
    });
    expect(signedOut.statusCode).toBe(200);

    const click = await jarA.send(ctx.app, { url: `/r/${link.code}` });
    expect(click.statusCode).toBe(302);
    expect(verifyAttribution(ctx.config.jwtSecret, jarA.value, 60)).toMatchObject({
      linkId: link.id,
      visitorId,
    });
    // A partner's browser keeps the cookie past the window (the attribution itself still lapses with it).
    expect(String(click.headers['set-cookie'])).toContain(`Max-Age=${400 * 86400}`);
    const alt = await signUp(ctx.app, `alt${tag}@example.org`, jarA.value, { 'user-agent': BROWSER });
    expect(await referralOf(ctx.app, alt.user.id)).toMatchObject({
      partnerId: partner.id,
      refusedReason: SELF_REFERRAL.sameBrowser,
    });
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    const course = await insertLiveCourse(ctx.app, teacher.id, 799);
    const altOrder = await buyCourse(ctx.app, alt.headers, course.id);
    expect(await commissionOf(ctx.app, altOrder)).toMatchObject({
      status: 'refused',
      refusedReason: SELF_REFERRAL.sameBrowser,
      paymentAmount: 799,
    });

    // After that sign-up the browser still holds its visitor id (not cleared), so a second alt is refused too.
    const afterSignUp = await jarA.send(ctx.app, { url: `/r/${link.code}` });
    expect(readVisitorId(ctx.config.jwtSecret, referralCookieOf(afterSignUp))).toBe(visitorId);
    const secondAlt = await signUp(ctx.app, `second${tag}@example.org`, jarA.value);
    expect((await referralOf(ctx.app, secondAlt.user.id))?.refusedReason).toBe(SELF_REFERRAL.sameBrowser);

    // Control: another browser following the same link earns the commission as before, and its cookie keeps
    // the window's lifetime and is cleared at sign-up.
    const jarB = new Jar();
    const clickB = await jarB.send(ctx.app, { url: `/r/${link.code}` });
    expect(String(clickB.headers['set-cookie'])).toContain(`Max-Age=${60 * 86400}`);
    expect(readVisitorId(ctx.config.jwtSecret, jarB.value)).not.toBe(visitorId);
    const friend = await signUp(ctx.app, `friend${tag}@example.org`, jarB.value);
    expect(await referralOf(ctx.app, friend.user.id)).toMatchObject({
      partnerId: partner.id,
      refusedReason: null,
    });
    const friendOrder = await buyCourse(ctx.app, friend.headers, course.id);
    expect(await commissionOf(ctx.app, friendOrder)).toMatchObject({
      status: 'pending',
      refusedReason: null,
      paymentAmount: 799,
    });
  });

  it('gives no visitor id to an admin\'s "Log in as" the partner, nor to a robot signing in', async () => {
    const { partner } = await buildPartner(ctx.app);
    const switched = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: admin.headers,
      payload: { userId: partner.id },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: authHeader(switched.json()) });
    expect(me.statusCode).toBe(200);
    expect(referralCookieOf(me)).toBeUndefined();
    const script = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': 'curl/8.5.0' },
      payload: { email: partner.email, password: TEST_PASSWORD },
      remoteAddress: nextRemoteAddress(),
    });
    expect(script.statusCode, script.body).toBe(200);
    expect(referralCookieOf(script)).toBeUndefined();
    const rows = await ctx.app.db
      .select()
      .from(partnerBrowsers)
      .where(eq(partnerBrowsers.partnerId, partner.id));
    expect(rows).toEqual([]);
  });

  it('refuses at payment a referral stored before these rules whose buyer is the partner', async () => {
    const tag = unique();
    const { partner } = await buildPartner(ctx.app, { email: `old${tag}@example.org` });
    const buyer = await buildReferred(ctx.app, partner.id, {
      userType: 'student',
      email: `OLD${tag}+2@example.org`,
    });
    const course = await insertLiveCourse(
      ctx.app,
      (await buildUser(ctx.app, { userType: 'teacher' })).id,
      500,
    );
    const orderId = await buyCourse(ctx.app, authHeader(await login(ctx.app, buyer.email)), course.id);
    expect(await commissionOf(ctx.app, orderId)).toMatchObject({
      status: 'refused',
      refusedReason: SELF_REFERRAL.sameEmail,
    });
    expect(
      (
        await ctx.app.inject({
          url: `/api/admin/partners/${partner.id}/referred`,
          headers: admin.headers,
        })
      ).json().total,
    ).toBe(1);
  });
});

describe('clicks', () => {
  it('counts 1 of 20 clicks from one address that changes its user agent every time', async () => {
    const { link } = await buildPartner(ctx.app);
    const remoteAddress = nextRemoteAddress();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        followLink(ctx.app, link.code, {
          remoteAddress,
          userAgent: `Mozilla/5.0 (Variant ${i}) Chrome/${100 + i}`,
        }),
      ),
    );
    const links = await ctx.app.inject({
      url: `/api/admin/partners/${link.partnerId}/programme`,
      headers: admin.headers,
    });
    expect(links.json().links[0].clicks).toBe(1);
    await followLink(ctx.app, link.code);
    const after = await ctx.app.inject({
      url: `/api/admin/partners/${link.partnerId}/programme`,
      headers: admin.headers,
    });
    expect(after.json().links[0].clicks).toBe(2);
  });
});

describe('self-referral by payment identity (Razorpay)', () => {
  const KEY_ID = 'rzp_test_self';
  const KEY_SECRET = 'key-secret-self';
  let rz: TestContext;
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay(KEY_ID, KEY_SECRET);
    rz = await startTestApp({
      razorpay: {
        keyId: KEY_ID,
        keySecret: KEY_SECRET,
        webhookSecret: 'webhook-secret-self',
        apiBase: fake.apiBase,
        checkoutUrl: 'https://checkout.example/checkout.js',
      },
    });
  });
  afterAll(async () => {
    await rz.close();
    await fake.close();
  });

  /** A paid Razorpay order of `userId`, whose payment Razorpay describes with `payer`, granted for real. */
  async function paidByRazorpay(userId: string, payer: Record<string, unknown> | null) {
    const paymentId = `pay_${unique()}${unique()}`;
    if (payer) fake.putPayment(paymentId, { status: 'captured', amount: 79900, currency: 'INR', ...payer });
    const [order] = await rz.app.db
      .insert(paymentOrders)
      .values({
        userId,
        purpose: 'course',
        amount: 799,
        currency: 'INR',
        provider: 'razorpay',
        providerOrderId: `order_${unique()}`,
        providerPaymentId: paymentId,
        receipt: `r-${unique()}`,
        status: 'paid',
        paidAt: new Date(),
      })
      .returning();
    await grantOrder(rz.app, order.id);
    return order;
  }

  it("refuses a payment made with the partner's own e-mail at Razorpay's checkout", async () => {
    const { partner } = await buildPartner(rz.app, { email: `anita.${unique()}@gmail.com` });
    const buyer = await buildReferred(rz.app, partner.id, { userType: 'student' });
    const order = await paidByRazorpay(buyer.id, {
      email: partner.email.replace('.', '').toUpperCase(),
      contact: '+919800000001',
    });
    expect(await commissionOf(rz.app, order.id)).toMatchObject({
      status: 'refused',
      refusedReason: SELF_REFERRAL.samePayer,
    });
    expect(fake.requests.some((request) => request.path === `/v1/payments/${order.providerPaymentId}`)).toBe(
      true,
    );
  });

  it('refuses a second account paying with the UPI address, card token or phone of a refused self-referral', async () => {
    const tag = unique();
    const { partner } = await buildPartner(rz.app, { email: `dev${tag}@example.in` });
    const own = await buildReferred(rz.app, partner.id, {
      userType: 'student',
      email: `dev${tag}+a@example.in`,
    });
    const first = await paidByRazorpay(own.id, { vpa: `dev${tag}@okaxis`, token_id: `token_${tag}` });
    expect((await commissionOf(rz.app, first.id))?.status).toBe('refused');

    for (const payer of [
      { vpa: `DEV${tag}@OKAXIS`, email: `x${tag}@elsewhere.example` },
      { token_id: `token_${tag}` },
    ]) {
      const other = await buildReferred(rz.app, partner.id, { userType: 'student' });
      const order = await paidByRazorpay(other.id, payer);
      expect(await commissionOf(rz.app, order.id)).toMatchObject({
        status: 'refused',
        refusedReason: SELF_REFERRAL.samePayer,
      });
    }

    // A fair referral with its own identity earns; and Razorpay unreachable for a payment still decides on
    // what is known (the account's e-mail and the stored webhook), here fairly.
    const fair = await buildReferred(rz.app, partner.id, { userType: 'student' });
    const earned = await paidByRazorpay(fair.id, { vpa: `someone${tag}@okicici` });
    expect(await commissionOf(rz.app, earned.id)).toMatchObject({ status: 'pending', refusedReason: null });
    const unknown = await buildReferred(rz.app, partner.id, { userType: 'student' });
    const unasked = await paidByRazorpay(unknown.id, null);
    expect((await commissionOf(rz.app, unasked.id))?.status).toBe('pending');
  });

  it('reads the payer from a stored webhook too, and a refund of a refused payment adds no negative row', async () => {
    const tag = unique();
    const { partner } = await buildPartner(rz.app, { email: `web${tag}@example.in` });
    const buyer = await buildReferred(rz.app, partner.id, { userType: 'student' });
    const [order] = await rz.app.db
      .insert(paymentOrders)
      .values({
        userId: buyer.id,
        purpose: 'course',
        amount: 799,
        currency: 'INR',
        provider: 'razorpay',
        providerOrderId: `order_${tag}`,
        receipt: `r-${tag}`,
      })
      .returning();
    const entity = {
      id: `pay_${tag}`,
      entity: 'payment',
      order_id: `order_${tag}`,
      amount: 79900,
      currency: 'INR',
      status: 'captured',
      email: `Web${tag}+pay@example.in`,
    };
    await handleEvent(rz.app, `evt_${tag}`, { event: 'payment.captured', payload: { payment: { entity } } });
    expect(await commissionOf(rz.app, order.id)).toMatchObject({
      status: 'refused',
      refusedReason: SELF_REFERRAL.samePayer,
    });
    await handleEvent(rz.app, `evt_${tag}_refund`, {
      event: 'refund.processed',
      payload: { payment: { entity: { ...entity, amount_refunded: 79900, refund_status: 'full' } } },
    });
    const rows = await rz.app.db.select().from(commissions).where(eq(commissions.partnerId, partner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('refused');
  });
});
