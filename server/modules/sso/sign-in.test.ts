import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionAnswer } from '../../../common/contracts/auth';
import { appLogs, instituteInvites, ssoIdentities, users } from '../../db/schema/index';
import { hashLinkToken } from '../../http/tokens';
import {
  authHeader,
  buildAndLogin,
  buildUser,
  loginRequest,
  nextRemoteAddress,
  TEST_PASSWORD,
} from '../../test/factories';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { QUIET_LOG_STREAM, startTestApp, type TestContext } from '../../test/harness';
import { type FaultyIssuer, startFaultyIssuer } from '../../test/oidc/faulty-issuer';
import { freePort, signInAtProvider, startOidcProvider, type TestProvider } from '../../test/oidc/provider';

/**
 * Single sign-on against an OpenID provider this project did not write (oidc-provider 9, its own process): the
 * institute's own issuer and "Continue with Google" run against it; the faults it cannot produce (another
 * audience, an expired token) come from a jose-signed issuer standing in for Microsoft.
 */
let ctx: TestContext;
let provider: TestProvider;
let faulty: FaultyIssuer;
let institute: { id: string; headers: Record<string, string> };

beforeAll(async () => {
  const publicUrl = `http://localhost:${await freePort()}`;
  const redirect_uris = [`${publicUrl}/api/sso/callback`];
  provider = await startOidcProvider([
    { client_id: 'gurukul-school', client_secret: 'school-secret', redirect_uris },
    { client_id: 'gurukul-google', client_secret: 'google-secret', redirect_uris },
  ]);
  faulty = await startFaultyIssuer('gurukul-microsoft');
  ctx = await startTestApp(
    {
      publicUrl,
      logLevel: 'warn',
      sso: { googleIssuer: provider.issuer, microsoftIssuer: faulty.issuer, allowHttpIssuers: true },
    },
    { logStream: QUIET_LOG_STREAM },
  );
  // An institute claims the domain of its own verified address (decision 073 "Whose domains").
  const built = await buildAndLogin(ctx.app, {
    userType: 'institute',
    fullName: 'Vidya Niketan',
    email: 'principal@school.test',
    plan: 'paid',
  });
  institute = { id: built.user.id, headers: built.headers };
  await putOnPlan(ctx.app, built.user.id, (await insertPlan(ctx.app, { audience: 'institute' })).id);
  const saved = await saveSchool(institute.headers, {
    issuer: provider.issuer,
    clientId: 'gurukul-school',
    clientSecret: 'school-secret',
    domains: 'school.test, Staff.School.test',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const { headers: adminHeaders } = await buildAndLogin(ctx.app, { userType: 'admin' });
  for (const [kind, secret] of [
    ['google', 'google-secret'],
    ['microsoft', 'microsoft-secret'],
  ]) {
    const platform = await ctx.app.inject({
      method: 'PUT',
      url: `/api/sso-settings/platform/${kind}`,
      headers: adminHeaders,
      payload: { clientId: `gurukul-${kind}`, clientSecret: secret },
    });
    expect(platform.statusCode, platform.body).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await provider?.stop();
  await faulty?.close();
});

const usersNamed = async (email: string) =>
  (await ctx.app.db.select({ n: count() }).from(users).where(sql`lower(${users.email}) = ${email}`))[0].n;

interface Finished {
  fragment: URLSearchParams;
  status: number;
  callbackPath: string;
  cookie: string;
}

/** A person's whole sign-in: our start, the provider's login page, our callback; what the /sso page is given. */
async function signIn(
  which: string,
  login: string,
  options: { cancel?: boolean; tamper?: (url: URL) => void; cookie?: string | null } = {},
): Promise<Finished> {
  const start = await ctx.app.inject({
    method: 'GET',
    url: `/api/sso/start?provider=${which}`,
    remoteAddress: nextRemoteAddress(),
  });
  expect(start.statusCode, start.body).toBe(303);
  const cookie = String(start.headers['set-cookie']).split(';')[0];
  const authorization = new URL(String(start.headers.location));
  options.tamper?.(authorization);
  const back = await signInAtProvider(authorization.href, login, ctx.config.publicUrl, {
    cancel: options.cancel,
  });
  const callbackPath = back.pathname + back.search;
  return {
    ...(await callback(callbackPath, options.cookie === undefined ? cookie : options.cookie)),
    callbackPath,
    cookie,
  };
}

async function callback(callbackPath: string, cookie: string | null) {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: callbackPath,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextRemoteAddress(),
  });
  const location = new URL(String(answer.headers.location));
  expect(location.origin + location.pathname).toBe(`${ctx.config.publicUrl}/sso`);
  return { status: answer.statusCode, fragment: new URLSearchParams(location.hash.slice(1)) };
}

async function session(ticket: string | null) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/sso/session',
    payload: { ticket },
    remoteAddress: nextRemoteAddress(),
  });
  return answer;
}

