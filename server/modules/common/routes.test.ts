import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../../common/roles';
import { countryCodeForTimeZone } from '../../../common/time-zones';
import { courses, currencyRates, storedFiles } from '../../db/schema/index';
import { buildAndLogin, buildUser } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('GET /api/common/currency-rate', () => {
  it('returns numeric rates keyed by currency code and the row id as _id', async () => {
    const response = await get('/api/common/currency-rate');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { _id, ...rates } = response.json() as Record<string, unknown>;
    const [row] = await ctx.app.db.select().from(currencyRates);
    expect(_id).toBe(row.id);
    expect(Object.keys(rates).length).toBeGreaterThanOrEqual(30);
    for (const [code, rate] of Object.entries(rates)) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(typeof rate).toBe('number');
      expect(rate).toBeGreaterThan(0);
    }
    expect(rates).toMatchObject({ USD: 1, INR: expect.any(Number), EUR: expect.any(Number) });
  });

  it('answers with the newest stored rates', async () => {
    const [newer] = await ctx.app.db
      .insert(currencyRates)
      .values({ rates: { USD: 1, INR: 90.5 }, source: 'test', updatedAt: new Date(Date.now() + 60_000) })
      .returning();
    const body = (await get('/api/common/currency-rate')).json();
    expect(body).toEqual({ USD: 1, INR: 90.5, _id: newer.id });
  });
});

