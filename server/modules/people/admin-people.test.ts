import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG } from '../../../common/messages';
import {
  auditLog,
  conversations,
  gurus,
  outbox,
  paymentOrders,
  plans,
  storedFiles,
  subscriptions,
  users,
} from '../../db/schema/index';
import { accountState } from '../../http/account-state';
import { buildAndLogin, buildUser, loginRequest } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart, tinyPng } from '../../test/uploads';

let ctx: TestContext;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let admin: Session;

const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: session.headers, payload: payload as never });
const list = async (query: string) => {
  const response = await call(admin, 'GET', `/api/admin/people?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const insertGuru = async (ownerId: string, name: string) =>
  (await ctx.app.db.insert(gurus).values({ ownerId, name }).returning())[0];

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await buildAndLogin(ctx.app, { userType: 'admin', fullName: 'Ada Admin' });
});
afterAll(async () => ctx.close());

describe('the admin people lists', () => {
  let institute: { id: string };
  beforeAll(async () => {
    institute = await buildUser(ctx.app, { userType: 'institute', fullName: 'Lotus Academy' });
    await buildUser(ctx.app, { userType: 'student', fullName: 'Zoya Khan', email: 'zoya@school.test' });
    await buildUser(ctx.app, {
      userType: 'student',
      fullName: 'Arjun Mehta',
      email: 'arjun@school.test',
      instituteId: institute.id,
    });
    const idle = await buildUser(ctx.app, {
      userType: 'student',
      fullName: 'Idle 100%_x',
      email: 'idle@else.test',
    });
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, idle.id));
    await ctx.app.db
      .update(users)
      .set({ createdAt: new Date('2025-02-10T10:00:00Z') })
      .where(eq(users.email, 'zoya@school.test'));
    await buildUser(ctx.app, {
      userType: 'teacher',
      fullName: 'Tara Trial',
      email: 'tara@t.test',
      plan: 'trial',
    });
    await buildUser(ctx.app, {
      userType: 'teacher',
      fullName: 'Paul Paid',
      email: 'paul@t.test',
      plan: 'paid',
    });
    await buildUser(ctx.app, {
      userType: 'teacher',
      fullName: 'Eve Ended',
      email: 'eve@t.test',
      plan: 'paid-ended',
    });
  });

  it('searches by any part of a name or e-mail, with counts by account state', async () => {
    const school = await list('role=student&search=SCHOOL.test&sort=name&dir=asc');
    expect(school.rows.map((row: { fullName: string }) => row.fullName)).toEqual([
      'Arjun Mehta',
      'Zoya Khan',
    ]);
    expect(school.total).toBe(2);
    expect(school.rows[0].institute).toEqual({ id: institute.id, fullName: 'Lotus Academy' });
    // A % or _ in the search is text, not a wildcard.
    expect((await list('role=student&search=100%25_x')).rows.map((r: { email: string }) => r.email)).toEqual([
      'idle@else.test',
    ]);
    const all = await list('role=student');
    expect(all.counts.deactivated).toBeGreaterThanOrEqual(1);
    expect(all.counts.all).toBe(all.counts.active + all.counts.deactivated);
    const off = await list('role=student&status=deactivated');
    expect(off.rows.every((row: { isActive: boolean }) => !row.isActive)).toBe(true);
  });

  it('filters by institute, sign-up dates and billing state, and pages', async () => {
    const inInstitute = await list(`role=student&instituteId=${institute.id}`);
    expect(inInstitute.rows.map((row: { email: string }) => row.email)).toEqual(['arjun@school.test']);
    const feb = await list('role=student&from=2025-02-01&to=2025-02-28');
    expect(feb.rows.map((row: { email: string }) => row.email)).toEqual(['zoya@school.test']);
    const trial = await list('role=teacher&billing=trial&search=@t.test');
    expect(trial.rows.map((row: { email: string }) => row.email)).toEqual(['tara@t.test']);
    expect(trial.rows[0].trialDaysLeft).toBe(7);
    expect((await list('role=teacher&billing=paid&search=@t.test')).rows[0].email).toBe('paul@t.test');
    expect((await list('role=teacher&billing=ended&search=@t.test')).rows[0].email).toBe('eve@t.test');
    const first = await list('role=teacher&search=@t.test&sort=name&dir=asc&pageSize=2&page=1');
    const second = await list('role=teacher&search=@t.test&sort=name&dir=asc&pageSize=2&page=2');
    expect([...first.rows, ...second.rows].map((row: { fullName: string }) => row.fullName)).toEqual([
      'Eve Ended',
      'Paul Paid',
      'Tara Trial',
    ]);
    expect(first.total).toBe(3);
  });

  it('exports the whole filtered list as CSV, formulas defused', async () => {
    await buildUser(ctx.app, { userType: 'partner', fullName: '=HYPERLINK("x")', email: 'p1@p.test' });
    const response = await call(
      admin,
      'GET',
      '/api/admin/people?role=partner&search=p.test&format=csv&pageSize=1',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Email,Role,Institute,Plan,Billing,Trial days left,Courses,Status,Signed up,Last login',
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")",p1@p.test,partner`);
  });

  it('answers bad filters with 400, not 500', async () => {
    for (const query of [
      'role=admin',
      'role=student&from=yesterday',
      'role=student&pageSize=1000',
      'role=x&sort=y',
    ]) {
      expect((await call(admin, 'GET', `/api/admin/people?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe("an account's page", () => {
  it('shows plan, owned courses and gurus, and the audit trail of admin actions', async () => {
    const teacher = await buildUser(ctx.app, { userType: 'teacher', fullName: 'Gita Guru' });
    await insertGuru(teacher.id, 'Maths helper');
    await call(admin, 'POST', `/api/admin/people/${teacher.id}/extend-trial`, { days: 10 });
    const response = await call(admin, 'GET', `/api/admin/people/${teacher.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail.account).toMatchObject({ fullName: 'Gita Guru', billing: 'trial', isImpersonable: true });
    expect(detail.subscription.status).toBe('trial');
    expect(detail.gurus.map((g: { name: string }) => g.name)).toEqual(['Maths helper']);
    expect(detail.audit[0]).toMatchObject({ action: 'extend-trial', actor: { fullName: 'Ada Admin' } });
    expect(detail.audit[0].details.days).toBe(10);
  });

  it('is 404 for unknown ids and for admins', async () => {
    const other = await buildUser(ctx.app, { userType: 'admin' });
    expect((await call(admin, 'GET', `/api/admin/people/${other.id}`)).statusCode).toBe(404);
    expect(
      (await call(admin, 'GET', '/api/admin/people/6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f')).statusCode,
    ).toBe(404);
    expect((await call(admin, 'GET', '/api/admin/people/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('deactivate and reactivate', () => {
  it('ends every session at once, login says deactivated, and reactivation lets the person back', async () => {
    const target = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: target.headers });
    expect((await me()).statusCode).toBe(200);
    const missingReason = await call(admin, 'POST', `/api/admin/people/${target.user.id}/deactivate`, {
      reason: ' ',
    });
    expect(missingReason.statusCode).toBe(400);
    const done = await call(admin, 'POST', `/api/admin/people/${target.user.id}/deactivate`, {
      reason: 'Spam',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await me()).statusCode).toBe(401);
    const refused = await loginRequest(ctx.app, target.user.email);
    expect(refused.json()).toEqual({ code: 'ACCOUNT_INACTIVE', message: AUTH_MSG.inactive });
    const again = await call(admin, 'POST', `/api/admin/people/${target.user.id}/deactivate`, {
      reason: 'Spam',
    });
    expect(again.statusCode).toBe(409);
    const detail = (await call(admin, 'GET', `/api/admin/people/${target.user.id}`)).json();
    expect(detail.account).toMatchObject({ isActive: false, deactivationReason: 'Spam' });

    expect((await call(admin, 'POST', `/api/admin/people/${target.user.id}/reactivate`, {})).statusCode).toBe(
      200,
    );
    expect((await loginRequest(ctx.app, target.user.email)).statusCode).toBe(200);
    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, target.user.id))
      .orderBy(desc(auditLog.id));
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ['reactivate-user', admin.user.id],
      ['deactivate-user', admin.user.id],
    ]);
    expect(audit[1].details).toEqual({ reason: 'Spam' });
  });

  it('never acts on admins', async () => {
    const other = await buildUser(ctx.app, { userType: 'admin' });
    for (const action of ['deactivate', 'password-reset', 'extend-trial']) {
      const response = await call(admin, 'POST', `/api/admin/people/${other.id}/${action}`, {
        reason: 'x',
        days: 1,
      });
      expect(response.statusCode, action).toBe(403);
    }
    const stored = await ctx.app.db.query.users.findFirst({ where: eq(users.id, other.id) });
    expect(stored?.isActive).toBe(true);
  });
});

describe('password reset, trial and plan grants', () => {
  it('mails a reset link to the account', async () => {
    const student = await buildUser(ctx.app, { userType: 'student' });
    expect((await call(admin, 'POST', `/api/admin/people/${student.id}/password-reset`)).statusCode).toBe(
      200,
    );
    const [mail] = await ctx.app.db.select().from(outbox).where(eq(outbox.to, student.email));
    expect(mail.text).toContain('/reset-password?token=');
  });

  it('extends an ended trial from today and refuses paid accounts and students', async () => {
    const ended = await buildUser(ctx.app, { userType: 'teacher', plan: 'trial-ended' });
    expect(
      (await accountState(ctx.app.db, { id: ended.id, userType: 'teacher', instituteId: null })).trialEnded,
    ).toBe(true);
    expect(
      (await call(admin, 'POST', `/api/admin/people/${ended.id}/extend-trial`, { days: 5 })).statusCode,
    ).toBe(200);
    const state = await accountState(ctx.app.db, { id: ended.id, userType: 'teacher', instituteId: null });
    expect(state).toMatchObject({ trialEnded: false, isFreeTrial: true, remainingTrialDays: 5 });
    const paid = await buildUser(ctx.app, { userType: 'teacher', plan: 'paid' });
    expect(
      (await call(admin, 'POST', `/api/admin/people/${paid.id}/extend-trial`, { days: 5 })).statusCode,
    ).toBe(409);
    const student = await buildUser(ctx.app, { userType: 'student' });
    expect(
      (await call(admin, 'POST', `/api/admin/people/${student.id}/extend-trial`, { days: 5 })).statusCode,
    ).toBe(400);
    for (const days of [0, -1, 1.5, 400, 'x']) {
      expect(
        (await call(admin, 'POST', `/api/admin/people/${ended.id}/extend-trial`, { days })).statusCode,
      ).toBe(400);
    }
  });

  it('grants a plan for a period that ends by itself, without a payment', async () => {
    const teacher = await buildUser(ctx.app, { userType: 'teacher', plan: 'trial-ended' });
    const [pro] = await ctx.app.db.select().from(plans).where(eq(plans.audience, 'teacher')).limit(1);
    const [instPlan] = await ctx.app.db.select().from(plans).where(eq(plans.audience, 'institute')).limit(1);
    const wrong = await call(admin, 'POST', `/api/admin/people/${teacher.id}/grant-plan`, {
      planId: instPlan.id,
      days: 30,
    });
    expect(wrong.statusCode).toBe(400);
    const granted = await call(admin, 'POST', `/api/admin/people/${teacher.id}/grant-plan`, {
      planId: pro.id,
      days: 30,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const state = await accountState(ctx.app.db, { id: teacher.id, userType: 'teacher', instituteId: null });
    expect(state).toMatchObject({ planId: pro.id, trialEnded: false, subscriptionEnded: false });
    const [latest] = await ctx.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, teacher.id))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    expect(latest).toMatchObject({
      status: 'active',
      billingPeriod: 'grant',
      amount: 0,
      cancelAtPeriodEnd: true,
    });
    const payments = await ctx.app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, teacher.id));
    expect(payments).toEqual([]);
  });
});

