import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../common/contracts/gurus';
import { GURU_MSG, INTEGRATIONS } from '../../../common/gurus';
import { integrationKeys, plans, subscriptions } from '../../db/schema/index';
import { buildAndLogin } from '../../test/factories';
import { type FakeDid, startFakeDid } from '../../test/fake-d-id';
import { type FakeElevenLabs, startFakeElevenLabs } from '../../test/fake-elevenlabs';
import { startTestApp, type TestContext } from '../../test/harness';
import { integrationKey } from './service';

let ctx: TestContext;
let did: FakeDid;
let elevenLabs: FakeElevenLabs;
const DID_KEY = 'ZGlkLWRlbW86c2VjcmV0LXZhbHVl9f3a';
const EL_KEY = 'sk_eleven_0123456789abcdef7c21';

beforeAll(async () => {
  [did, elevenLabs] = await Promise.all([startFakeDid(DID_KEY), startFakeElevenLabs(EL_KEY)]);
  ctx = await startTestApp({ ai: { elevenLabsApiBase: elevenLabs.url, didApiBase: did.url } });
});
afterAll(async () => {
  await ctx.close();
  await Promise.all([did.close(), elevenLabs.close()]);
});

/** An institute on the Pro plan, which includes Integrations (the first plan, the trial, does not). */
async function proInstitute() {
  const login = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'paid' });
  const pro = await ctx.app.db.query.plans.findFirst({
    where: and(eq(plans.audience, 'institute'), eq(plans.name, 'Pro')),
  });
  await ctx.app.db
    .update(subscriptions)
    .set({ planId: pro?.id })
    .where(eq(subscriptions.userId, login.user.id));
  return login;
}

const put = (headers: Record<string, string>, keyName: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: `/api/integrations/${keyName}`, headers, payload });
const list = async (headers: Record<string, string>) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/integrations', headers });
  expect(response.statusCode).toBe(200);
  return response.json().integrations as IntegrationView[];
};

describe('integrations', () => {
  it('lists both integrations with their descriptions before any key is saved', async () => {
    const { headers } = await proInstitute();
    expect(await list(headers)).toEqual([
      { keyName: 'didApiKey', ...INTEGRATIONS.didApiKey, maskedKey: null, note: '', checkedAt: null },
      {
        keyName: 'elevenLabsApiKey',
        ...INTEGRATIONS.elevenLabsApiKey,
        maskedKey: null,
        note: '',
        checkedAt: null,
      },
    ]);
  });

  it('saves a key the service accepts, encrypted, and only ever shows its mask', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'admin' });
    const saved = await put(headers, 'didApiKey', { value: `  ${DID_KEY} `, description: 'School account' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(DID_KEY);
    expect(saved.json()).toMatchObject({
      keyName: 'didApiKey',
      maskedKey: '••••••••9f3a',
      note: 'School account',
    });
    const listed = await list(headers);
    expect(JSON.stringify(listed)).not.toContain(DID_KEY);
    expect(listed[0].checkedAt).not.toBeNull();

    const rows = await ctx.app.db.select().from(integrationKeys).where(eq(integrationKeys.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(DID_KEY);
    expect(rows[0].lastFour).toBe('9f3a');
    expect(await integrationKey(ctx.app, user.id, 'didApiKey')).toBe(DID_KEY);
    expect(await integrationKey(ctx.app, user.id, 'elevenLabsApiKey')).toBeNull();
  });

  it('refuses a key the service rejects, and keeps the key saved before', async () => {
    const { user, headers } = await proInstitute();
    expect((await put(headers, 'elevenLabsApiKey', { value: EL_KEY })).statusCode).toBe(200);
    const refused = await put(headers, 'elevenLabsApiKey', {
      value: 'sk_not_a_real_key_4444',
      description: 'x',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', message: GURU_MSG.keyCheckFailed });
    expect(await integrationKey(ctx.app, user.id, 'elevenLabsApiKey')).toBe(EL_KEY);
    expect((await list(headers))[1]).toMatchObject({ maskedKey: '••••••••7c21', note: '' });
    const refusedDid = await put(headers, 'didApiKey', { value: 'wrong-did-key-1234' });
    expect(refusedDid.statusCode).toBe(400);
    expect(await integrationKey(ctx.app, user.id, 'didApiKey')).toBeNull();
  });

  it('replaces and removes a key; other users never see it', async () => {
    const owner = await proInstitute();
    const other = await buildAndLogin(ctx.app, { userType: 'admin' });
    expect((await put(owner.headers, 'didApiKey', { value: DID_KEY, description: 'first' })).statusCode).toBe(
      200,
    );
    const replaced = await put(owner.headers, 'didApiKey', { value: DID_KEY, description: 'second' });
    expect(replaced.json().note).toBe('second');
    expect((await list(other.headers))[0].maskedKey).toBeNull();
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/integrations/didApiKey',
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await list(owner.headers))[0].maskedKey).toBeNull();
    expect(await integrationKey(ctx.app, owner.user.id, 'didApiKey')).toBeNull();
  });

  it('needs the Integrations module to add a key, but a plan without it can still see and remove keys', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const refused = await put(headers, 'didApiKey', { value: DID_KEY });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your plan does not include Integrations.');
    expect((await list(headers)).map((row) => row.maskedKey)).toEqual([null, null]);
    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/integrations/didApiKey', headers });
    expect(removed.statusCode).toBe(204);
  });

  it('validates the key name and the value', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'admin' });
    expect((await put(headers, 'openAiKey', { value: DID_KEY })).statusCode).toBe(400);
    expect((await put(headers, 'didApiKey', { value: '   ' })).statusCode).toBe(400);
    expect((await put(headers, 'didApiKey', { value: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(did.remaining).toBe(20);
  });
});