describe('GET /api/common/system-country-info', () => {
  const info = (timeZone?: string) =>
    get(
      `/api/common/system-country-info${timeZone === undefined ? '' : `?timeZone=${encodeURIComponent(timeZone)}`}`,
    );

  it.each([
    ['Asia/Kolkata', { code: 'IN', currency: 'INR', symbol: '₹', name: 'India' }],
    ['Asia/Calcutta', { code: 'IN', currency: 'INR', symbol: '₹' }],
    ['America/New_York', { code: 'US', currency: 'USD', symbol: '$' }],
    ['Europe/Berlin', { code: 'DE', currency: 'EUR', symbol: '€' }],
    ['Europe/London', { code: 'GB', currency: 'GBP', symbol: '£' }],
  ])('knows %s', async (timeZone, expected) => {
    const response = await info(timeZone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...expected, isFallback: false });
  });

  it.each([
    ['an unknown zone', 'Mars/Olympus_Mons'],
    ['UTC', 'UTC'],
    ['an empty zone', ''],
    ['no zone', undefined],
    ['a prototype key', '__proto__'],
  ])('falls back to India for %s', async (_label, timeZone) => {
    const response = await info(timeZone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'India',
      code: 'IN',
      currency: 'INR',
      symbol: '₹',
      isFallback: true,
    });
  });

  it('refuses an over-long zone with 400', async () => {
    expect((await info('x'.repeat(65))).statusCode).toBe(400);
  });

  it('answers every browser time zone that has a country without falling back', async () => {
    const zones = Intl.supportedValuesOf('timeZone').filter((zone) => countryCodeForTimeZone(zone));
    expect(zones.length).toBeGreaterThan(300);
    const failures: string[] = [];
    for (const zone of zones) {
      const response = await info(zone);
      const body = response.json();
      if (
        response.statusCode !== 200 ||
        body.isFallback !== false ||
        body.code !== countryCodeForTimeZone(zone)
      ) {
        failures.push(`${zone}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('GET /api/common/countries', () => {
  it('lists at least 240 complete countries', async () => {
    const response = await get('/api/common/countries');
    expect(response.statusCode).toBe(200);
    const { countries } = response.json() as { countries: Record<string, unknown>[] };
    expect(countries.length).toBeGreaterThanOrEqual(240);
    for (const country of countries) {
      expect(country).toEqual({
        code: expect.stringMatching(/^[A-Z]{2}$/),
        name: expect.any(String),
        currency: expect.stringMatching(/^[A-Z]{3}$/),
        symbol: expect.any(String),
      });
    }
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
  });

  it.each(['DE', 'jp', ' in'])('puts the requested country %j first without duplicating it', async (code) => {
    const all = (await get('/api/common/countries')).json().countries as { code: string }[];
    const response = await get(`/api/common/countries?countryCode=${encodeURIComponent(code)}`);
    const { countries } = response.json() as { countries: { code: string }[] };
    expect(countries[0].code).toBe(code.trim().toUpperCase());
    expect(countries).toHaveLength(all.length);
    expect(countries.filter((c) => c.code === countries[0].code)).toHaveLength(1);
  });

  it('keeps the usual order for an unknown code and refuses an over-long one', async () => {
    const all = (await get('/api/common/countries')).json();
    expect((await get('/api/common/countries?countryCode=ZZ')).json()).toEqual(all);
    expect((await get('/api/common/countries?countryCode=ABCD')).statusCode).toBe(400);
  });
});

describe('GET /api/common/presigned-data', () => {
  async function storedFile(ownerId: string, visibility: 'private' | 'shared') {
    const path = `users/${ownerId}/${randomUUID()}.png`;
    await ctx.app.storage.put(path, Buffer.from('x'), 'image/png');
    await ctx.app.db
      .insert(storedFiles)
      .values({ path, ownerId, contentType: 'image/png', category: 'IMAGE', sizeBytes: 1, visibility });
    return path;
  }
  const presigned = (path: string, headers: Record<string, string>) =>
    get(`/api/common/presigned-data?path=${encodeURIComponent(path)}`, headers);

  it('gives the owner and admins a signed URL and refuses others', async () => {
    const owner = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const stranger = await buildAndLogin(ctx.app, { userType: 'student' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const path = await storedFile(owner.user.id, 'private');
    for (const viewer of [owner, admin]) {
      const response = await presigned(path, viewer.headers);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatch(new RegExp(`^/api/files/${path}\\?expires=\\d+&signature=[\\w-]+$`));
      expect((await get(data)).statusCode).toBe(200);
    }
    const refused = await presigned(path, stranger.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });

  it('shares a shared file within the institute only', async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const faculty = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const outsider = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const shared = await storedFile(faculty.user.id, 'shared');
    const private_ = await storedFile(faculty.user.id, 'private');
    expect((await presigned(shared, institute.headers)).statusCode).toBe(200);
    expect((await presigned(shared, outsider.headers)).statusCode).toBe(403);
    expect((await presigned(private_, institute.headers)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown path, 400 without one and 401 without a login', async () => {
    const owner = await buildAndLogin(ctx.app, { userType: 'student' });
    const unknown = await presigned('users/nobody/none.png', owner.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await get('/api/common/presigned-data', owner.headers)).statusCode).toBe(400);
    expect((await get('/api/common/presigned-data?path=x')).statusCode).toBe(401);
  });
});

describe('GET /api/teacher/course/approval-counts', () => {
  it('counts PENDING and PENDING_REAPPROVAL courses for admins only', async () => {
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const owner = await buildUser(ctx.app, { userType: 'teacher' });
    const count = async () => {
      const response = await get('/api/teacher/course/approval-counts', admin.headers);
      expect(response.statusCode).toBe(200);
      return response.json().count as number;
    };
    const before = await count();
    await ctx.app.db.insert(courses).values(
      ['PENDING', 'PENDING', 'PENDING_REAPPROVAL', 'APPROVED', 'REJECTED', 'DRAFT'].map(
        (approvalStatus, i) => ({
          ownerId: owner.id,
          title: `Course ${i}`,
          approvalStatus,
        }),
      ),
    );
    expect(await count()).toBe(before + 3);

    for (const userType of USER_TYPES.filter((type) => type !== 'admin')) {
      const caller = await buildAndLogin(ctx.app, { userType });
      const response = await get('/api/teacher/course/approval-counts', caller.headers);
      expect(response.statusCode).toBe(403);
    }
    expect((await get('/api/teacher/course/approval-counts')).statusCode).toBe(401);
  });
});
