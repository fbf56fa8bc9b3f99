import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionAnswer } from '../../../common/contracts/auth';
import { AUTH_MSG, MSG } from '../../../common/messages';
import { outbox, plans, users } from '../../db/schema/index';
import { buildUser, login, loginRequest, nextRemoteAddress } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

// Auth routes allow 20 calls a minute per address; every call here comes from its own address.

const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.test`;

function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Sign Up Person',
    email: uniqueEmail('signup'),
    password: 'GoodPass1',
    confirmPassword: 'GoodPass1',
    userType: 'student',
    terms: true,
    ...overrides,
  };
}

const signUp = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload, remoteAddress: nextRemoteAddress() });

async function mailsTo(email: string) {
  return ctx.app.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id));
}

/** The token of the newest link of a kind in the address's mail, read from the text as a person would. */
async function linkTokenFrom(email: string, purpose: 'verify-email' | 'reset-password') {
  const [mail] = (await mailsTo(email)).filter((m) => m.text.includes(`/${purpose}?token=`));
  if (!mail) throw new Error(`no ${purpose} mail to ${email}`);
  const match = new RegExp(`(\\S+)/${purpose}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.text}`);
  expect(match[1]).toBe(ctx.config.publicUrl);
  return match[2];
}

describe('POST /api/auth/sign-up validation (SPEC §5 texts)', () => {
  it('reports every empty field with its own text', async () => {
    const response = await signUp({});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      fields: {
        fullName: MSG.required,
        email: MSG.required,
        password: MSG.required,
        confirmPassword: MSG.required,
        userType: MSG.selectOption,
        terms: MSG.terms,
      },
    });
  });

  it('treats empty strings as unfilled', async () => {
    const response = await signUp(signUpBody({ fullName: '', email: '', password: '', confirmPassword: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      fullName: MSG.required,
      email: MSG.required,
      password: MSG.required,
      confirmPassword: MSG.required,
    });
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }, 'email', MSG.email],
    ['an email without a domain suffix', { email: 'me@host' }, 'email', MSG.email],
    ['a weak password', { password: 'weakpass', confirmPassword: 'weakpass' }, 'password', MSG.password],
    ['a short password', { password: 'Ab1', confirmPassword: 'Ab1' }, 'password', MSG.password],
    [
      'a password over 15 characters',
      { password: 'Abcdefgh12345678', confirmPassword: 'Abcdefgh12345678' },
      'password',
      MSG.passwordTooLong,
    ],
    ['a different confirmation', { confirmPassword: 'GoodPass2' }, 'confirmPassword', MSG.confirmPassword],
    ['unaccepted terms', { terms: false }, 'terms', MSG.terms],
    ['the admin role', { userType: 'admin' }, 'userType', MSG.selectOption],
    ['an unknown role', { userType: 'superuser' }, 'userType', MSG.selectOption],
    ['a name of spaces', { fullName: '    ' }, 'fullName', MSG.onlySpace],
  ])('rejects %s', async (_label, overrides, field, text) => {
    const body = signUpBody(overrides);
    const response = await signUp(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: text, fields: { [field]: text } });
    expect(await mailsTo(String(body.email))).toHaveLength(0);
  });

  it('accepts a password of exactly 15 characters', async () => {
    const response = await signUp(
      signUpBody({ password: 'Abcdefgh1234567', confirmPassword: 'Abcdefgh1234567' }),
    );
    expect(response.statusCode).toBe(201);
  });
});

describe('sign-up, e-mail verification and the first login', () => {
  it('creates the account, mails a link, refuses login until the link is used once', async () => {
    const body = signUpBody({ email: uniqueEmail('Verify').toUpperCase(), userType: 'partner' });
    const email = String(body.email).toLowerCase();
    const created = await signUp(body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ok: true });

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/verify/i);
    const firstToken = await linkTokenFrom(email, 'verify-email');

    const unverified = await loginRequest(ctx.app, email, { password: 'GoodPass1' });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: AUTH_MSG.notVerified });
    expect(await mailsTo(email)).toHaveLength(2);

    const verify = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
        remoteAddress: nextRemoteAddress(),
      });
    const used = await verify(firstToken);
    expect(used.statusCode).toBe(200);
    const again = await verify(firstToken);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'TOKEN_INVALID', message: AUTH_MSG.linkInvalid });

    const session = await login(ctx.app, email, { password: 'GoodPass1' });
    expect(session.userObj).toMatchObject({ email, userType: 'partner', fullName: 'Sign Up Person' });
  });

  it('refuses an unknown verification token and a reset token used to verify', async () => {
    const user = await buildUser(ctx.app, { userType: 'student', verified: false });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const resetToken = await linkTokenFrom(user.email, 'reset-password');
    for (const token of ['x'.repeat(43), resetToken]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
        remoteAddress: nextRemoteAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('TOKEN_INVALID');
    }
    expect((await loginRequest(ctx.app, user.email)).statusCode).toBe(403);
  });

  it('refuses a second account for the same e-mail in any letter case', async () => {
    const body = signUpBody({ email: uniqueEmail('dup') });
    expect((await signUp(body)).statusCode).toBe(201);
    const upper = await signUp(signUpBody({ email: String(body.email).toUpperCase() }));
    expect(upper.statusCode).toBe(409);
    expect(upper.json()).toMatchObject({ code: 'CONFLICT', fields: { email: AUTH_MSG.emailTaken } });

    const stored = await buildUser(ctx.app, {
      userType: 'student',
      email: `Mixed.Case-${Date.now()}@Example.TEST`,
    });
    const lower = await signUp(signUpBody({ email: stored.email.toLowerCase() }));
    expect(lower.statusCode).toBe(409);
  });

  it('answers 409, not 500, when the same e-mail signs up twice at once', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 4 }, () => signUp(signUpBody({ email }))));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
  });

  it.each(['teacher', 'institute'] as const)('starts a free trial for a new %s', async (userType) => {
    const body = signUpBody({ userType });
    const email = String(body.email);
    expect((await signUp(body)).statusCode).toBe(201);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await linkTokenFrom(email, 'verify-email') },
      remoteAddress: nextRemoteAddress(),
    });
    expect(verified.statusCode).toBe(200);
    const plan = await ctx.app.db.query.plans.findFirst({ where: eq(plans.audience, userType) });
    const session = await login(ctx.app, email, { password: 'GoodPass1' });
    expect(session.userObj).toMatchObject({
      userType,
      isFreeTrial: true,
      remainingTrialDays: plan?.trialDays,
      planId: plan?.id,
      planName: plan?.name,
    });
    expect(session).toMatchObject({ trialEnded: false, subscriptionEnded: false });
  });

  it('gives a student no plan and no trial', async () => {
    const body = signUpBody({ userType: 'student' });
    expect((await signUp(body)).statusCode).toBe(201);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await linkTokenFrom(String(body.email), 'verify-email') },
    });
    const session = await login(ctx.app, String(body.email), { password: 'GoodPass1' });
    expect(session.userObj).toMatchObject({ isFreeTrial: false, planId: null, remainingTrialDays: null });
  });
});

describe('POST /api/auth/login answer', () => {
  const SPEC_USER_FIELDS = [
    'userId',
    'fullName',
    'email',
    'userType',
    'enrollmentDate',
    'instituteId',
    'isDarkTheme',
    'themeColor',
    'planName',
    'planId',
    'isFreeTrial',
    'remainingTrialDays',
  ];

  it('carries the token, the SPEC §3 user object and never the password hash', async () => {
    const user = await buildUser(ctx.app, { userType: 'teacher', fullName: 'Shape Teacher' });
    const response = await loginRequest(ctx.app, user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/scrypt|passwordHash/);
    const answer = response.json() as SessionAnswer;
    expect(answer.jwtToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Object.keys(answer.userObj)).toEqual(expect.arrayContaining(SPEC_USER_FIELDS));
    expect(answer.userObj).toMatchObject({
      userId: user.id,
      fullName: 'Shape Teacher',
      email: user.email,
      userType: 'teacher',
      instituteId: null,
      isDarkTheme: false,
      themeColor: 'indigo',
    });
    expect(new Date(answer.userObj.enrollmentDate).getTime()).toBe(user.createdAt.getTime());
    expect(answer).toMatchObject({ trialEnded: false, subscriptionEnded: false, impersonatedBy: null });
  });

  it.each([
    ['trial', { isFreeTrial: true, remainingTrialDays: 7 }, { trialEnded: false, subscriptionEnded: false }],
    [
      'trial-ended',
      { isFreeTrial: false, remainingTrialDays: 0 },
      { trialEnded: true, subscriptionEnded: false },
    ],
    [
      'paid',
      { isFreeTrial: false, remainingTrialDays: null },
      { trialEnded: false, subscriptionEnded: false },
    ],
    [
      'paid-ended',
      { isFreeTrial: false, remainingTrialDays: null },
      { trialEnded: false, subscriptionEnded: true },
    ],
  ] as const)('reports a %s teacher', async (plan, userObj, flags) => {
    const user = await buildUser(ctx.app, { userType: 'teacher', plan });
    const answer = await login(ctx.app, user.email);
    const teacherPlan = await ctx.app.db.query.plans.findFirst({ where: eq(plans.audience, 'teacher') });
    expect(answer.userObj).toMatchObject({
      ...userObj,
      planId: teacherPlan?.id,
      planName: teacherPlan?.name,
    });
    expect(answer).toMatchObject(flags);
  });

  it.each([
    ['paid', false],
    ['trial-ended', true],
  ] as const)("gives a faculty teacher its %s institute's plan", async (plan, trialEnded) => {
    const institute = await buildUser(ctx.app, { userType: 'institute', plan });
    const faculty = await buildUser(ctx.app, { userType: 'teacher', instituteId: institute.id });
    const instituteAnswer = await login(ctx.app, institute.email);
    const facultyAnswer = await login(ctx.app, faculty.email);
    expect(facultyAnswer.userObj.instituteId).toBe(institute.id);
    expect(facultyAnswer.userObj.planId).toBe(instituteAnswer.userObj.planId);
    expect(facultyAnswer.userObj.planName).toBe(instituteAnswer.userObj.planName);
    expect(facultyAnswer.trialEnded).toBe(trialEnded);
    expect(facultyAnswer.subscriptionEnded).toBe(false);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const wrong = await loginRequest(ctx.app, user.email, { password: 'Wrong1234' });
    const unknown = await loginRequest(ctx.app, uniqueEmail('nobody'), { password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 401, not 500, when the stored hash is broken', async () => {
    const user = await buildUser(ctx.app, { userType: 'student' });
    const good =
      (await ctx.app.db.query.users.findFirst({ where: eq(users.id, user.id) }))?.passwordHash ?? '';
    const [, , r, p, salt, key] = good.split('$');
    for (const broken of [
      `scrypt$abc$${r}$${p}$${salt}$${key}`,
      `scrypt$16384$${r}$${p}$${salt}$${key.slice(0, 2)}`,
    ]) {
      await ctx.app.db.update(users).set({ passwordHash: broken }).where(eq(users.id, user.id));
      const response = await loginRequest(ctx.app, user.email);
      expect(response.statusCode, broken).toBe(401);
    }
  });

  it('validates the login form', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bad', password: '' },
      remoteAddress: nextRemoteAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ email: MSG.email, password: MSG.required });
  });
});
