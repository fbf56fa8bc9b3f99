import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  courseSubscriptions,
  emailTokens,
  outbox,
  plans,
  sessions,
  subscriptions,
  users,
} from '../../db/schema/index';
import {
  buildAndLogin,
  buildUser,
  loginRequest,
  nextRemoteAddress,
  TEST_PASSWORD,
} from '../../test/factories';
import { liveCourse } from '../../test/fixtures/reports';
import { startTestApp, type TestContext } from '../../test/harness';

/**
 * Every action that writes an audit row does its change in the same transaction (issue 30 item 8): when the
 * audit insert fails, nothing of the action is left. Here the database refuses every new audit row (a check
 * constraint no row can pass), so each action must fail whole.
 */
let ctx: TestContext;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let admin: Session;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await buildAndLogin(ctx.app, { userType: 'admin' });
});
afterAll(async () => ctx.close());

const refuseAuditRows = () =>
  ctx.database.pool.query('alter table audit_log add constraint audit_refused check (false) not valid');
const acceptAuditRows = () => ctx.database.pool.query('alter table audit_log drop constraint audit_refused');

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => ctx.app.inject({ method, url, headers, payload: payload as never, remoteAddress: nextRemoteAddress() });

const userRow = async (id: string) => {
  const [row] = await ctx.app.db.select().from(users).where(eq(users.id, id));
  return row;
};
const auditRowsAbout = async (id: string) =>
  (await ctx.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, id)))[0].n;

/** The action failed as a whole: a server error, and no audit row about the account. */
async function expectFailedWhole(response: { statusCode: number; body: string }, targetId: string) {
  expect(response.statusCode, response.body).toBe(500);
  expect(await auditRowsAbout(targetId)).toBe(0);
}

describe('when the audit insert fails, the action leaves nothing', () => {
  beforeAll(refuseAuditRows);
  afterAll(acceptAuditRows);

  it('admin deactivate: the account stays active and its sessions keep working', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const response = await call(admin.headers, 'POST', `/api/admin/people/${teacher.user.id}/deactivate`, {
      reason: 'Unpaid invoices',
    });
    await expectFailedWhole(response, teacher.user.id);
    expect(await userRow(teacher.user.id)).toMatchObject({ isActive: true, deactivationReason: null });
    expect((await call(teacher.headers, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('admin reactivate: the account stays deactivated', async () => {
    const student = await buildUser(ctx.app, { userType: 'student' });
    await ctx.app.db
      .update(users)
      .set({ isActive: false, deactivationReason: 'Left' })
      .where(eq(users.id, student.id));
    const response = await call(admin.headers, 'POST', `/api/admin/people/${student.id}/reactivate`, {});
    await expectFailedWhole(response, student.id);
    expect(await userRow(student.id)).toMatchObject({ isActive: false, deactivationReason: 'Left' });
  });

  it('admin extend trial and grant plan: the subscription is unchanged', async () => {
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    const before = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, teacher.id));
    const extended = await call(admin.headers, 'POST', `/api/admin/people/${teacher.id}/extend-trial`, {
      days: 10,
    });
    await expectFailedWhole(extended, teacher.id);
    const plan = await ctx.app.db.query.plans.findFirst({ where: eq(plans.audience, 'teacher') });
    const granted = await call(admin.headers, 'POST', `/api/admin/people/${teacher.id}/grant-plan`, {
      planId: plan?.id,
      days: 30,
    });
    await expectFailedWhole(granted, teacher.id);
    expect(await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, teacher.id))).toEqual(
      before,
    );
  });

  it('admin password reset: no link is stored and no e-mail leaves', async () => {
    const student = await buildUser(ctx.app, { userType: 'student' });
    const response = await call(admin.headers, 'POST', `/api/admin/people/${student.id}/password-reset`);
    await expectFailedWhole(response, student.id);
    expect(await ctx.app.db.select().from(emailTokens).where(eq(emailTokens.userId, student.id))).toEqual([]);
    expect(await ctx.app.db.select().from(outbox).where(eq(outbox.to, student.email))).toEqual([]);
  });

  it('admin erase: the account keeps its name, e-mail and sessions', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'Kiran Das' });
    const response = await call(admin.headers, 'POST', `/api/admin/people/${student.user.id}/erase`, {
      confirmEmail: student.user.email,
    });
    await expectFailedWhole(response, student.user.id);
    expect(await userRow(student.user.id)).toMatchObject({
      fullName: 'Kiran Das',
      email: student.user.email,
      isActive: true,
      deletedAt: null,
    });
    expect((await call(student.headers, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it("admin developer access: the developer's access is unchanged", async () => {
    const developer = await buildUser(ctx.app, { userType: 'developer', developerAccess: 'pending' });
    const response = await call(admin.headers, 'PUT', `/api/admin/developers/${developer.id}/access`, {
      granted: true,
    });
    await expectFailedWhole(response, developer.id);
    expect((await userRow(developer.id)).developerAccessGrantedAt).toBeNull();
  });

  it('institute removes and enrols a member: the member stays, unenrolled', async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const teacher = await buildUser(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const student = await buildUser(ctx.app, { userType: 'student', instituteId: institute.user.id });
    const course = await liveCourse(ctx.app, teacher.id, 'Physics', 1);
    const enrolled = await call(institute.headers, 'POST', `/api/institute/people/${student.id}/enrolments`, {
      courseId: course.id,
    });
    await expectFailedWhole(enrolled, student.id);
    expect(
      await ctx.app.db.select().from(courseSubscriptions).where(eq(courseSubscriptions.userId, student.id)),
    ).toEqual([]);
    const removed = await call(institute.headers, 'DELETE', `/api/institute/people/${teacher.id}`);
    await expectFailedWhole(removed, teacher.id);
    expect((await userRow(teacher.id)).instituteId).toBe(institute.user.id);
    // Leaving would have started the teacher's own trial: that is undone with the rest.
    expect(await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, teacher.id))).toEqual(
      [],
    );
  });

  it('change password: the old password and the old token still work', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const response = await call(student.headers, 'PUT', '/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'An0therPassw0rd',
      confirmPassword: 'An0therPassw0rd',
    });
    await expectFailedWhole(response, student.user.id);
    expect((await call(student.headers, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await loginRequest(ctx.app, student.user.email)).statusCode).toBe(200);
  });

  it('log in as: no session is opened', async () => {
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    const response = await call(admin.headers, 'POST', '/api/auth/impersonate', { userId: teacher.id });
    await expectFailedWhole(response, teacher.id);
    const opened = await ctx.app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, teacher.id), isNotNull(sessions.impersonatorId)));
    expect(opened).toEqual([]);
  });
});

describe('with audit rows accepted again', () => {
  it('the same deactivate succeeds and writes its row (the failure above was the audit insert)', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const response = await call(admin.headers, 'POST', `/api/admin/people/${teacher.user.id}/deactivate`, {
      reason: 'Unpaid invoices',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await userRow(teacher.user.id)).isActive).toBe(false);
    expect(await auditRowsAbout(teacher.user.id)).toBe(1);
    expect((await call(teacher.headers, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('a reason PostgreSQL cannot store as jsonb (a lone surrogate) leaves the account active', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/people/${teacher.user.id}/deactivate`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"reason":"Unpaid \\ud800"}',
      remoteAddress: nextRemoteAddress(),
    });
    // Refused at the request boundary (400) or by the database (500): either way, all or nothing.
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(await userRow(teacher.user.id)).toMatchObject({ isActive: true, deactivationReason: null });
    expect(await auditRowsAbout(teacher.user.id)).toBe(0);
    expect((await call(teacher.headers, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });
});
