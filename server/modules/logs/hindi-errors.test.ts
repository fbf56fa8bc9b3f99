import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import hiLogs from '../../i18n/hi/logs.json';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

describe('what the logs do not hold, in the reader’s language (decision 070)', () => {
  it('answers a Hindi admin in Hindi and an English one word for word', async () => {
    const hindi = await buildAndLogin(ctx.app, { userType: 'admin' });
    const english = await buildAndLogin(ctx.app, { userType: 'admin' });
    await chooseLocale(ctx.app, hindi.headers, 'hi');
    const get = (url: string, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url, headers });

    const request = '/api/logs/requests/no-such-request';
    expect((await get(request, hindi.headers)).json().message).toBe(hiLogs['server.logs.requestNotFound']);
    const english404 = await get(request, english.headers);
    expect(english404.statusCode).toBe(404);
    expect(english404.json().message).toBe(
      'No request with this id is in the logs (yet): check the id, or try again',
    );

    const group = `/api/logs/errors/${'a'.repeat(40)}`;
    expect((await get(group, hindi.headers)).json().message).toBe(hiLogs['server.logs.errorGroupNotFound']);
    expect((await get(group, english.headers)).json().message).toBe(
      'This error group is not in the logs (it may have been pruned)',
    );
  });
});
