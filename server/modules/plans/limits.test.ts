import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, storedFiles } from '../../db/schema/index';
import { accountState } from '../../http/account-state';
import { insertCourse, VALID_COURSE_INFO } from '../../test/courses';
import { buildAndLogin, buildUser } from '../../test/factories';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart, tinyPng } from '../../test/uploads';
import { storageUsedBytes } from '../files/uploads';
import { assertWithinLimit, planOf } from './limits';
import { moduleAccess } from './module-access';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const postCourse = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/courses', headers, payload: VALID_COURSE_INFO });

describe('plan limits', () => {
  it("refuses a course over the plan's limit with a clear message, counting the institute's teachers", async () => {
    const plan = await insertPlan(ctx.app, { audience: 'institute', limits: { courses: 2 } });
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    await putOnPlan(ctx.app, institute.user.id, plan.id);
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });

    expect((await postCourse(teacher.headers)).statusCode).toBe(201);
    expect((await postCourse(institute.headers)).statusCode).toBe(201);
    const refused = await postCourse(teacher.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your plan allows 2 courses (limit reached). Please upgrade your plan to add more.',
    );
  });

  it("uses the institute's plan for its teachers and no plan for admins or students", async () => {
    const plan = await insertPlan(ctx.app, { audience: 'institute' });
    const institute = await buildUser(ctx.app, { userType: 'institute' });
    await putOnPlan(ctx.app, institute.id, plan.id);
    const teacher = await buildUser(ctx.app, { userType: 'teacher', instituteId: institute.id });
    expect((await planOf(ctx.app, teacher.id))?.id).toBe(plan.id);
    const admin = await buildUser(ctx.app, { userType: 'admin' });
    const student = await buildUser(ctx.app, { userType: 'student' });
    expect(await planOf(ctx.app, admin.id)).toBeNull();
    expect(await planOf(ctx.app, student.id)).toBeNull();
    await expect(
      assertWithinLimit(
        ctx.app,
        { userId: admin.id, userType: 'admin', instituteId: null },
        'courses',
        10_000,
      ),
    ).resolves.toBeUndefined();
  });

  it('names the gurus limit with its own text', async () => {
    const plan = await insertPlan(ctx.app, { limits: { gurus: 1 } });
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    await putOnPlan(ctx.app, teacher.id, plan.id);
    const holder = { userId: teacher.id, userType: 'teacher' as const, instituteId: null };
    await expect(assertWithinLimit(ctx.app, holder, 'gurus', 0)).resolves.toBeUndefined();
    await expect(assertWithinLimit(ctx.app, holder, 'gurus', 1)).rejects.toMatchObject({
      status: 403,
      message: 'Please upgrade your plan to add more gurus',
    });
  });

  it("limits storage to the plan's storageMb", async () => {
    const plan = await insertPlan(ctx.app, { limits: { storageMb: 1 } });
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await putOnPlan(ctx.app, teacher.user.id, plan.id);
    const course = await insertCourse(ctx.app, teacher.user.id);
    const upload = () => {
      const body = multipart('cover.png', 'image/png', tinyPng());
      return ctx.app.inject({
        method: 'POST',
        url: `/api/courses/${course.id}/thumbnail`,
        headers: { ...teacher.headers, ...body.headers },
        payload: body.payload,
      });
    };
    expect((await upload()).statusCode).toBe(200);
    await ctx.app.db.insert(storedFiles).values({
      path: `users/${teacher.user.id}/filler.bin`,
      ownerId: teacher.user.id,
      contentType: 'application/octet-stream',
      category: 'document',
      sizeBytes: 1024 * 1024,
      visibility: 'private',
    });
    const full = await upload();
    expect(full.statusCode).toBe(413);
    expect(full.json().message).toMatch(/^Your storage is full \(\d+ MB of 1 MB used/);
  });

  it("counts an institute's teachers' files against the institute's storage quota", async () => {
    const plan = await insertPlan(ctx.app, { audience: 'institute', limits: { storageMb: 1 } });
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    await putOnPlan(ctx.app, institute.user.id, plan.id);
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const outsider = await buildUser(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, teacher.user.id);
    const upload = () => {
      const body = multipart('cover.png', 'image/png', tinyPng());
      return ctx.app.inject({
        method: 'POST',
        url: `/api/courses/${course.id}/thumbnail`,
        headers: { ...teacher.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const store = (ownerId: string, sizeBytes: number) =>
      ctx.app.db.insert(storedFiles).values({
        path: `users/${ownerId}/filler-${sizeBytes}.bin`,
        ownerId,
        contentType: 'application/octet-stream',
        category: 'document',
        sizeBytes,
        visibility: 'private',
      });
    const usage = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: institute.headers })
      ).json().usage;

    // Another teacher's files are not the institute's business.
    await store(outsider.id, 5 * 1024 * 1024);
    expect(await storageUsedBytes(ctx.app, institute.user.id)).toBe(0);

    // The teacher's upload is counted for the institute (and the teacher sees the same shared total).
    expect((await upload()).statusCode).toBe(200);
    // The picture and its smaller copies (medium, large) all count.
    const pictureRows = await ctx.app.db
      .select()
      .from(storedFiles)
      .where(like(storedFiles.path, `courses/${course.id}/thumbnails/%`));
    expect(pictureRows).toHaveLength(3);
    const png = pictureRows.reduce((sum, row) => sum + row.sizeBytes, 0);
    expect(png).toBeGreaterThan(tinyPng().length);
    expect(await storageUsedBytes(ctx.app, institute.user.id)).toBe(png);
    expect(await storageUsedBytes(ctx.app, teacher.user.id)).toBe(png);
    await store(teacher.user.id, 512 * 1024);
    expect(await usage()).toMatchObject({ courses: 1, storageMb: 0.5 });

    // The institute's own files fill the rest of its 1 MB: the teacher's next upload is refused.
    await store(institute.user.id, 512 * 1024);
    const full = await upload();
    expect(full.statusCode).toBe(413);
    expect(full.json().message).toMatch(/^Your storage is full \(2 MB of 1 MB used/);
    expect(await storageUsedBytes(ctx.app, institute.user.id)).toBe(png + 1024 * 1024);
  });

  it('keeps a retired plan for its subscriber', async () => {
    const plan = await insertPlan(ctx.app, {});
    const teacher = await buildUser(ctx.app, { userType: 'teacher' });
    await putOnPlan(ctx.app, teacher.id, plan.id);
    await ctx.app.db.update(plans).set({ status: 'retired' }).where(eq(plans.id, plan.id));
    const state = await accountState(ctx.app.db, { id: teacher.id, userType: 'teacher', instituteId: null });
    expect(state).toMatchObject({ planId: plan.id, trialEnded: false, subscriptionEnded: false });
  });
});

describe('plan modules', () => {
  it('refuses quiz creation when quizzes are NONE or PARTIAL, but lets PARTIAL list them', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, teacher.user.id);
    const url = `/api/quizzes/of-course/${course.id}`;
    const payload = { title: 'Week 1', timeLimitMinutes: 10, attemptsAllowed: 1, passPercent: 50 };

    const partial = await insertPlan(ctx.app, { modules: { quizzes: 'PARTIAL' } });
    await putOnPlan(ctx.app, teacher.user.id, partial.id);
    const refused = await ctx.app.inject({ method: 'POST', url, headers: teacher.headers, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your plan lets you use existing Quizzes but not add more.');
    expect((await ctx.app.inject({ method: 'GET', url, headers: teacher.headers })).statusCode).toBe(200);

    const none = await insertPlan(ctx.app, { modules: { quizzes: 'NONE' } });
    await putOnPlan(ctx.app, teacher.user.id, none.id);
    const hidden = await ctx.app.inject({ method: 'POST', url, headers: teacher.headers, payload });
    expect(hidden.json().message).toBe('Your plan does not include Quizzes.');

    const full = await insertPlan(ctx.app, {});
    await putOnPlan(ctx.app, teacher.user.id, full.id);
    const made = await ctx.app.inject({ method: 'POST', url, headers: teacher.headers, payload });
    expect(made.statusCode, made.body).toBe(201);
  });

  it("refuses the owners' reports when reports are NONE, keeping a learner's own report", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const none = await insertPlan(ctx.app, { audience: 'institute', modules: { reports: 'NONE' } });
    await putOnPlan(ctx.app, institute.user.id, none.id);
    for (const headers of [institute.headers, teacher.headers]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/reports/courses', headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Your plan does not include Reports.');
    }
    const own = await ctx.app.inject({ method: 'GET', url: '/api/reports/me', headers: teacher.headers });
    expect(own.statusCode).toBe(200);

    const partial = await insertPlan(ctx.app, { audience: 'institute', modules: { reports: 'PARTIAL' } });
    await putOnPlan(ctx.app, institute.user.id, partial.id);
    const used = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports/courses',
      headers: teacher.headers,
    });
    expect(used.statusCode).toBe(200);
  });

  it('refuses course creation when the courses module is PARTIAL and fills missing modules with FULL', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const partial = await insertPlan(ctx.app, { modules: { courses: 'PARTIAL' } });
    await putOnPlan(ctx.app, teacher.user.id, partial.id);
    const refused = await postCourse(teacher.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your plan lets you use existing Courses but not add more.');

    const old = await insertPlan(ctx.app, {});
    await ctx.app.db.update(plans).set({ modules: {} }).where(eq(plans.id, old.id));
    await putOnPlan(ctx.app, teacher.user.id, old.id);
    const holder = { userId: teacher.user.id, userType: 'teacher' as const, instituteId: null };
    expect(await moduleAccess(ctx.app, holder, 'integrations')).toBe('FULL');
  });
});
