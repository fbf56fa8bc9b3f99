import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndLogin } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';

let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp();
  ({ headers: admin } = await buildAndLogin(ctx.app, { userType: 'admin' }));
});
afterAll(async () => ctx.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('x-request-id', () => {
  it('is on every answer: success, refusal, bad input, unknown route, pages and files', async () => {
    const answers = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/health' }),
      ctx.app.inject({ method: 'GET', url: '/api/auth/me' }),
      ctx.app.inject({ method: 'GET', url: '/api/logs/requests?status=6xx', headers: admin }),
      ctx.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{"broken',
        headers: { 'content-type': 'application/json' },
      }),
      ctx.app.inject({ method: 'GET', url: '/login' }),
      ctx.app.inject({ method: 'GET', url: '/assets/missing.js' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200,
      401,
      400,
      404,
      400,
      expect.any(Number),
      expect.any(Number),
    ]);
    const ids = answers.map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is ours: a client cannot choose it', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'chosen-by-client', 'request-id': 'chosen-by-client' },
    });
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });
});
