import { count, eq, sql } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionAnswer } from '../../../common/contracts/auth';
import type { LtiSettingsView } from '../../../common/contracts/lti';
import { ssoDomains, ssoProviders, users } from '../../db/schema/index';
import { insertCourse, insertReadyLesson } from '../../test/courses';
import { buildAndLogin, buildUser, nextRemoteAddress } from '../../test/factories';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { QUIET_LOG_STREAM, startTestApp, type TestContext } from '../../test/harness';
import {
  formPost,
  type LaunchSpec,
  ROLE,
  startTestPlatform,
  type TestPlatform,
} from '../../test/lti/test-platform';
import { insertQuiz } from '../../test/quizzes';

/**
 * LTI 1.3 launches against a platform built from the 1EdTech messages (server/test/lti/test-platform.ts): a
 * launch lands its person in the registering institute, and each rule of the Security Framework and LTI Core has
 * a launch that breaks only it, refused with its own reason and creating nothing.
 */
let ctx: TestContext;
let platform: TestPlatform;
let institute: { id: string; headers: Record<string, string> };
let target: string;

async function register(
  headers: Record<string, string>,
  registered: TestPlatform,
  overrides: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/lti/platforms',
    headers,
    payload: registered.registration({
      deploymentIds: `${registered.deploymentId}\nanother-deployment`,
      ...overrides,
    }),
  });
}

beforeAll(async () => {
  platform = await startTestPlatform();
  ctx = await startTestApp({ logLevel: 'warn' }, { logStream: QUIET_LOG_STREAM });
  target = `${ctx.config.publicUrl}/subscribed-courses`;
  const built = await buildAndLogin(ctx.app, {
    userType: 'institute',
    fullName: 'Vidya Niketan',
    plan: 'paid',
  });
  await putOnPlan(ctx.app, built.user.id, (await insertPlan(ctx.app, { audience: 'institute' })).id);
  institute = { id: built.user.id, headers: built.headers };
  const answer = await register(institute.headers, platform);
  expect(answer.statusCode, answer.body).toBe(201);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await platform?.close();
});

interface Outcome {
  fragment: URLSearchParams;
  launchFields: Record<string, string>;
}

/** The whole launch as a browser carries it: initiation → tool's login → platform → form_post to the tool. */
async function launch(
  spec: Partial<LaunchSpec> & { sub: string },
  via: TestPlatform = platform,
): Promise<Outcome> {
  const hint = `hint-${spec.sub}`;
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/lti/login',
    remoteAddress: nextRemoteAddress(),
    ...formPost(via.loginInitiation(spec.targetLinkUri ?? target, hint)),
  });
  expect(login.statusCode, login.body).toBe(302);
  const { redirectUri, fields } = await via.authorize(String(login.headers.location), {
    targetLinkUri: target,
    ...spec,
  });
  expect(redirectUri).toBe(`${ctx.config.publicUrl}/api/lti/launch`);
  return { ...(await post(fields)), launchFields: fields };
}

async function post(fields: Record<string, string>) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/lti/launch',
    remoteAddress: nextRemoteAddress(),
    ...formPost(fields),
  });
  expect(answer.statusCode, answer.body).toBe(303);
  const location = new URL(String(answer.headers.location));
  expect(location.pathname).toBe('/sso');
  return { fragment: new URLSearchParams(location.hash.slice(1)) };
}

