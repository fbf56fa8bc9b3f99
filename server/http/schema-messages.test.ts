import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import moduleHi from '../../common/i18n/module-messages/hi.json';
import { buildAndLogin, chooseLocale, nextRemoteAddress } from '../test/factories';
import { planPayload } from '../test/fixtures/plans';
import { startTestApp, type TestContext } from '../test/harness';

// Decision 070: a schema's message — a shared contract's (core or a module's constant, plain or filled with values)
// or a server route's own — is answered in the caller's language, and word for word in English.

let ctx: TestContext;
let english: Record<string, string>;
let hindi: Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp();
  english = (await buildAndLogin(ctx.app, { userType: 'admin' })).headers;
  hindi = (await buildAndLogin(ctx.app, { userType: 'admin' })).headers;
  await chooseLocale(ctx.app, hindi, 'hi');
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, payload, remoteAddress: nextRemoteAddress() });

describe("schemas' messages in the caller's language", () => {
  it('fills a module template with its values: a logs query and a plan with two monthly INR prices', async () => {
    const limit = await call('GET', '/api/logs/requests?limit=500', hindi);
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toBe(moduleHi['logsMsg.pageSizeMax'].replace('{max}', '200'));
    const search = await call('GET', `/api/logs/app?q=${'x'.repeat(201)}`, hindi);
    expect(search.json().message).toBe('q में अधिकतम 200 अक्षर हो सकते हैं');
    expect((await call('GET', '/api/logs/requests?limit=500', english)).json().message).toBe(
      'The page size must be at most 200',
    );

    const prices = [
      { currency: 'INR', period: 'monthly', amount: 1 },
      { currency: 'INR', period: 'monthly', amount: 2 },
    ];
    const twice = await call('POST', '/api/admin/plans', hindi, planPayload({ prices }));
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('INR में monthly कीमत पहले से है');
    const inEnglish = await call('POST', '/api/admin/plans', english, planPayload({ prices }));
    expect(inEnglish.body).toContain('There is already a monthly price in INR');
  });

  it("reads the core's length template back for any number, in a field message", async () => {
    const named = await call('POST', '/api/admin/plans', hindi, planPayload({ name: 'x'.repeat(300) }));
    expect(named.statusCode).toBe(400);
    expect(named.json().fields.name).toMatch(/^कृपया अधिकतम \d+ अक्षर लिखें$/);
  });

  it("answers a server route's own schema text in Hindi (a watched position below zero)", async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    await chooseLocale(ctx.app, student.headers, 'hi');
    const video = '00000000-0000-4000-8000-000000000000';
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/learning/videos/${video}/progress`,
      headers: student.headers,
      payload: { positionSeconds: -1, watchedRanges: [] },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain('स्थान ऋणात्मक नहीं हो सकता');
  });
});
