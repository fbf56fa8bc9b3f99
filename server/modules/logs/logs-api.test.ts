import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AppLogList,
  ErrorGroupDetail,
  ErrorGroupList,
  JobFailureList,
  LogStoreStatus,
  RequestLogDetail,
  RequestLogList,
} from '../../../common/contracts/logs';
import { AUTH_MSG } from '../../../common/messages';
import { requestLogs } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { buildAndLogin, buildUser, login, nextRemoteAddress, TEST_PASSWORD } from '../../test/factories';
import { buildLoggingApp, startTestApp, type TestContext } from '../../test/harness';
import { LOGS_ROUTES } from '../../test/route-cases/logs';

let ctx: TestContext;
/** The app under test: the harness's database with probe routes (a bug, a secret-carrying log line). */
let app: App;
let admin: Record<string, string>;
let adminId: string;

beforeAll(async () => {
  ctx = await startTestApp({ logStore: { enabled: false, retentionDays: 14 } });
  // LOG_LEVEL info: info lines are copied too (stdout goes to a sink here).
  app = await buildLoggingApp(ctx);
  app.get('/api/probe/boom/:n', { config: { access: 'any' } }, async (request) => {
    throw new Error(`Lesson ${(request.params as { n: string }).n} could not be rendered`);
  });
  app.get('/api/probe/unavailable', { config: { access: 'public' } }, async () => {
    throw new AppError('UNAVAILABLE', 'The probe provider did not answer');
  });
  app.post('/api/probe/chatty', { config: { access: 'public' } }, async (request) => {
    request.log.warn(
      {
        password: 'PROBE-PASSWORD',
        settings: { elevenLabsApiKey: 'PROBE-KEY' },
        url: '/x?token=PROBE-TOKEN',
      },
      'saving settings with apiKey=PROBE-INLINE-KEY',
    );
    return { ok: true };
  });
  await app.ready();
  const built = await buildAndLogin(app, { userType: 'admin' });
  admin = built.headers;
  adminId = built.user.id;
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const get = <T>(url: string, headers = admin) =>
  app
    .inject({ method: 'GET', url, headers })
    .then((answer) => ({ status: answer.statusCode, body: answer.json<T>() }));
/** Rows reach PostgreSQL about a second after the answer: tests wait for the writer. */
const flushed = () => app.inject({ method: 'GET', url: '/api/health' }).then(() => waitForWriter());
async function waitForWriter() {
  const status = await get<LogStoreStatus>('/api/logs/status');
  if (status.body.queued > 0) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    return waitForWriter();
  }
  // One more tick: a write may be in flight with the queue already empty.
  await new Promise((resolve) => setTimeout(resolve, 1200));
}

describe('request logs', () => {
  it('stores a real login and a request carrying a token, never their secrets', async () => {
    const student = await buildUser(app, { userType: 'student' });
    const session = await login(app, student.email);
    const withToken = await app.inject({
      method: 'GET',
      url: '/api/files/users/x/secret.png?expires=1&signature=SIGNATURE-VALUE-123&token=QUERY-TOKEN-456',
      headers: { authorization: `Bearer ${session.jwtToken}`, cookie: 'sid=COOKIE-VALUE-789' },
    });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password?token=QUERY-TOKEN-000',
      remoteAddress: nextRemoteAddress(),
      payload: { token: 'BODY-TOKEN-789', password: 'NewPassw0rd', confirmPassword: 'NewPassw0rd' },
    });
    const chatty = await app.inject({ method: 'POST', url: '/api/probe/chatty', payload: {} });
    expect(chatty.statusCode).toBe(200);
    // Tokens that are path segments: an invitation link (sign-up inside an institute) and a course share link.
    const invitation = await app.inject({ method: 'GET', url: '/api/invitations/PATH-TOKEN-111' });
    await app.inject({
      method: 'POST',
      url: '/api/learning/share/PATH-TOKEN-222',
      headers: { authorization: `Bearer ${session.jwtToken}` },
    });
    await app.inject({ method: 'GET', url: `/api/auth/me?jwt=${session.jwtToken}&pwd=PWD-VALUE-333` });
    await flushed();
    const invitationRow = (
      await get<RequestLogList>(`/api/logs/requests?requestId=${invitation.headers['x-request-id']}`)
    ).body.requests[0];
    expect(invitationRow).toMatchObject({
      route: '/api/invitations/:token',
      path: '/api/invitations/[redacted]',
    });

    const mine = await get<RequestLogList>(`/api/logs/requests?user=${student.id}`);
    expect(mine.status).toBe(200);
    const row = mine.body.requests.find((r) => r.requestId === withToken.headers['x-request-id']);
    expect(row).toMatchObject({
      method: 'GET',
      route: '/api/files/*',
      status: withToken.statusCode,
      user: { id: student.id, email: student.email },
      path: '/api/files/users/x/secret.png?expires=1&signature=[redacted]&token=[redacted]',
    });
    expect(row?.durationMs).toBeGreaterThan(0);
    expect(row?.clientAddress).toBeTruthy();
    const resetRow = (
      await get<RequestLogList>(`/api/logs/requests?requestId=${reset.headers['x-request-id']}`)
    ).body;
    expect(resetRow.requests[0]).toMatchObject({
      route: '/api/auth/reset-password',
      path: '/api/auth/reset-password?token=[redacted]',
    });

    const chattyLogs = (await get<AppLogList>(`/api/logs/app?requestId=${chatty.headers['x-request-id']}`))
      .body.logs;
    expect(chattyLogs).toHaveLength(1);
    expect(chattyLogs[0]).toMatchObject({ level: 'warn', message: 'saving settings with apiKey=[redacted]' });

    // Nothing secret anywhere in the three tables, whatever column it might have slipped into.
    const { rows } = await ctx.database.pool.query(
      `select (select coalesce(string_agg(t::text, ' '), '') from request_logs t) ||
              (select coalesce(string_agg(t::text, ' '), '') from app_logs t) ||
              (select coalesce(string_agg(t::text, ' '), '') from error_groups t) as everything`,
    );
    const everything = rows[0].everything as string;
    expect(everything).toContain('/api/auth/login');
    const secrets = [
      'SIGNATURE-VALUE-123',
      'QUERY-TOKEN-456',
      'QUERY-TOKEN-000',
      'BODY-TOKEN-789',
      'COOKIE-VALUE-789',
      'NewPassw0rd',
      TEST_PASSWORD,
      session.jwtToken,
      'PROBE-PASSWORD',
      'PROBE-KEY',
      'PROBE-TOKEN',
      'PROBE-INLINE-KEY',
      'PATH-TOKEN-111',
      'PATH-TOKEN-222',
      'PWD-VALUE-333',
    ];
    for (const secret of secrets) expect(everything, secret).not.toContain(secret);
  });

  it('filters by status class, route, user (id, e-mail or name), request id, path, time, and pages', async () => {
    const tag = randomUUID().slice(0, 8);
    const { user } = await buildAndLogin(app, { userType: 'teacher', fullName: `Filter Person ${tag}` });
    const hour = 3600 * 1000;
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour);
    const base = { method: 'GET', path: `/api/filtered/${tag}`, durationMs: 3, clientAddress: '10.0.0.1' };
    const ids: string[] = Array.from({ length: 5 }, () => randomUUID());
    await app.db.insert(requestLogs).values([
      { ...base, at: at(5), route: '/api/filtered/:x', status: 200, userId: user.id, requestId: ids[0] },
      { ...base, at: at(4), route: '/api/filtered/:x', status: 404, userId: user.id, requestId: ids[1] },
      { ...base, at: at(3), route: '/api/other/:y', status: 500, userId: null, requestId: ids[2] },
      { ...base, at: at(2), route: '/api/filtered/:x', status: 201, userId: user.id, requestId: ids[3] },
      { ...base, at: at(1), route: null, status: 404, userId: null, requestId: ids[4] },
    ]);
    const ask = async (query: string) =>
      (await get<RequestLogList>(`/api/logs/requests?q=${tag}&${query}`)).body.requests.map((r) =>
        ids.indexOf(r.requestId),
      );
    expect(await ask('')).toEqual([4, 3, 2, 1, 0]);
    expect(await ask('status=2xx')).toEqual([3, 0]);
    expect(await ask('status=4xx')).toEqual([4, 1]);
    expect(await ask('status=5xx')).toEqual([2]);
    expect(await ask(`route=${encodeURIComponent('/api/filtered/:x')}`)).toEqual([3, 1, 0]);
    expect(await ask(`user=${user.id}`)).toEqual([3, 1, 0]);
    expect(await ask(`user=${encodeURIComponent(user.email.slice(0, 12))}`)).toEqual([3, 1, 0]);
    expect(await ask(`user=${encodeURIComponent(`person ${tag}`)}`)).toEqual([3, 1, 0]);
    expect(await ask(`requestId=${ids[2]}`)).toEqual([2]);
    expect(await ask(`from=${at(3.5).toISOString()}&to=${at(1.5).toISOString()}`)).toEqual([3, 2]);
    const first = (await get<RequestLogList>(`/api/logs/requests?q=${tag}&limit=2`)).body;
    expect(first.requests).toHaveLength(2);
    expect(first.nextBefore).toBe(first.requests[1].id);
    const second = (
      await get<RequestLogList>(`/api/logs/requests?q=${tag}&limit=2&before=${first.nextBefore}`)
    ).body;
    expect(second.requests.map((r) => ids.indexOf(r.requestId))).toEqual([2, 1]);
    const last = (
      await get<RequestLogList>(`/api/logs/requests?q=${tag}&limit=2&before=${second.nextBefore}`)
    ).body;
    expect(last).toMatchObject({ nextBefore: null });
    expect(last.requests.map((r) => ids.indexOf(r.requestId))).toEqual([0]);
  });

  it('does not store its own readers, successful health checks, nor the app shell’s polling', async () => {
    const status = await app.inject({ method: 'GET', url: '/api/logs/status', headers: admin });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    const unread = await app.inject({ method: 'GET', url: '/api/support/unread', headers: admin });
    expect(unread.statusCode).toBe(200);
    const refused = await app.inject({ method: 'GET', url: '/api/logs/requests?status=9xx', headers: admin });
    await flushed();
    const stored = await app.db
      .select({ requestId: requestLogs.requestId })
      .from(requestLogs)
      .where(
        sql`${requestLogs.requestId} in ${[status, health, unread, refused].map((a) => String(a.headers['x-request-id']))}`,
      );
    expect(stored.map((row) => row.requestId)).toEqual([refused.headers['x-request-id']]);
  });

  it('answers bad filters with a 400 that says what is wrong', async () => {
    const cases: [string, string][] = [
      ['/api/logs/requests?status=6xx', 'status must be 2xx, 3xx, 4xx or 5xx'],
      ['/api/logs/requests?from=yesterday', 'from must be a date and time (ISO 8601)'],
      [
        '/api/logs/requests?from=2026-02-02T00:00:00Z&to=2026-01-01T00:00:00Z',
        'The start of the time range must be before its end',
      ],
      ['/api/logs/requests?limit=0', 'The page size must be at least 1'],
      ['/api/logs/requests?before=-3', 'before must be a row id'],
      [`/api/logs/requests?q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
      ['/api/logs/app?level=verbose', 'level must be info, warn, error or fatal'],
      ['/api/logs/errors/not-a-fingerprint', 'An error group is named by 40 hex characters'],
      ['/api/logs/jobs?state=done', 'state must be failed or retry'],
    ];
    for (const [url, message] of cases) {
      const answer = await get<{ code: string; message: string }>(url);
      expect(answer, url).toMatchObject({ status: 400, body: { code: 'VALIDATION', message } });
    }
    const missing = await get<{ message: string }>(`/api/logs/requests/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/No request with this id/);
    expect((await get(`/api/logs/errors/${'f'.repeat(40)}`)).status).toBe(404);
  });
});

