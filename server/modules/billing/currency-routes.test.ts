import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { NO_SOURCE_MESSAGE } from './currency-service';

/** A rates source on a local port: each path answers one way a real source might. */
const ANSWERS: Record<string, { status: number; body: string }> = {
  '/usd': {
    status: 200,
    body: JSON.stringify({ result: 'success', base_code: 'USD', rates: { USD: 1, INR: 84, EUR: 0.9 } }),
  },
  '/eur': { status: 200, body: JSON.stringify({ base: 'EUR', rates: { EUR: 1, USD: 1.25, INR: 100 } }) },
  '/down': { status: 502, body: 'Bad gateway' },
  '/not-json': { status: 200, body: '<html>oops</html>' },
  '/negative': { status: 200, body: JSON.stringify({ rates: { USD: 1, INR: -3 } }) },
  '/error': { status: 200, body: JSON.stringify({ result: 'error', 'error-type': 'invalid-key' }) },
};

let ctx: TestContext;
let source: Server;
let sourceUrl: string;
let admin: Record<string, string>;

beforeAll(async () => {
  source = createServer((request, response) => {
    const answer = ANSWERS[request.url ?? ''] ?? { status: 404, body: 'no' };
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  ctx = await startTestApp();
  admin = (await buildAndLogin(ctx.app, { userType: 'admin' })).headers;
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => source.close(resolve));
});

const publicRates = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/common/currency-rate' })).json() as Record<
    string,
    unknown
  >;
const put = (rates: unknown, headers = admin) =>
  ctx.app.inject({ method: 'PUT', url: '/api/admin/currency-rates', headers, payload: { rates } });
const refresh = (headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/currency-rates/refresh', headers });
const pointSourceAt = (path: string | undefined) => {
  ctx.config.currencyRatesUrl = path === undefined ? undefined : `${sourceUrl}${path}`;
};

describe('PUT /api/admin/currency-rates', () => {
  it('saves new rates that GET /api/common/currency-rate serves, with source and time for the admin', async () => {
    const response = await put({ USD: 1, INR: 83.5, GBP: 0.79 });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({ USD: 1, INR: 83.5, GBP: 0.79 });
    expect(saved._id).toEqual(expect.any(String));
    expect(await publicRates()).toEqual(saved);
    const detail = await ctx.app.inject({ method: 'GET', url: '/api/admin/currency-rates', headers: admin });
    expect(detail.json()).toMatchObject({ id: saved._id, source: 'admin', rates: { INR: 83.5 } });
    expect(Date.parse(detail.json().updatedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses bad rates with a message naming the problem, and keeps the stored rates', async () => {
    const before = await publicRates();
    const tooMany = Object.fromEntries(
      Array.from({ length: 301 }, (_, i) => [
        String.fromCharCode(65 + (i % 26), 65 + Math.floor(i / 26), 65),
        1,
      ]),
    );
    const cases: [unknown, RegExp][] = [
      [{ USD: 1, inr: 83 }, /"inr" is not a currency code/],
      [{ USD: 1, INR: -2 }, /rate for INR must be a positive number/],
      [{ USD: 1, INR: 0 }, /rate for INR must be a positive number/],
      [{ USD: 1, INR: '83' }, /rate for INR must be a positive number/],
      [{ USD: 2, INR: 83 }, /USD must be 1/],
      [{ INR: 83 }, /USD must be 1/],
      [[1, 2], /must be an object/],
      [{ ...tooMany, USD: 1 }, /At most 300 currencies/],
    ];
    for (const [rates, message] of cases) {
      const response = await put(rates);
      expect(response.statusCode, JSON.stringify(rates).slice(0, 40)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(await publicRates()).toEqual(before);
  });

  it('is for admins only', async () => {
    const teacher = (await buildAndLogin(ctx.app, { userType: 'teacher' })).headers;
    expect((await put({ USD: 1 }, teacher)).statusCode).toBe(403);
    expect((await put({ USD: 1 }, {})).statusCode).toBe(401);
    expect((await refresh(teacher)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/currency-rates/refresh', () => {
  it('answers 409 when no source is set', async () => {
    pointSourceAt(undefined);
    const response = await refresh();
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(NO_SOURCE_MESSAGE.english);
  });

  it('stores the rates of a USD-based source, tagged with its host', async () => {
    pointSourceAt('/usd');
    const response = await refresh();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ USD: 1, INR: 84, EUR: 0.9 });
    expect(await publicRates()).toEqual(response.json());
    const detail = await ctx.app.inject({ method: 'GET', url: '/api/admin/currency-rates', headers: admin });
    expect(detail.json().source).toBe(new URL(sourceUrl).host);
  });

  it('rebases a source quoted in another currency to USD', async () => {
    pointSourceAt('/eur');
    const response = await refresh();
    expect(response.statusCode).toBe(200);
    const rates = response.json();
    expect(rates.USD).toBe(1);
    expect(rates.EUR).toBeCloseTo(0.8, 10);
    expect(rates.INR).toBeCloseTo(80, 10);
  });

  it('answers 503 with a clear message when the source fails, and keeps the stored rates', async () => {
    const before = await publicRates();
    const cases: [string, RegExp][] = [
      ['/down', /answered 502/],
      ['/not-json', /did not send JSON/],
      ['/negative', /rate for INR must be a positive number/],
      ['/error', /reported an error/],
    ];
    for (const [path, message] of cases) {
      pointSourceAt(path);
      const response = await refresh();
      expect(response.statusCode, path).toBe(503);
      expect(response.json().message).toMatch(message);
      expect(response.json().message).toMatch(/stored rates were kept/);
    }
    expect(await publicRates()).toEqual(before);
  });

  it('answers 503 when the source cannot be reached at all', async () => {
    ctx.config.currencyRatesUrl = 'http://127.0.0.1:1/rates';
    const response = await refresh();
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/could not be reached/);
  });
});