async function signedIn(finished: Finished): Promise<SessionAnswer> {
  expect(finished.fragment.get('error')).toBeNull();
  const answer = await session(finished.fragment.get('ticket'));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as SessionAnswer;
}

describe('an institute signs its people in with its own issuer', () => {
  it('a first sign-in of its domain makes a student of the institute; a second lands in the same account', async () => {
    const first = await signedIn(
      await signIn((await schoolOf('ravi.kumar@school.test')).providerId, 'ravi.kumar@school.test'),
    );
    expect(first.userObj).toMatchObject({
      email: 'ravi.kumar@school.test',
      userType: 'student',
      instituteId: institute.id,
      fullName: 'Ravi Kumar',
    });
    const again = await signedIn(
      await signIn((await schoolOf('ravi.kumar@school.test')).providerId, 'ravi.kumar@school.test'),
    );
    expect(again.userObj.userId).toBe(first.userObj.userId);
    expect(await usersNamed('ravi.kumar@school.test')).toBe(1);
    // The session works like a password login's.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: authHeader(again) });
    expect(me.json()).toMatchObject({ userObj: { email: 'ravi.kumar@school.test' } });
  });

  it('finds the school by the address typed, and says so when no school signs that domain in', async () => {
    const found = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/school',
      payload: { email: 'Teacher@STAFF.school.test' },
      remoteAddress: nextRemoteAddress(),
    });
    expect(found.json()).toMatchObject({ instituteName: 'Vidya Niketan' });
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/school',
      payload: { email: 'someone@elsewhere.test' },
      remoteAddress: nextRemoteAddress(),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/No school sign-in is set up/u);
  });

  it('an invitation that says teacher makes a teacher', async () => {
    await ctx.app.db.insert(instituteInvites).values({
      instituteId: institute.id,
      email: 'asha.teacher@staff.school.test',
      userType: 'teacher',
      tokenHash: hashLinkToken('invitation-for-asha'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const answer = await signedIn(
      await signIn(
        (await schoolOf('asha.teacher@staff.school.test')).providerId,
        'asha.teacher@staff.school.test',
      ),
    );
    expect(answer.userObj).toMatchObject({ userType: 'teacher', instituteId: institute.id });
    const invite = await ctx.app.db.query.instituteInvites.findFirst({
      where: eq(instituteInvites.tokenHash, hashLinkToken('invitation-for-asha')),
    });
    expect(invite?.acceptedUserId).toBe(answer.userObj.userId);
  });

  it('refuses a person of another domain at the school issuer, and creates nothing', async () => {
    const finished = await signIn(
      (await schoolOf('ravi.kumar@school.test')).providerId,
      'meera@elsewhere.test',
    );
    // Only the reason travels to the page: no text of it can be written by a crafted address.
    expect(Object.fromEntries(finished.fragment)).toEqual({ error: 'wrong-domain' });
    expect(await usersNamed('meera@elsewhere.test')).toBe(0);
  });

  it('refuses an e-mail the provider has not verified, and creates nothing', async () => {
    const finished = await signIn(
      (await schoolOf('ravi.kumar@school.test')).providerId,
      'unverified.kiran@school.test',
    );
    expect(finished.fragment.get('error')).toBe('unverified-email');
    expect(await usersNamed('kiran@school.test')).toBe(0);
    await expectLogged('unverified-email');
  });

  it('refuses a replayed callback: its state was used', async () => {
    const first = await signIn((await schoolOf('ravi.kumar@school.test')).providerId, 'replay@school.test');
    expect(first.fragment.get('ticket')).toBeTruthy();
    const replayed = await callback(first.callbackPath, first.cookie);
    expect(replayed.fragment.get('error')).toBe('state');
  });

  it('refuses a callback in a browser that did not start the sign-in (login CSRF), and creates nothing', async () => {
    const finished = await signIn((await schoolOf('ravi.kumar@school.test')).providerId, 'csrf@school.test', {
      cookie: null,
    });
    expect(finished.fragment.get('error')).toBe('state');
    expect(await usersNamed('csrf@school.test')).toBe(0);
  });

  it('refuses a forged state', async () => {
    const forged = await callback('/api/sso/callback?code=abc&state=forged-state-value', 'gk_sso=whatever');
    expect(forged.fragment.get('error')).toBe('state');
  });

  it('refuses a token whose nonce is not the one this sign-in sent, and creates nothing', async () => {
    const finished = await signIn(
      (await schoolOf('ravi.kumar@school.test')).providerId,
      'nonce@school.test',
      {
        tamper: (url) => url.searchParams.set('nonce', 'a-nonce-of-the-attacker'),
      },
    );
    expect(finished.fragment.get('error')).toBe('nonce');
    expect(await usersNamed('nonce@school.test')).toBe(0);
    await expectLogged('nonce');
  });

  it('says the person cancelled at the provider', async () => {
    const finished = await signIn(
      (await schoolOf('ravi.kumar@school.test')).providerId,
      'cancel@school.test',
      {
        cancel: true,
      },
    );
    expect(finished.fragment.get('error')).toBe('denied');
    expect(await usersNamed('cancel@school.test')).toBe(0);
  });

  it('a ticket opens one session, once', async () => {
    const finished = await signIn((await schoolOf('ravi.kumar@school.test')).providerId, 'once@school.test');
    const ticket = finished.fragment.get('ticket');
    expect((await session(ticket)).statusCode).toBe(200);
    const again = await session(ticket);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_INVALID');
  });
});

describe('an existing account with the same e-mail', () => {
  it('is linked only after its password, then signs in straight away', async () => {
    const existing = await buildUser(ctx.app, { userType: 'student', email: 'priya@school.test' });
    const finished = await signIn((await schoolOf('priya@school.test')).providerId, 'priya@school.test');
    expect(finished.fragment.get('ticket')).toBeNull();
    const link = finished.fragment.get('link');
    // The page names the account from the server, by the ticket.
    const info = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/link-info',
      payload: { ticket: link },
      remoteAddress: nextRemoteAddress(),
    });
    expect(info.json()).toEqual({ email: 'priya@school.test' });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/link',
      payload: { ticket: link, password: 'NotHerPass1' },
      remoteAddress: nextRemoteAddress(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(
      await ctx.app.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, existing.id)),
    ).toHaveLength(0);
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/link',
      payload: { ticket: link, password: TEST_PASSWORD },
      remoteAddress: nextRemoteAddress(),
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().userObj.userId).toBe(existing.id);
    const later = await signedIn(
      await signIn((await schoolOf('priya@school.test')).providerId, 'priya@school.test'),
    );
    expect(later.userObj.userId).toBe(existing.id);
  });
});

