import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import hi from '../../common/i18n/hi.json';
import moduleHi from '../../common/i18n/module-messages/hi.json';
import { LIBRARY_MSG } from '../../common/library';
import { AUTH_MSG, MSG } from '../../common/messages';
import { outbox, users } from '../db/schema/index';
import { SERVER_HI as serverHi } from '../i18n/catalog';
import {
  buildAndLogin,
  buildUser,
  chooseLocale,
  login,
  nextRemoteAddress,
  TEST_PASSWORD,
} from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const putLocale = (headers: Headers, locale: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/common/locale', payload: { locale }, headers });

describe('the interface language kept on the account (decision 068)', () => {
  it('is stored, comes back with the next login, and refuses a language the interface does not speak', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'student' });
    expect((await login(ctx.app, user.email)).userObj.locale).toBe('');
    const saved = await putLocale(headers, 'hi');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ locale: 'hi' });
    expect((await login(ctx.app, user.email)).userObj.locale).toBe('hi');
    const [row] = await ctx.app.db.select({ locale: users.locale }).from(users).where(eq(users.id, user.id));
    expect(row.locale).toBe('hi');

    for (const wrong of ['fr', '', 'HI', 42, null]) {
      const refused = await putLocale(headers, wrong);
      expect(refused.statusCode).toBe(400);
      // The caller chose Hindi: the refusal says so in Hindi.
      expect(refused.json().message).toBe(hi['server.chooseLanguage']);
    }
    expect((await putLocale({}, 'hi')).statusCode).toBe(401);
  });

  it('is taken at sign-up, and the verification e-mail is written in it', async () => {
    const email = `hindi-${Date.now()}@example.test`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      remoteAddress: nextRemoteAddress(),
      payload: {
        fullName: 'श्रीमती क्षितिज प्रिया',
        email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        userType: 'student',
        terms: true,
        locale: 'hi',
      },
    });
    expect(response.statusCode).toBe(201);
    const [mail] = await ctx.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, email))
      .orderBy(desc(outbox.id));
    expect(mail.subject).toBe(hi['mail.link.verify.subject']);
    expect(mail.text).toContain('नमस्ते श्रीमती क्षितिज प्रिया,');
    expect(mail.text).toContain(hi['mail.link.verify.body']);
    expect(mail.text).toContain('/verify-email?token=');
  });

  it('leaves the English e-mail word for word for someone who never chose', async () => {
    const user = await buildUser(ctx.app, { userType: 'student', verified: false });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextRemoteAddress(),
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const [mail] = await ctx.app.db.select().from(outbox).where(eq(outbox.to, user.email));
    expect(mail.subject).toBe('Verify your Gurukul email address');
    expect(mail.text).toMatch(
      /^Hello Test student,\n\nOpen this link to confirm your email address:\n\S+\n\nIf you did not ask for this, you can ignore this email.\n\nGurukul$/,
    );
  });
});

describe('the server answers in the caller language (localeOf)', () => {
  const badLogin = (headers: Headers) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextRemoteAddress(),
      payload: { email: 'nobody@example.test', password: 'Wrong1234' },
      headers,
    });

  it('follows Accept-Language for a visitor, English by default and for languages it does not speak', async () => {
    expect((await badLogin({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).json().message).toBe(
      hi['authMsg.invalidLogin'],
    );
    expect((await badLogin({})).json().message).toBe(AUTH_MSG.invalidLogin);
    expect((await badLogin({ 'accept-language': 'ta-IN, fr' })).json().message).toBe(AUTH_MSG.invalidLogin);
  });

  it('translates field messages too, and the stored choice wins over the browser', async () => {
    const signUp = (headers: Headers) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        remoteAddress: nextRemoteAddress(),
        payload: { fullName: '' },
        headers,
      });
    const inHindi = (await signUp({ 'accept-language': 'hi' })).json();
    expect(inHindi.fields.email).toBe(hi['msg.required']);
    expect(inHindi.fields.terms).toBe(hi['msg.terms']);
    expect((await signUp({})).json().fields.email).toBe(MSG.required);

    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await chooseLocale(ctx.app, headers, 'hi');
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      payload: {},
      headers: { ...headers, 'accept-language': 'en-US' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.currentPassword).toBe(hi['msg.required']);
  });

  it('answers the auth routes in the language asked', async () => {
    const forgot = (headers: Headers) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: nextRemoteAddress(),
        payload: { email: 'nobody@example.test' },
        headers,
      });
    expect((await forgot({ 'accept-language': 'hi-IN' })).json().message).toBe(hi['server.auth.resetSent']);
    expect((await forgot({})).json().message).toBe(
      'If an account exists for this email, a reset link is on its way.',
    );
  });

  it("answers a module's own message (LIBRARY_MSG, SUPPORT_MSG) in the caller's language", async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const missing = `/api/course-libraries/${randomUUID()}`;
    const english = await ctx.app.inject({ method: 'GET', url: missing, headers });
    expect(english.statusCode).toBe(404);
    expect(english.json().message).toBe(LIBRARY_MSG.notFound);
    await chooseLocale(ctx.app, headers, 'hi');
    const hindi = await ctx.app.inject({ method: 'GET', url: missing, headers });
    expect(hindi.statusCode).toBe(404);
    expect(hindi.json().message).toBe(moduleHi['libraryMsg.notFound']);
    const ticket = await ctx.app.inject({
      method: 'GET',
      url: `/api/support/tickets/${randomUUID()}`,
      headers,
    });
    expect(ticket.statusCode).toBe(404);
    expect(ticket.json().message).toBe(moduleHi['supportMsg.ticketNotFound']);
  });

  it("answers the server's own errors (decision 070) in the caller's language, English unchanged", async () => {
    const hindi = { 'accept-language': 'hi-IN,hi;q=0.9' };
    const missing = (headers: Headers) =>
      ctx.app.inject({ method: 'GET', url: '/api/no-such-route', headers });
    expect((await missing(hindi)).json()).toEqual({
      code: 'NOT_FOUND',
      message: serverHi['server.http.notFound'],
    });
    expect((await missing({})).json().message).toBe('Not found');

    const expired = { authorization: 'Bearer not-a-real-token', ...hindi };
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: expired });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe(serverHi['server.http.sessionExpired']);

    const { headers } = await buildAndLogin(ctx.app, { userType: 'student' });
    await chooseLocale(ctx.app, headers, 'hi');
    const broken = await ctx.app.inject({
      method: 'PUT',
      url: '/api/common/locale',
      payload: '{"locale": ',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(serverHi['server.http.invalidJson']);
    // A NUL character is refused where it arrives, naming the field, in Hindi too.
    const nul = await ctx.app.inject({
      method: 'PUT',
      url: '/api/common/locale',
      payload: { locale: 'h\u0000i' },
      headers,
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      message: serverHi['server.http.unstorableText'],
      fields: { locale: serverHi['server.http.unstorableText'] },
    });
  });

  it('keeps a message no catalog holds yet in English rather than failing', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'student' });
    await chooseLocale(ctx.app, headers, 'hi');
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/courses/not-a-uuid', headers });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(typeof answer.json().message).toBe('string');
  });
});
