import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import hiHealth from '../../i18n/hi/health.json';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ metricsToken: 'metrics-secret-for-hindi' });
});
afterAll(async () => ctx.close());

describe('the metrics refusal, in the caller’s language (decision 070)', () => {
  it('answers Accept-Language: hi in Hindi and an English caller word for word', async () => {
    const inHindi = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer wrong', 'accept-language': 'hi' },
    });
    expect(inHindi.statusCode).toBe(401);
    expect(inHindi.json()).toEqual({ code: 'UNAUTHORIZED', message: hiHealth['server.health.unauthorized'] });
    const inEnglish = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer wrong' },
    });
    expect(inEnglish.statusCode).toBe(401);
    expect(inEnglish.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });
});
