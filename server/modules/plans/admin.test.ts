import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndLogin } from '../../test/factories';
import { planPayload, putOnPlan } from '../../test/fixtures/plans';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = (await buildAndLogin(ctx.app, { userType: 'admin' })).headers;
});
afterAll(async () => ctx.close());

const create = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/plans', headers: admin, payload });
const publicPlans = async (audience: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/plans?audience=${audience}` })).json().plans as {
    id: string;
    name: string;
  }[];

describe('admin plans', () => {
  it('lists the default plans with subscriber counts, Free Trial first', async () => {
    await buildAndLogin(ctx.app, { userType: 'institute' });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/plans', headers: admin });
    expect(response.statusCode).toBe(200);
    const institute = response.json().plans.filter((p: { audience: string }) => p.audience === 'institute');
    expect(institute.map((p: { name: string }) => p.name)).toEqual(['Free Trial', 'Starter', 'Pro']);
    expect(institute[0]).toMatchObject({ status: 'active', subscribers: 1, trialDays: 14 });
    expect(institute[0].modules).toMatchObject({ courseLibrary: 'FULL', integrations: 'NONE' });
    expect(institute[2].prices).toContainEqual({ currency: 'USD', period: 'yearly', amount: 1790 });
  });

  it('creates and edits a plan, filling nothing in for the admin', async () => {
    const created = await create(planPayload());
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({ name: 'Gold', status: 'active', subscribers: 0, baseCurrency: 'INR' });
    expect(plan.position).toBeGreaterThan(2);

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/plans/${plan.id}`,
      headers: admin,
      payload: planPayload({
        name: 'Gold plus',
        prices: [{ currency: 'INR', period: 'monthly', amount: '1999.50' }],
        limits: { ...plan.limits, courses: 40 },
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Gold plus',
      prices: [{ currency: 'INR', period: 'monthly', amount: 1999.5 }],
      limits: { courses: 40, storageMb: null },
    });
  });

  it('answers clear messages for bad input and saves nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'Please fill this field'],
      [{ trialDays: 366 }, 'Trial days should be at most 365'],
      [{ trialDays: 2.5 }, 'Decimal values are not allowed'],
      [{ baseCurrency: 'XYZ' }, 'Please select a valid currency'],
      [
        { prices: [{ currency: 'INR', period: 'monthly', amount: 10_000_001 }] },
        'Value should be less than 1,00,00,000',
      ],
      [{ prices: [{ currency: 'INR', period: 'monthly', amount: -1 }] }, 'Negative value is not allowed'],
      [
        {
          prices: [
            { currency: 'INR', period: 'monthly', amount: 1 },
            { currency: 'INR', period: 'monthly', amount: 2 },
          ],
        },
        'There is already a monthly price in INR',
      ],
      [
        { prices: [{ currency: 'USD', period: 'yearly', amount: 100 }] },
        'Please add a yearly price in the base currency (INR)',
      ],
      [{ limits: { ...planPayload().limits, courses: -3 } }, 'Negative value is not allowed'],
      [{ limits: { ...planPayload().limits, gurus: 1.5 } }, 'Decimal values are not allowed'],
      [{ modules: { ...planPayload().modules, reports: 'SOME' } }, 'Please select an option'],
    ];
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/admin/plans', headers: admin })).json()
      .plans.length;
    for (const [patch, message] of cases) {
      const response = await create(planPayload(patch));
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(response.body).toContain(message);
    }
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/admin/plans', headers: admin })).json()
      .plans.length;
    expect(after).toBe(before);
  });

  it('answers 404 for a plan that does not exist', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/plans/6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f/retire',
      headers: admin,
    });
    expect(response.statusCode).toBe(404);
  });

  it('retiring hides a plan from /api/plans while its subscribers keep it; restoring brings it back', async () => {
    const plan = (await create(planPayload({ name: 'Retiring soon' }))).json();
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await putOnPlan(ctx.app, teacher.user.id, plan.id);
    expect((await publicPlans('teacher')).map((p) => p.name)).toContain('Retiring soon');

    const retired = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/plans/${plan.id}/retire`,
      headers: admin,
    });
    expect(retired.json()).toMatchObject({ status: 'retired', subscribers: 1 });
    expect((await publicPlans('teacher')).map((p) => p.name)).not.toContain('Retiring soon');

    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: teacher.headers });
    expect(me.body).toContain('Retiring soon');
    const course = await ctx.app.inject({
      method: 'GET',
      url: '/api/courses',
      headers: teacher.headers,
    });
    expect(course.statusCode).toBe(200);

    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/plans/${plan.id}/restore`,
      headers: admin,
    });
    expect(restored.json().status).toBe('active');
    expect((await publicPlans('teacher')).map((p) => p.name)).toContain('Retiring soon');
  });

  it('serves active plans by audience in position order, to anyone', async () => {
    const institute = await publicPlans('institute');
    expect(institute.slice(0, 3).map((p) => p.name)).toEqual(['Free Trial', 'Starter', 'Pro']);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/plans?audience=martian' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets only admins manage plans', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: teacher.headers,
      payload: planPayload(),
    });
    expect(response.statusCode).toBe(403);
  });
});