describe('an institute that changes its issuer', () => {
  it('its members made by single sign-on (no password) sign in through the new one straight away', async () => {
    const member = await signedIn(
      await signIn((await schoolOf('kavya@school.test')).providerId, 'kavya@school.test'),
    );
    // The same address, a new subject: what a school moving from one identity provider to another sends.
    await ctx.app.db.delete(ssoIdentities).where(eq(ssoIdentities.userId, member.userObj.userId));
    const moved = await signedIn(
      await signIn((await schoolOf('kavya@school.test')).providerId, 'kavya@school.test'),
    );
    expect(moved.userObj.userId).toBe(member.userObj.userId);
  });
});

describe('an institute that requires its own sign-in', () => {
  it('refuses its members a password login, but not the institute itself or people outside its domains', async () => {
    const member = await buildUser(ctx.app, {
      userType: 'student',
      email: 'sunil@school.test',
      instituteId: institute.id,
    });
    const outsider = await buildUser(ctx.app, {
      userType: 'student',
      email: 'gita@elsewhere.test',
      instituteId: institute.id,
    });
    expect((await loginRequest(ctx.app, member.email)).statusCode).toBe(200);
    const required = await saveSchool(institute.headers, {
      issuer: provider.issuer,
      clientId: 'gurukul-school',
      domains: 'school.test, staff.school.test',
      requireSso: true,
    });
    expect(required.statusCode, required.body).toBe(200);
    const refused = await loginRequest(ctx.app, member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SSO_REQUIRED' });
    expect(refused.json().message).toContain('Vidya Niketan');
    // A wrong password still says only that the password is wrong.
    expect((await loginRequest(ctx.app, member.email, { password: 'Wrong1234' })).statusCode).toBe(401);
    expect((await loginRequest(ctx.app, outsider.email)).statusCode).toBe(200);
    const instituteRow = await ctx.app.db.query.users.findFirst({ where: eq(users.id, institute.id) });
    expect((await loginRequest(ctx.app, instituteRow?.email ?? '')).statusCode).toBe(200);
    await saveSchool(institute.headers, {
      issuer: provider.issuer,
      clientId: 'gurukul-school',
      domains: 'school.test, staff.school.test',
      requireSso: false,
    });
  });
});

describe('Continue with Google (the platform-wide provider)', () => {
  it('makes a plain student of another domain, and a student of the institute that claims the domain', async () => {
    const plain = await signedIn(await signIn('google', 'lata@gmail.test'));
    expect(plain.userObj).toMatchObject({ userType: 'student', instituteId: null });
    const member = await signedIn(await signIn('google', 'mohan@school.test'));
    expect(member.userObj).toMatchObject({ userType: 'student', instituteId: institute.id });
  });
});

describe('tokens a sound provider never sends (the faulty issuer as Microsoft)', () => {
  it('refuses an id_token for another audience, and creates nothing', async () => {
    faulty.fault = 'audience';
    const finished = await signIn('microsoft', 'anyone');
    expect(finished.fragment.get('error')).toBe('audience');
    expect(await usersNamed('faulty@faulty.test')).toBe(0);
    await expectLogged('audience');
  });

  it('refuses an expired id_token as a clock problem, and creates nothing', async () => {
    faulty.fault = 'expired';
    const finished = await signIn('microsoft', 'anyone');
    expect(finished.fragment.get('error')).toBe('clock');
    expect(await usersNamed('faulty@faulty.test')).toBe(0);
  });

  it('a sound token from it signs in', async () => {
    faulty.fault = 'none';
    const answer = await signedIn(await signIn('microsoft', 'anyone'));
    expect(answer.userObj.email).toBe('faulty@faulty.test');
  });
});

describe('settings and bad input', () => {
  it('says when no provider of that name is set', async () => {
    const { user } = await buildAndLogin(ctx.app, { userType: 'admin' });
    expect(user).toBeTruthy();
    const start = await ctx.app.inject({
      method: 'GET',
      url: '/api/sso/start?provider=00000000-0000-4000-8000-000000000000',
      remoteAddress: nextRemoteAddress(),
    });
    expect(start.statusCode).toBe(303);
    expect(String(start.headers.location)).toContain('/sso#error=not-set');
  });

  it('refuses an issuer whose discovery cannot be read, and keeps what was saved', async () => {
    const answer = await saveSchool(institute.headers, {
      issuer: 'http://127.0.0.1:9',
      clientId: 'x',
      clientSecret: 'y',
      domains: 'school.test',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields.issuer).toMatch(/could not read the discovery document/u);
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/sso-settings',
      headers: institute.headers,
    });
    expect(settings.json().providers[0]).toMatchObject({
      issuer: provider.issuer,
      domains: ['school.test', 'staff.school.test'],
    });
  });

  it('refuses a domain another institute claims', async () => {
    // The staff subdomain's own institute (its address is there) finds it taken by the school above.
    const other = await buildAndLogin(ctx.app, {
      userType: 'institute',
      plan: 'paid',
      email: 'office@staff.school.test',
    });
    await putOnPlan(ctx.app, other.user.id, (await insertPlan(ctx.app, { audience: 'institute' })).id);
    const answer = await saveSchool(other.headers, {
      clientSecret: 'school-secret',
      domains: 'staff.school.test',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().fields.domains).toMatch(/Another institute/u);
  });

  it('refuses domains the institute cannot show are its own: a public mail domain, another school, the platform', async () => {
    for (const [domains, message] of [
      ['gmail.com', /public e-mail domain/u],
      ['school.test, rival-school.test', /domain of your institute account/u],
      ['gurukul.test', /domain of your institute account/u],
    ] as const) {
      const answer = await saveSchool(institute.headers, { domains });
      expect(answer.statusCode, domains).toBe(400);
      expect(answer.json().fields.domains).toMatch(message);
    }
    const gmailInstitute = await buildAndLogin(ctx.app, {
      userType: 'institute',
      plan: 'paid',
      email: 'myschool@gmail.com',
    });
    await putOnPlan(
      ctx.app,
      gmailInstitute.user.id,
      (await insertPlan(ctx.app, { audience: 'institute' })).id,
    );
    const own = await saveSchool(gmailInstitute.headers, { clientSecret: 'x', domains: 'gmail.com' });
    expect(own.statusCode).toBe(400);
    expect(own.json().fields.domains).toMatch(/public e-mail domain/u);
  });

  it('refuses text that is not a domain, naming the field', async () => {
    const answer = await saveSchool(institute.headers, {
      issuer: provider.issuer,
      clientId: 'gurukul-school',
      domains: 'not a domain!',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields.domains).toMatch(/e-mail domains/u);
  });

  it('never shows a saved secret', async () => {
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/sso-settings',
      headers: institute.headers,
    });
    expect(settings.body).not.toContain('school-secret');
    expect(settings.json().redirectUri).toBe(`${ctx.config.publicUrl}/api/sso/callback`);
  });
});

/** The institute's own issuer as its Integrations page saves it: the tests' provider unless told otherwise. */
function saveSchool(headers: Record<string, string>, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/sso-settings/institute',
    headers,
    payload: {
      issuer: provider.issuer,
      clientId: 'gurukul-school',
      domains: 'school.test, staff.school.test',
      ...payload,
    },
  });
}

async function schoolOf(email: string): Promise<{ providerId: string }> {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/sso/school',
    payload: { email },
    remoteAddress: nextRemoteAddress(),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** The refusal reached the developer logs with its reason (the writer stores warn lines in batches). */
async function expectLogged(reason: string) {
  for (let tries = 0; tries < 40; tries += 1) {
    const rows = await ctx.app.db
      .select()
      .from(appLogs)
      .where(sql`${appLogs.message} = ${`single sign-on refused: ${reason}`}`);
    if (rows.length > 0) {
      expect(JSON.stringify(rows[0].context)).toContain(reason);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no log line for ${reason}`);
}
