import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import hiCommon from '../../i18n/hi/common.json';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

describe('a file that is not there, in the caller’s language (decision 070)', () => {
  it('answers a Hindi account in Hindi and an English one word for word', async () => {
    const hindi = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const english = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await chooseLocale(ctx.app, hindi.headers, 'hi');
    const url = `/api/common/presigned-data?path=${encodeURIComponent('uploads/nobody/missing.pdf')}`;

    const inHindi = await ctx.app.inject({ method: 'GET', url, headers: hindi.headers });
    expect(inHindi.statusCode).toBe(404);
    expect(inHindi.json().message).toBe(hiCommon['server.common.fileNotFound']);
    const inEnglish = await ctx.app.inject({ method: 'GET', url, headers: english.headers });
    expect(inEnglish.statusCode).toBe(404);
    expect(inEnglish.json().message).toBe('File not found');
  });
});
