import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionAnswer } from '../../../common/contracts/auth';
import type { UserType } from '../../../common/roles';
import { auditLog, users } from '../../db/schema/index';
import { authHeader, buildAndLogin, buildUser } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const impersonate = (headers: Record<string, string>, userId: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/impersonate', payload: { userId }, headers });

const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('POST /api/auth/impersonate', () => {
  it('lets an admin act as a teacher, remembers the admin and writes the audit log', async () => {
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const teacher = await buildUser(ctx.app, { userType: 'teacher', fullName: 'Target Teacher' });
    const response = await impersonate(admin.headers, teacher.id);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as SessionAnswer;
    expect(answer.impersonatedBy).toBe(admin.user.id);
    expect(answer.userObj).toMatchObject({ userId: teacher.id, userType: 'teacher', isFreeTrial: true });

    const whoAmI = await me(answer.jwtToken);
    expect(whoAmI.statusCode).toBe(200);
    expect(whoAmI.json()).toMatchObject({
      userObj: { userId: teacher.id, fullName: 'Target Teacher', userType: 'teacher' },
      impersonatedBy: admin.user.id,
    });

    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonate'), eq(auditLog.targetId, teacher.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0].actorId).toBe(admin.user.id);
    expect(rows[0].details).toMatchObject({ viaUserId: admin.user.id, viaUserType: 'admin' });

    // The admin's own session is untouched.
    expect((await me(admin.session.jwtToken)).json().userObj.userId).toBe(admin.user.id);
  });

  it.each(['student', 'partner', 'developer', 'institute'] as const)(
    'lets an admin act as a %s',
    async (userType) => {
      const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
      const target = await buildUser(ctx.app, { userType });
      const response = await impersonate(admin.headers, target.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().userObj.userId).toBe(target.id);
    },
  );

  it('refuses admin to admin, oneself, a deactivated user and an unknown id', async () => {
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const otherAdmin = await buildUser(ctx.app, { userType: 'admin' });
    const inactive = await buildUser(ctx.app, { userType: 'student' });
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    for (const id of [otherAdmin.id, admin.user.id, inactive.id]) {
      const response = await impersonate(admin.headers, id);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    const unknown = await impersonate(admin.headers, '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f');
    expect(unknown.statusCode).toBe(404);
    const malformed = await impersonate(admin.headers, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    const audit = await ctx.app.db.select().from(auditLog).where(eq(auditLog.actorId, admin.user.id));
    expect(audit).toHaveLength(0);
  });

  it('lets an institute act as its own faculty and students only', async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const faculty = await buildUser(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const student = await buildUser(ctx.app, { userType: 'student', instituteId: institute.user.id });
    const otherInstitute = await buildUser(ctx.app, { userType: 'institute' });
    const foreignTeacher = await buildUser(ctx.app, { userType: 'teacher', instituteId: otherInstitute.id });
    const independent = await buildUser(ctx.app, { userType: 'teacher' });

    for (const target of [faculty, student]) {
      const response = await impersonate(institute.headers, target.id);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as SessionAnswer;
      expect(answer.impersonatedBy).toBe(institute.user.id);
      const whoAmI = (await me(answer.jwtToken)).json();
      expect(whoAmI.userObj.userId).toBe(target.id);
      expect(whoAmI.userObj.instituteId).toBe(institute.user.id);
    }
    for (const target of [foreignTeacher, independent, otherInstitute]) {
      expect((await impersonate(institute.headers, target.id)).statusCode).toBe(403);
    }
  });

  it.each(['teacher', 'student', 'partner', 'developer'] as const)(
    'refuses a %s',
    async (userType: UserType) => {
      const caller = await buildAndLogin(ctx.app, { userType });
      const target = await buildUser(ctx.app, { userType: 'student' });
      const response = await impersonate(caller.headers, target.id);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    },
  );

  it('ignores a forged userType claim in the Authorization header', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const target = await buildUser(ctx.app, { userType: 'partner' });
    const forged = authHeader(student.session, { userType: 'admin' });
    expect((await impersonate(forged, target.id)).statusCode).toBe(403);
  });

  it('keeps the real person through a chain: admin → institute → its teacher', async () => {
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const institute = await buildUser(ctx.app, { userType: 'institute' });
    const faculty = await buildUser(ctx.app, { userType: 'teacher', instituteId: institute.id });
    const asInstitute = (await impersonate(admin.headers, institute.id)).json() as SessionAnswer;
    const second = await impersonate(authHeader(asInstitute), faculty.id);
    expect(second.statusCode).toBe(200);
    const asFaculty = second.json() as SessionAnswer;
    expect(asFaculty.impersonatedBy).toBe(admin.user.id);
    expect((await me(asFaculty.jwtToken)).json()).toMatchObject({
      userObj: { userId: faculty.id },
      impersonatedBy: admin.user.id,
    });
    const rows = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, faculty.id));
    expect(rows[0]).toMatchObject({ actorId: admin.user.id, details: { viaUserId: institute.id } });
  });

  it('refuses an institute whose trial has ended', async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'trial-ended' });
    const faculty = await buildUser(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    expect((await impersonate(institute.headers, faculty.id)).statusCode).toBe(403);
  });
});

describe('POST /api/auth/impersonate by email', () => {
  const byEmail = (headers: Record<string, string>, payload: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/impersonate', payload, headers });

  it('finds the target by email in any letter case and applies the same rules', async () => {
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    const switched = await byEmail(admin.headers, { email: teacher.email.toUpperCase() });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((switched.json() as SessionAnswer).userObj.userId).toBe(teacher.id);

    const otherAdmin = await buildUser(ctx.app, { userType: 'admin' });
    expect((await byEmail(admin.headers, { email: otherAdmin.email })).statusCode).toBe(403);
    expect((await byEmail(admin.headers, { email: 'nobody@example.test' })).statusCode).toBe(404);
  });

  it('wants exactly one of userId and email', async () => {
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    expect((await byEmail(admin.headers, {})).statusCode).toBe(400);
    expect((await byEmail(admin.headers, { userId: teacher.id, email: teacher.email })).statusCode).toBe(400);
  });
});
