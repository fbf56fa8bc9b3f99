import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import hiAuth from '../../i18n/hi/auth.json';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const impersonate = (headers: Headers, payload: { userId: string }) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/impersonate', payload, headers });

describe('impersonation refused in the caller’s language (decision 070)', () => {
  it('answers a Hindi admin in Hindi and an English one word for word', async () => {
    const hindi = await buildAndLogin(ctx.app, { userType: 'admin' });
    const english = await buildAndLogin(ctx.app, { userType: 'admin' });
    await chooseLocale(ctx.app, hindi.headers, 'hi');

    const unknown = randomUUID();
    const inHindi = await impersonate(hindi.headers, { userId: unknown });
    expect(inHindi.statusCode).toBe(404);
    expect(inHindi.json().message).toBe(hiAuth['server.auth.userNotFound']);
    const inEnglish = await impersonate(english.headers, { userId: unknown });
    expect(inEnglish.statusCode).toBe(404);
    expect(inEnglish.json().message).toBe('User not found');

    // An admin is never impersonated: the refusal, in each language.
    const refusedHindi = await impersonate(hindi.headers, { userId: english.user.id });
    expect(refusedHindi.statusCode).toBe(403);
    expect(refusedHindi.json().message).toBe(hiAuth['server.auth.cannotImpersonate']);
    const refusedEnglish = await impersonate(english.headers, { userId: hindi.user.id });
    expect(refusedEnglish.json().message).toBe('You cannot log in as this user');
  });
});