async function session(outcome: Outcome): Promise<SessionAnswer> {
  expect(outcome.fragment.get('error')).toBeNull();
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/sso/session',
    payload: { ticket: outcome.fragment.get('ticket') },
    remoteAddress: nextRemoteAddress(),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const userCount = async () => (await ctx.app.db.select({ n: count() }).from(users))[0].n;

/** The launch is refused with `reason`, and no account was made. */
async function expectRefused(
  spec: Partial<LaunchSpec> & { sub: string },
  reason: string,
  via?: TestPlatform,
) {
  const before = await userCount();
  const outcome = await launch(spec, via);
  expect(outcome.fragment.get('error')).toBe(reason);
  expect(outcome.fragment.get('ticket')).toBeNull();
  expect(await userCount()).toBe(before);
}

describe('a launch lands its person in the registering institute', () => {
  it('a Learner becomes a student of the institute, and a second launch lands in the same account', async () => {
    const first = await session(
      await launch({ sub: 'moodle-user-17', email: 'meena@school.test', name: 'Meena Iyer' }),
    );
    expect(first.userObj).toMatchObject({
      userType: 'student',
      instituteId: institute.id,
      fullName: 'Meena Iyer',
    });
    // school.test is not a domain the institute has shown is its own: the LMS's word does not give the address.
    expect(first.userObj.email).toMatch(/\.invalid$/u);
    const again = await launch({ sub: 'moodle-user-17', email: 'meena@school.test' });
    expect(again.fragment.get('to')).toBe('/subscribed-courses');
    expect((await session(again)).userObj.userId).toBe(first.userObj.userId);
  });

  it('keeps the LMS’s e-mail at a domain the institute signs in with its own issuer', async () => {
    const [provider] = await ctx.app.db
      .insert(ssoProviders)
      .values({
        kind: 'oidc',
        instituteId: institute.id,
        issuer: 'https://id.vidya.test',
        clientId: 'x',
        secretEncrypted: 'x',
      })
      .returning();
    await ctx.app.db.insert(ssoDomains).values({ domain: 'vidya.test', providerId: provider.id });
    const kept = await session(await launch({ sub: 'moodle-user-31', email: 'Ravi@Vidya.test' }));
    expect(kept.userObj.email).toBe('ravi@vidya.test');
  });

  it('an Instructor becomes a teacher of the institute', async () => {
    const teacher = await session(
      await launch({ sub: 'moodle-teacher-3', roles: [ROLE.instructor], name: 'R. Menon' }),
    );
    expect(teacher.userObj).toMatchObject({ userType: 'teacher', instituteId: institute.id });
  });

  it('a person the platform shares no e-mail for still gets an account of their own', async () => {
    const anonymous = await session(await launch({ sub: 'moodle-user-99' }));
    expect(anonymous.userObj.email).toMatch(/@127\.0\.0\.1\.invalid$/u);
  });

  it('never takes over an account of that e-mail outside the institute', async () => {
    await buildUser(ctx.app, { userType: 'student', email: 'outsider@elsewhere.test' });
    await expectRefused({ sub: 'moodle-user-50', email: 'outsider@elsewhere.test' }, 'lti-account');
  });
});

describe('each rule of the Security Framework and LTI Core, broken alone, is refused and creates nothing', () => {
  it('an issuer that is not registered', async () => {
    const stranger = await startTestPlatform();
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/lti/login',
      remoteAddress: nextRemoteAddress(),
      ...formPost(stranger.loginInitiation(target, 'someone')),
    });
    expect(String(answer.headers.location)).toContain('/sso#error=lti-unknown-issuer');
    await stranger.close();
  });

  it('a client id the issuer has not registered', async () => {
    const fields = { ...platform.loginInitiation(target, 'someone'), client_id: 'not-ours' };
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/lti/login',
      remoteAddress: nextRemoteAddress(),
      ...formPost(fields),
    });
    expect(String(answer.headers.location)).toContain('/sso#error=lti-unknown-client');
  });

  it('a deployment that is not registered (at login, and in the token)', async () => {
    const fields = { ...platform.loginInitiation(target, 'someone'), lti_deployment_id: 'deployment-9' };
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/lti/login',
      remoteAddress: nextRemoteAddress(),
      ...formPost(fields),
    });
    expect(String(answer.headers.location)).toContain('/sso#error=lti-deployment');
    await expectRefused({ sub: 'rule-deployment', deploymentId: 'deployment-9' }, 'lti-deployment');
  });

  it('a state used before (a replayed post)', async () => {
    const first = await launch({ sub: 'rule-replay' });
    expect(first.fragment.get('ticket')).toBeTruthy();
    const replayed = await post(first.launchFields);
    expect(replayed.fragment.get('error')).toBe('lti-state');
  });

  it('a state this tool never sent', async () => {
    const before = await userCount();
    const outcome = await launch({ sub: 'rule-state' });
    const forged = await post({ ...outcome.launchFields, state: 'a-state-from-somewhere-else' });
    expect(forged.fragment.get('error')).toBe('lti-state');
    expect(await userCount()).toBe(before + 1);
  });

  it('a signature by a key the platform does not publish', async () => {
    await expectRefused({ sub: 'rule-signature', foreignKey: true }, 'lti-signature');
  });

  it('a keyset that cannot be reached', async () => {
    const unreachable = await startTestPlatform();
    const registered = await register(institute.headers, unreachable, {
      keysetUrl: 'http://127.0.0.1:9/jwks',
    });
    expect(registered.statusCode).toBe(201);
    await expectRefused({ sub: 'rule-keyset' }, 'lti-keyset', unreachable);
    await unreachable.close();
  });

  it('another audience', async () => {
    await expectRefused({ sub: 'rule-audience', override: { aud: 'another-tool' } }, 'lti-audience');
  });

  it('several audiences without this tool as the authorized party', async () => {
    await expectRefused(
      { sub: 'rule-azp', override: { aud: [platform.clientId, 'another-tool'], azp: 'another-tool' } },
      'lti-audience',
    );
  });

  it('an expired token, and one issued in the future (clock skew)', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRefused({ sub: 'rule-expired', override: { iat: now - 3600, exp: now - 1800 } }, 'lti-clock');
    await expectRefused({ sub: 'rule-future', override: { iat: now + 600, exp: now + 900 } }, 'lti-clock');
  });

  it('a nonce this launch did not send', async () => {
    await expectRefused({ sub: 'rule-nonce', override: { nonce: 'a-nonce-of-another-launch' } }, 'lti-nonce');
  });

  it('a message type Gurukul does not take', async () => {
    await expectRefused({ sub: 'rule-type', messageType: 'LtiSubmissionReviewRequest' }, 'lti-message-type');
  });

  it('a version other than 1.3.0', async () => {
    await expectRefused({ sub: 'rule-version', version: '1.1' }, 'lti-version');
  });

  it('a resource link launch without its resource link', async () => {
    await expectRefused({ sub: 'rule-link', resourceLinkId: null }, 'lti-claims');
  });

  it('a target outside Gurukul', async () => {
    await expectRefused(
      {
        sub: 'rule-target',
        override: { 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': 'https://evil.test/x' },
      },
      'lti-target',
    );
  });

  it('is kept in the developer logs with its reason', async () => {
    for (let tries = 0; tries < 40; tries += 1) {
      const rows = await ctx.app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from app_logs where message = 'LTI launch refused: lti-nonce'`,
      );
      if (rows.rows[0].n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no log line for lti-nonce');
  });
});

describe('Deep Linking 2.0: a teacher places Gurukul content in the LMS course', () => {
  const DL_SETTINGS = 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings';
  const deepLinkLaunch = (sub: string, roles: string[]) =>
    launch({
      sub,
      roles,
      messageType: 'LtiDeepLinkingRequest',
      resourceLinkId: null,
      targetLinkUri: `${ctx.config.publicUrl}/api/lti/launch`,
      override: {
        [DL_SETTINGS]: {
          deep_link_return_url: `${platform.issuer}/deep-link-return`,
          accept_types: ['ltiResourceLink'],
          accept_presentation_document_targets: ['iframe', 'window'],
          data: 'opaque-platform-data',
        },
      },
    });

  it('opens the picker with the teacher’s own content, and answers with a response the LMS can verify', async () => {
    const outcome = await deepLinkLaunch('moodle-teacher-8', [ROLE.instructor]);
    const to = outcome.fragment.get('to') ?? '';
    expect(to).toMatch(/^\/lti-deep-link\?request=[0-9a-f-]{36}$/u);
    const requestId = to.slice(to.indexOf('=') + 1);
    const teacher = await session(outcome);
    const headers = { authorization: `Bearer ${teacher.jwtToken}` };
    const course = await insertCourse(ctx.app, teacher.userObj.userId, { title: 'Light and Shadows' });
    const lesson = await insertReadyLesson(ctx.app, course.id, 'Shadows');
    const { quizId } = await insertQuiz(ctx.app, course.id, { title: 'Shadows quiz' }, [
      { type: 'short', acceptedAnswers: ['umbra'] },
    ]);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/lti/deep-links/${requestId}`, headers });
    expect(view.statusCode, view.body).toBe(200);
    expect(
      view.json().items.map((item: { kind: string; title: string }) => `${item.kind}:${item.title}`),
    ).toEqual(['course:Light and Shadows', 'lesson:Shadows', 'quiz:Shadows quiz']);
    // Someone else's course is not the teacher's to place.
    const stranger = await insertCourse(ctx.app, institute.id, { title: 'Not theirs' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/lti/deep-links/${requestId}`,
      headers,
      payload: { items: [{ kind: 'course', id: stranger.id }] },
    });
    expect(refused.statusCode).toBe(400);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/lti/deep-links/${requestId}`,
      headers,
      payload: {
        items: [
          { kind: 'quiz', id: quizId },
          { kind: 'lesson', id: lesson.id },
        ],
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { returnUrl, jwt } = answer.json();
    expect(returnUrl).toBe(`${platform.issuer}/deep-link-return`);
    // The LMS verifies the response with the tool's published keyset (Deep Linking 2.0 §4.5).
    const keyset = createLocalJWKSet((await ctx.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json());
    const { payload } = await jwtVerify(jwt, keyset, {
      issuer: platform.clientId,
      audience: platform.issuer,
    });
    expect(payload['https://purl.imsglobal.org/spec/lti/claim/message_type']).toBe('LtiDeepLinkingResponse');
    expect(payload['https://purl.imsglobal.org/spec/lti/claim/version']).toBe('1.3.0');
    expect(payload['https://purl.imsglobal.org/spec/lti/claim/deployment_id']).toBe(platform.deploymentId);
    expect(payload['https://purl.imsglobal.org/spec/lti-dl/claim/data']).toBe('opaque-platform-data');
    const items = payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as Record<
      string,
      unknown
    >[];
    expect(items[0]).toMatchObject({
      type: 'ltiResourceLink',
      title: 'Shadows quiz · Light and Shadows',
      url: `${ctx.config.publicUrl}/preview-quiz?quizId=${quizId}&courseId=${course.id}`,
      lineItem: { scoreMaximum: 100, resourceId: `quiz:${quizId}` },
    });
    expect(items[1]).not.toHaveProperty('lineItem');
    // Answered once: the request is used up.
    const again = await ctx.app.inject({ method: 'GET', url: `/api/lti/deep-links/${requestId}`, headers });
    expect(again.statusCode).toBe(404);
  });

  it('is not for a learner, and creates nothing', async () => {
    const before = await userCount();
    const outcome = await deepLinkLaunch('moodle-learner-dl', [ROLE.learner]);
    expect(outcome.fragment.get('error')).toBe('lti-role');
    expect(await userCount()).toBe(before);
  });

  it('is the launching teacher’s own: another teacher gets 404', async () => {
    const outcome = await deepLinkLaunch('moodle-teacher-9', [ROLE.instructor]);
    const to = outcome.fragment.get('to') ?? '';
    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/lti/deep-links/${to.slice(to.indexOf('=') + 1)}`,
      headers: other.headers,
    });
    expect(seen.statusCode).toBe(404);
  });
});

describe('registrations', () => {
  it('show the tool URLs and its public keyset, never a private key part', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/lti/platforms',
      headers: institute.headers,
    });
    const settings = answer.json() as LtiSettingsView;
    expect(settings.tool.loginUrl).toBe(`${ctx.config.publicUrl}/api/lti/login`);
    expect(settings.tool.launchUrl).toBe(`${ctx.config.publicUrl}/api/lti/launch`);
    expect(settings.platforms.map((row) => row.name)).toContain('School Moodle');
    expect(settings.platforms[0].deploymentIds).toEqual(['deployment-1', 'another-deployment']);
    const jwks = (await ctx.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(settings.tool.keyset).toEqual(jwks);
  });

  it('are an owner’s own: another institute neither sees nor removes them', async () => {
    const other = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'paid' });
    const seen = (
      await ctx.app.inject({ method: 'GET', url: '/api/lti/platforms', headers: other.headers })
    ).json();
    expect(seen.platforms).toEqual([]);
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/lti/platforms', headers: institute.headers })
    ).json();
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/lti/platforms/${mine.platforms[0].id}`,
      headers: other.headers,
    });
    expect(removed.statusCode).toBe(404);
    const still = await ctx.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from lti_platforms where id = ${mine.platforms[0].id}`,
    );
    expect(still.rows[0].n).toBe(1);
  });

  it('refuse the same issuer and client id twice, and bad addresses by field', async () => {
    const twice = await register(institute.headers, platform);
    expect(twice.statusCode).toBe(409);
    const bad = await register(institute.headers, platform, {
      clientId: 'x',
      loginUrl: 'not a url',
      deploymentIds: ' ',
      siteUrl: 'school.instructure.com',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['deploymentIds', 'loginUrl', 'siteUrl']);
    // The LMS's own address is optional; given, it is kept without its trailing slash.
    const canvas = await register(institute.headers, platform, {
      clientId: 'canvas-client',
      siteUrl: 'https://vidyalaya.instructure.com/',
    });
    expect(canvas.statusCode, canvas.body).toBe(201);
    expect(canvas.json()).toMatchObject({ siteUrl: 'https://vidyalaya.instructure.com', contexts: [] });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/lti/platforms/${canvas.json().id}`,
      headers: institute.headers,
    });
  });

  it('a ticket names its account without being used up, until it is', async () => {
    const outcome = await launch({ sub: 'moodle-user-72', name: 'Kiran Joshi' });
    const ticket = outcome.fragment.get('ticket');
    const ask = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/sso/ticket-account',
        payload: { ticket },
        remoteAddress: nextRemoteAddress(),
      });
    const named = await ask();
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ fullName: 'Kiran Joshi' });
    const opened = await session(outcome);
    expect(opened.userObj.userId).toBe(named.json().userId);
    expect((await ask()).statusCode).toBe(400);
  });

  it('a registered person signs in by launches only, and stays in the same account after an e-mail change', async () => {
    const first = await session(await launch({ sub: 'moodle-user-71', email: 'old@school.test' }));
    const later = await session(await launch({ sub: 'moodle-user-71', email: 'new@school.test' }));
    expect(later.userObj.userId).toBe(first.userObj.userId);
    const row = await ctx.app.db.query.users.findFirst({ where: eq(users.id, first.userObj.userId) });
    expect(row?.passwordHash).toBe('');
  });
});