describe('errors grouped with their requests', () => {
  it('a 500 lands in its group, found from the request id its answer carried', async () => {
    const student = await buildAndLogin(app, { userType: 'student' });
    const answers = [];
    for (const n of [7, 8, 9]) {
      answers.push(
        await app.inject({ method: 'GET', url: `/api/probe/boom/${n}`, headers: student.headers }),
      );
    }
    expect(answers.map((a) => a.statusCode)).toEqual([500, 500, 500]);
    expect(answers[0].json()).toEqual({ code: 'INTERNAL', message: 'Internal Server Error' });
    await flushed();

    const requestId = String(answers[2].headers['x-request-id']);
    const detail = await get<RequestLogDetail>(`/api/logs/requests/${requestId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.request).toMatchObject({
      status: 500,
      route: '/api/probe/boom/:n',
      user: { id: student.user.id },
    });
    expect(detail.body.logs.map((log) => [log.level, log.message])).toContainEqual([
      'error',
      'unhandled error',
    ]);
    expect(detail.body.errorGroup).toMatchObject({ name: 'Error', count: 3, latestRequestId: requestId });
    expect(detail.body.errorGroup?.message).toBe('Lesson 9 could not be rendered');
    expect(detail.body.errorGroup?.topFrame).toMatch(/^.*server\/modules\/logs\/logs-api\.test\.ts\)?$/);

    const fingerprint = detail.body.request.errorFingerprint as string;
    const group = await get<ErrorGroupDetail>(`/api/logs/errors/${fingerprint}`);
    expect(group.body.group.latestStack).toContain('Error: Lesson 9 could not be rendered');
    expect(group.body.group.latestStack).toMatch(/\n\s+at /);
    expect(group.body.latestRequest?.requestId).toBe(requestId);
    expect(group.body.requests.map((r) => r.requestId)).toEqual(
      answers.map((a) => a.headers['x-request-id']).reverse(),
    );

    const list = await get<ErrorGroupList>('/api/logs/errors?q=could%20not%20be%20rendered');
    expect(list.body.groups.map((g) => g.fingerprint)).toEqual([fingerprint]);
    expect(list.body.total).toBe(1);
    const fiveHundreds = await get<RequestLogList>('/api/logs/requests?status=5xx&route=/api/probe/boom/:n');
    expect(fiveHundreds.body.requests.every((r) => r.errorFingerprint === fingerprint)).toBe(true);
  });

  it('a 5xx the server chose to answer (a provider down) is grouped too', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/probe/unavailable' });
    expect(answer.statusCode).toBe(503);
    await flushed();
    const detail = await get<RequestLogDetail>(`/api/logs/requests/${answer.headers['x-request-id']}`);
    expect(detail.body.errorGroup).toMatchObject({
      name: 'AppError',
      message: 'The probe provider did not answer',
    });
  });

  it('lists error-level log lines by level', async () => {
    const errors = await get<AppLogList>('/api/logs/app?level=error&q=unhandled');
    expect(errors.body.logs.length).toBeGreaterThanOrEqual(3);
    expect(errors.body.logs.every((log) => log.level === 'error' || log.level === 'fatal')).toBe(true);
  });
});

describe('failed jobs', () => {
  it('are listed with their queue, state, retries, error and a payload without secrets', async () => {
    app.jobs.work('probe-failing', async (data: { courseId: string }) => {
      throw new Error(`Render of ${data.courseId} failed`);
    });
    await app.jobs.send('probe-failing', {
      courseId: 'c-42',
      apiKey: 'JOB-API-KEY',
      owner: { password: 'JOB-PW' },
    });
    const answer = await get<JobFailureList>('/api/logs/jobs?name=probe-failing');
    expect(answer.body).toMatchObject({ mode: 'inline', total: 1 });
    const [failure] = answer.body.failures;
    expect(failure).toMatchObject({
      name: 'probe-failing',
      state: 'failed',
      retryCount: 0,
      error: { message: 'Render of c-42 failed' },
    });
    expect(failure.payload).toBe(
      '{"courseId":"c-42","apiKey":"[redacted]","owner":{"password":"[redacted]"}}',
    );
    expect(failure.error.stack).toMatch(/\n\s+at /);
  });
});

describe('who reads the logs', () => {
  it('admins and granted developers; partners, teachers, students and waiting developers are refused', async () => {
    const { headers: granted } = await buildAndLogin(app, { userType: 'developer' });
    const { headers: waiting } = await buildAndLogin(app, {
      userType: 'developer',
      developerAccess: 'pending',
    });
    const refused = await Promise.all(
      (['partner', 'teacher', 'student', 'institute'] as const).map(
        async (userType) => (await buildAndLogin(app, { userType })).headers,
      ),
    );
    const requestId = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: granted })).headers[
      'x-request-id'
    ];
    await flushed();
    for (const route of LOGS_ROUTES) {
      const { url } = route.request({} as never, { missingFileUrl: '' });
      const call = (headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
      for (const headers of [admin, granted]) {
        expect([200, 404], `${url} allowed`).toContain((await call(headers)).statusCode);
      }
      const pending = await call(waiting);
      expect(pending.statusCode, `${url} waiting developer`).toBe(403);
      expect(pending.json()).toMatchObject({ code: 'FORBIDDEN', message: AUTH_MSG.developerAccessPending });
      for (const headers of refused) expect((await call(headers)).statusCode, url).toBe(403);
      expect((await call({})).statusCode).toBe(401);
    }
    // What a granted developer reads is the same as the admin's.
    const asDeveloper = await get<RequestLogDetail>(`/api/logs/requests/${requestId}`, granted);
    expect(asDeveloper.status).toBe(200);
    expect(adminId).toBeTruthy();
  });
});
