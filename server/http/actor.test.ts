import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, subscriptions, users } from '../db/schema/index';
import { buildAndLogin, buildUser } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { resolveActor } from './actor';

let ctx: TestContext;
const resolve = (token: string) => resolveActor(ctx.app.db, token, ctx.config.jwtSecret);

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

/**
 * Lookups asked together are read in one query (issue 38, decision 081): each must still get its own session's
 * account and plan, and nothing read for one request may answer a later one.
 */
describe('session lookups read together', () => {
  it('gives each of many requests asked at once its own account, role and plan state', async () => {
    const institute = await buildUser(ctx.app, { userType: 'institute', plan: 'paid' });
    const people = await Promise.all([
      buildAndLogin(ctx.app, { userType: 'student' }),
      buildAndLogin(ctx.app, { userType: 'teacher', plan: 'trial-ended' }),
      buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.id }),
      buildAndLogin(ctx.app, { userType: 'admin' }),
    ]);
    const tokens = people.map((person) => person.session.jwtToken);
    // Verified once first, so the tokens are known and the lookups below all start in one turn of the event loop,
    // the same ones several times over, interleaved.
    await Promise.all(tokens.map(resolve));
    const actors = await Promise.all([...tokens, ...tokens.slice().reverse(), ...tokens].map(resolve));
    const byUser = new Map(people.map((person) => [person.user.id, person]));
    for (const actor of actors) {
      expect(actor).not.toBeNull();
      const person = byUser.get(actor?.userId as string);
      expect(actor?.email).toBe(person?.user.email);
      expect(actor?.userType).toBe(person?.user.userType);
      expect(actor?.sessionId).toBe(decodeJwt(person?.session.jwtToken as string).sid);
    }
    const [student, endedTeacher, member] = people.map((person) =>
      actors.find((a) => a?.userId === person.user.id),
    );
    expect(student).toMatchObject({ planId: null, trialEnded: false, subscriptionEnded: false });
    expect(endedTeacher).toMatchObject({ trialEnded: true, isFreeTrial: false, remainingTrialDays: 0 });
    // A teacher inside an institute has the institute's plan, read in the same query.
    const [institutePlan] = await ctx.app.db
      .select({ planId: subscriptions.planId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, institute.id));
    expect(member).toMatchObject({
      planId: institutePlan.planId,
      subscriptionEnded: false,
      trialEnded: false,
    });
    expect(member?.planModules).not.toBeNull();
  });

  it('refuses, within the same batch, a revoked session and a token whose session belongs to someone else', async () => {
    const [kept, revoked, other] = await Promise.all([
      buildAndLogin(ctx.app, { userType: 'student' }),
      buildAndLogin(ctx.app, { userType: 'student' }),
      buildAndLogin(ctx.app, { userType: 'student' }),
    ]);
    await ctx.app.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, decodeJwt(revoked.session.jwtToken).sid as string));
    const answers = await Promise.all(
      [kept, revoked, other].map((person) => resolve(person.session.jwtToken)),
    );
    expect(answers.map((actor) => actor?.userId ?? null)).toEqual([kept.user.id, null, other.user.id]);
  });

  it('reads the database again for every request: a deactivation or a lapsed plan counts at the very next one', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', plan: 'paid' });
    expect((await resolve(teacher.session.jwtToken))?.subscriptionEnded).toBe(false);
    await ctx.app.db
      .update(subscriptions)
      .set({ status: 'ended' })
      .where(eq(subscriptions.userId, teacher.user.id));
    expect((await resolve(teacher.session.jwtToken))?.subscriptionEnded).toBe(true);
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, teacher.user.id));
    expect(await resolve(teacher.session.jwtToken)).toBeNull();
  });

  it('answers GET /api/auth/me from the one lookup: the account as stored, the plan, no second read needed', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Meera Lookup' });
    await ctx.app.db.update(users).set({ themeColor: 'teal' }).where(eq(users.id, teacher.user.id));
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: teacher.headers });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().userObj).toMatchObject({
      userId: teacher.user.id,
      fullName: 'Meera Lookup',
      themeColor: 'teal',
      planId: teacher.session.userObj.planId,
      isFreeTrial: true,
    });
    expect(me.json().impersonatedBy).toBeNull();
  });
});
