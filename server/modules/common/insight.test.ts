import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTestApp, type TestContext } from '../../test/harness';

// SPEC §7's page-view insight: the server names the service and the production origin; the browser decides
// (web/app/page-views.ts) and the journey e2e/page-views.spec.ts proves the beacons with a local receiver.
let withInsight: TestContext;
let without: TestContext;

beforeAll(async () => {
  withInsight = await startTestApp({
    publicUrl: 'https://learn.example.org',
    insight: { url: 'https://insight.example.net/collect', project: 'gurukul-school' },
  });
  without = await startTestApp();
});
afterAll(async () => {
  await withInsight.close();
  await without.close();
});

describe('page-view insight settings', () => {
  it('names the service, the project and the production origin, and lets the page reach the service', async () => {
    const answer = await withInsight.app.inject({ method: 'GET', url: '/api/common/insight' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      insight: {
        url: 'https://insight.example.net/collect',
        project: 'gurukul-school',
        productionOrigin: 'https://learn.example.org',
      },
      testPayments: false,
    });
    const page = await withInsight.app.inject({ method: 'GET', url: '/' });
    const connect = /connect-src ([^;]+)/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(connect?.split(' ')).toContain('https://insight.example.net');
  });

  it('is null when not configured, and the policy names no insight service', async () => {
    const answer = await without.app.inject({ method: 'GET', url: '/api/common/insight' });
    expect(answer.json()).toEqual({ insight: null, testPayments: false });
    const page = await without.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).not.toContain('insight');
  });

  it('needs both settings, and refuses an address that is not http(s)', () => {
    const base = { DATA_DIR: withInsight.config.dataDir, JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...base, INSIGHT_URL: 'https://insight.example.net/c' }).insight).toBeUndefined();
    expect(
      loadConfig({ ...base, INSIGHT_URL: 'https://insight.example.net/c', INSIGHT_PROJECT: 'p' }).insight,
    ).toEqual({ url: 'https://insight.example.net/c', project: 'p' });
    expect(() =>
      loadConfig({ ...base, INSIGHT_URL: 'ftp://insight.example.net/', INSIGHT_PROJECT: 'p' }),
    ).toThrow(/INSIGHT_URL/);
  });
});