describe('erasing an account on request', () => {
  it('needs the e-mail typed, removes personal data and keeps the anonymous row', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'Ravi Private' });
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    const guru = await insertGuru(teacher.id, 'G');
    await ctx.app.db
      .insert(conversations)
      .values({ guruId: guru.id, userId: student.user.id, title: 'my question' });
    // A profile picture, which gets smaller copies (tiny, medium): all three must go with the account.
    const picture = multipart('me.png', 'image/png', tinyPng());
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/common/user-info/${student.user.id}/image?kind=profileImage`,
      payload: picture.payload,
      headers: { ...student.headers, ...picture.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const pictureFiles = () =>
      ctx.app.db.select().from(storedFiles).where(eq(storedFiles.ownerId, student.user.id));
    expect(await pictureFiles()).toHaveLength(3);
    const wrong = await call(admin, 'POST', `/api/admin/people/${student.user.id}/erase`, {
      confirmEmail: 'someone@else.test',
    });
    expect(wrong.statusCode).toBe(400);
    const erased = await call(admin, 'POST', `/api/admin/people/${student.user.id}/erase`, {
      confirmEmail: student.user.email.toUpperCase(),
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const row = await ctx.app.db.query.users.findFirst({ where: eq(users.id, student.user.id) });
    expect(row).toMatchObject({ fullName: 'Deleted user', isActive: false });
    expect(row?.email).not.toContain('@example.test');
    expect(row?.deletedAt).not.toBeNull();
    expect(await pictureFiles()).toEqual([]);
    expect(
      await ctx.app.db.select().from(conversations).where(eq(conversations.userId, student.user.id)),
    ).toEqual([]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: student.headers })).statusCode,
    ).toBe(401);
    expect((await loginRequest(ctx.app, student.user.email)).statusCode).toBe(401);
    // Gone from lists, and no second erasure or other action.
    expect((await list('role=student&search=Ravi')).total).toBe(0);
    expect(
      (await call(admin, 'POST', `/api/admin/people/${student.user.id}/reactivate`, {})).statusCode,
    ).toBe(409);
    // The address can be used for a new account.
    const again = await buildUser(ctx.app, { userType: 'student', email: student.user.email });
    expect(again.id).not.toBe(student.user.id);
  });
});

describe('the admin dashboard', () => {
  it('counts people, sign-ups, revenue in the base currency and fills a series', async () => {
    const buyer = await buildUser(ctx.app, { userType: 'teacher' });
    const now = new Date();
    await ctx.app.db.insert(paymentOrders).values([
      {
        userId: buyer.id,
        purpose: 'plan',
        amount: 1000,
        currency: 'INR',
        provider: 'test',
        receipt: `r-${buyer.id}-1`,
        status: 'paid',
        paidAt: now,
      },
      {
        userId: buyer.id,
        purpose: 'plan',
        amount: 999,
        currency: 'INR',
        provider: 'test',
        receipt: `r-${buyer.id}-2`,
        status: 'failed',
      },
    ]);
    const response = await call(admin, 'GET', '/api/admin/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    const { figures, series } = response.json();
    const [counted] = (
      await ctx.app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from users where user_type = 'student' and deleted_at is null`,
      )
    ).rows;
    expect(figures.people.student).toBe(counted.n);
    expect(figures.revenueThisMonth).toBeGreaterThanOrEqual(1000);
    expect(figures.currency).toBe('INR');
    expect(figures.signUps30d).toBeGreaterThan(5);
    expect(series.bucket).toBe('month');
    const today = (
      await call(admin, 'GET', `/api/admin/dashboard?from=${now.toISOString().slice(0, 10)}`)
    ).json();
    expect(today.series.bucket).toBe('day');
    expect(today.series.points.at(-1).revenue).toBeGreaterThanOrEqual(1000);
    expect(today.series.points.at(-1).signUps).toBeGreaterThan(5);
    expect((await call(admin, 'GET', '/api/admin/dashboard?from=2026-05-01&to=2026-01-01')).statusCode).toBe(
      400,
    );
    expect((await call(admin, 'GET', '/api/admin/dashboard?from=1900-01-01')).statusCode).toBe(400);
  });
});
