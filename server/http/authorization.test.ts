import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../common/roles';
import { buildApp } from '../app';
import { inlineJobs } from '../jobs/queue';
import { authHeader, type BuildUserOptions, buildUser, login, nextRemoteAddress } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import {
  type Caller,
  type MatrixEnv,
  NO_SUCH_ID,
  ROUTE_CASES,
  type RouteCase,
} from '../test/route-cases/index';
import { apiRoutes } from '../test/route-tree';
import { ENDED_MESSAGE } from './access';

/**
 * The server-side access matrix: every /api route × every kind of caller.
 *
 * The cases (server/test/route-cases/, one file per area) are written by hand from the intended policy, not read from the routes' config, so it catches a
 * route whose declared access drifts. To make sure no route escapes the matrix, the real route list is read
 * from the running app's router (server/test/route-tree.ts).
 */

let ctx: TestContext;
const env: MatrixEnv = { missingFileUrl: '' };
// Fastify answers HEAD for every GET route; HEAD must be guarded exactly like GET.
const ROUTES: RouteCase[] = ROUTE_CASES.flatMap((route) =>
  route.method === 'GET' ? [route, { ...route, method: 'HEAD' as const }] : [route],
);

let callers: Caller[] = [];
async function caller(
  name: string,
  options: BuildUserOptions,
  ended = false,
  forged = false,
): Promise<Caller> {
  const user = await buildUser(ctx.app, options);
  const [main, spare] = [await login(ctx.app, user.email), await login(ctx.app, user.email)];
  const claims = forged ? { userType: 'admin', trialEnded: false, subscriptionEnded: false } : {};
  return {
    name,
    role: options.userType,
    ended,
    inInstitute: Boolean(options.instituteId),
    headers: authHeader(main, claims),
    spareHeaders: authHeader(spare, claims),
    userId: user.id,
    remoteAddress: nextRemoteAddress(),
  };
}

beforeAll(async () => {
  ctx = await startTestApp();
  env.missingFileUrl = ctx.app.storage.signedUrl('matrix/missing.png');
  const endedInstitute = await caller('institute (subscription ended)', {
    userType: 'institute',
    plan: 'paid-ended',
  });
  endedInstitute.ended = true;
  const madeUp = {
    authorization: JSON.stringify({
      jwtToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
      userType: 'admin',
    }),
  };
  callers = [
    ...(await Promise.all(USER_TYPES.map((userType) => caller(userType, { userType })))),
    {
      name: 'anonymous',
      role: null,
      ended: false,
      headers: {},
      spareHeaders: {},
      userId: NO_SUCH_ID,
      remoteAddress: nextRemoteAddress(),
    },
    {
      name: 'made-up token',
      role: null,
      ended: false,
      headers: madeUp,
      spareHeaders: madeUp,
      userId: NO_SUCH_ID,
      remoteAddress: nextRemoteAddress(),
    },
    await caller('student claiming admin', { userType: 'student' }, false, true),
    await caller('teacher (trial ended)', { userType: 'teacher', plan: 'trial-ended' }, true),
    await caller('teacher (paid, ended)', { userType: 'teacher', plan: 'paid-ended' }, true),
    endedInstitute,
    await caller(
      'faculty of ended institute',
      { userType: 'teacher', instituteId: endedInstitute.userId },
      true,
    ),
  ];
});
afterAll(async () => ctx.close());

type Expected = 'allowed' | 401 | 403;
function expected(route: RouteCase, who: Caller): Expected {
  if (route.access === 'public') return 'allowed';
  if (!who.role) return 401;
  if (route.access !== 'any' && !route.access.includes(who.role)) return 403;
  if (who.ended && !route.allowWhenEnded) return 403;
  if (route.refusesInstituteTeachers && who.inInstitute) return 403;
  return 'allowed';
}

