import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleAddLockedMessage } from '../../../common/plan-limits';
import { PLAN_MODULES } from '../../../common/plans';
import { plans } from '../../db/schema/index';
import { buildAndLogin, buildUser, login } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { planOf } from '../plans/limits';

/**
 * The account answer tells the browser which modules the plan gives NONE, so the side nav hides them, and which
 * it gives PARTIAL, so the pages lock adding to them.
 */
describe('hidden modules in the account answer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => ctx.close());

  const me = async (headers: Record<string, string>) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json().userObj.hiddenModules;

  it("lists the payer's NONE modules, for an institute's teachers too, and nothing for a student", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const faculty = await buildUser(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const plan = await planOf(ctx.app, institute.user.id);
    if (!plan) throw new Error('the institute has no plan');
    const modules = Object.fromEntries(PLAN_MODULES.map((module) => [module, 'FULL']));
    await ctx.app.db
      .update(plans)
      .set({ modules: { ...modules, reports: 'NONE', gurus: 'PARTIAL' } })
      .where(eq(plans.id, plan.id));

    expect(await me(institute.headers)).toEqual(['reports']);
    expect((await login(ctx.app, faculty.email)).userObj.hiddenModules).toEqual(['reports']);
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    expect(await me(student.headers)).toEqual([]);

    // PARTIAL: the pages lock adding (decision 062), in the server's words, and the server refuses it.
    const answer = (
      await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: institute.headers })
    ).json();
    expect(answer.userObj.addLockedModules).toEqual(['gurus']);
    expect((await login(ctx.app, faculty.email)).userObj.addLockedModules).toEqual(['gurus']);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: student.headers })).json().userObj
        .addLockedModules,
    ).toEqual([]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/gurus',
      headers: institute.headers,
      payload: { name: 'Partial Guru', subject: 'Geometry', instructions: '', teachingMode: 'direct' },
    });
    expect(created.statusCode, created.body).toBe(403);
    expect(created.json().message).toBe(moduleAddLockedMessage('gurus'));
  });
});