describe('the matrix covers every /api route', () => {
  it('lists exactly the routes the app has', () => {
    const actual = apiRoutes(ctx.app).map((route) => `${route.method} ${route.path}`);
    expect(actual.length).toBeGreaterThan(20);
    expect([...actual].sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });
});

describe.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
  '%s',
  (_name, route) => {
    it('lets in exactly the allowed callers', async () => {
      const mismatches: string[] = [];
      for (const who of callers) {
        const { headers, ...rest } = route.request(who, env);
        const response = await ctx.app.inject({
          method: route.method,
          remoteAddress: who.remoteAddress,
          ...rest,
          headers: headers ?? who.headers,
        });
        const want = expected(route, who);
        const got = response.statusCode;
        // HEAD answers and redirects (single sign-on's browser legs) carry no JSON body.
        const json = route.method !== 'HEAD' && String(response.headers['content-type']).includes('json');
        const code = json ? response.json().code : undefined;
        if (got >= 500) mismatches.push(`${who.name}: ${got} ${response.body}`);
        else if (want === 'allowed' && (got === 401 || got === 403))
          mismatches.push(`${who.name}: refused ${got}`);
        else if (want !== 'allowed' && got !== want)
          mismatches.push(`${who.name}: wanted ${want}, got ${got}`);
        else if (want === 401 && code !== undefined && code !== 'UNAUTHENTICATED')
          mismatches.push(`${who.name}: ${code}`);
        else if (want === 403 && code !== undefined && code !== 'FORBIDDEN')
          mismatches.push(`${who.name}: ${code}`);
      }
      expect(mismatches).toEqual([]);
    });
  },
);

/**
 * Today every teacher route stays open after a trial ends, so the "ended" rule is checked on a second app
 * built on the same database with probe routes added before `ready()`.
 */
describe('the ended-plan rule and fail-closed routes', () => {
  it('refuses an ended teacher where allowWhenEnded is not set and lets them in where it is', async () => {
    const probe = await buildApp({ config: ctx.config, database: ctx.database, jobs: inlineJobs() });
    const answer = async () => ({ ok: true });
    probe.get('/api/probe/teacher-only', { config: { access: ['teacher'] } }, answer);
    probe.get('/api/probe/any', { config: { access: 'any' } }, answer);
    probe.get('/api/probe/any-ended', { config: { access: 'any', allowWhenEnded: true } }, answer);
    probe.get('/api/probe/teacher-ended', { config: { access: ['teacher'], allowWhenEnded: true } }, answer);
    await probe.ready();
    try {
      const byName = (name: string) => callers.find((c) => c.name === name) as Caller;
      const cases: [string, string, number, string?][] = [
        ['teacher', '/api/probe/teacher-only', 200],
        ['teacher', '/api/probe/any', 200],
        ['teacher (trial ended)', '/api/probe/teacher-only', 403, ENDED_MESSAGE.trial.english],
        ['teacher (trial ended)', '/api/probe/any', 403, ENDED_MESSAGE.trial.english],
        ['teacher (paid, ended)', '/api/probe/any', 403, ENDED_MESSAGE.subscription.english],
        ['faculty of ended institute', '/api/probe/teacher-only', 403, ENDED_MESSAGE.subscription.english],
        ['institute (subscription ended)', '/api/probe/any', 403, ENDED_MESSAGE.subscription.english],
        ['teacher (trial ended)', '/api/probe/any-ended', 200],
        ['teacher (trial ended)', '/api/probe/teacher-ended', 200],
        ['faculty of ended institute', '/api/probe/any-ended', 200],
        ['student', '/api/probe/teacher-ended', 403],
        ['student claiming admin', '/api/probe/any', 200],
        ['anonymous', '/api/probe/any-ended', 401],
      ];
      for (const [name, url, status, message] of cases) {
        const response = await probe.inject({ method: 'GET', url, headers: byName(name).headers });
        expect(response.statusCode, `${name} ${url}`).toBe(status);
        if (message) expect(response.json()).toEqual({ code: 'FORBIDDEN', message });
      }
    } finally {
      await probe.close();
    }
  });

  it('refuses to start with an /api route that declares no access rule', async () => {
    const probe = await buildApp({ config: ctx.config, database: ctx.database, jobs: inlineJobs() });
    try {
      await expect(
        (async () => {
          probe.get('/api/probe/undeclared', async () => ({ ok: true }));
          await probe.ready();
        })(),
      ).rejects.toThrow(/declares no config.access/);
    } finally {
      await probe.close().catch(() => undefined);
    }
  });
});
