import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKLIST_MSG, type GettingStarted } from '../../../common/getting-started';
import { courseLibraries, courses, gurus } from '../../db/schema/index';
import { insertCourse, insertReadyLesson } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { submitAndApprove } from '../../test/live-courses';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;

async function checklist(headers: Headers): Promise<GettingStarted> {
  const response = await ctx.app.inject({ url: '/api/getting-started', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const ticks = (list: GettingStarted) =>
  Object.fromEntries(list.steps.map((step) => [step.key, step.waiting ? 'waiting' : step.done]));

const dismiss = (headers: Headers) =>
  ctx.app.inject({ method: 'POST', url: '/api/getting-started/dismiss', headers });

describe('the getting-started checklist', () => {
  it('ticks each step from what is in the database, linking where the next is done', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });

    const empty = await checklist(teacher.headers);
    expect(empty.steps.map((step) => step.key)).toEqual(['course', 'lesson', 'guru', 'publish', 'share']);
    expect(ticks(empty)).toEqual({ course: false, lesson: false, guru: false, publish: false, share: false });
    expect(empty.steps[0].href).toBe('/add-course-list?step=course-information');
    expect(empty.steps[1].href).toBe('/course-library-list');
    // Links that add a course or a guru say so: the page locks them when the plan does not let the teacher add.
    expect(empty.steps.map((step) => step.adds)).toEqual(['courses', null, null, null, null]);
    // A guru, publishing and sharing wait for a course: no link leads to a dead end.
    expect(empty.steps.slice(2).map((step) => step.href)).toEqual([null, null, null]);
    expect(empty.complete).toBe(false);

    const course = await insertCourse(ctx.app, teacher.user.id);
    const started = await checklist(teacher.headers);
    expect(ticks(started)).toMatchObject({ course: true, lesson: false });
    expect(started.steps[2].href).toBe('/training-guru?step=training-information');
    expect(started.steps.map((step) => step.adds)).toEqual([null, null, 'gurus', null, null]);
    expect(started.steps[4].href).toBeNull();

    // Narrated slides are ready: the lesson step now points at the course's videos step.
    await ctx.app.db
      .insert(courseLibraries)
      .values({ ownerId: teacher.user.id, title: 'Forces', status: 'ready' });
    const narrated = await checklist(teacher.headers);
    expect(narrated.steps[1]).toMatchObject({
      done: false,
      href: `/add-course-list?courseId=${course.id}&step=course-videos`,
    });

    await insertReadyLesson(ctx.app, course.id);
    expect(ticks(await checklist(teacher.headers))).toMatchObject({ lesson: true, guru: false });

    const [guru] = await ctx.app.db
      .insert(gurus)
      .values({ ownerId: teacher.user.id, name: 'Physics Guru' })
      .returning();
    const drafted = await checklist(teacher.headers);
    expect(drafted.steps[2]).toMatchObject({
      done: false,
      href: `/training-guru?guruId=${guru.id}&step=course-videos`,
      adds: null,
    });
    await ctx.app.db.update(gurus).set({ status: 'ready' }).where(eq(gurus.id, guru.id));
    expect(ticks(await checklist(teacher.headers))).toMatchObject({ guru: true, publish: false });

    const submitted = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/submit`,
      headers: teacher.headers,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(ticks(await checklist(teacher.headers))).toMatchObject({ publish: 'waiting' });

    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/approvals/${course.id}/approve`,
      headers: admin.headers,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const live = await checklist(teacher.headers);
    expect(ticks(live)).toMatchObject({ publish: true, share: false });
    expect(live.steps[4].href).toBe(`/view-course?courseId=${course.id}`);
    expect((await dismiss(teacher.headers)).json().message).toBe(CHECKLIST_MSG.notComplete);

    const link = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/share-token`,
      headers: teacher.headers,
    });
    expect(link.statusCode).toBe(200);
    const done = await checklist(teacher.headers);
    expect(done).toMatchObject({ complete: true, dismissed: false });

    expect((await dismiss(teacher.headers)).statusCode).toBe(204);
    expect(await checklist(teacher.headers)).toMatchObject({ complete: true, dismissed: true });
  });

  it("counts an institute's teachers' work for the institute, and nobody else's", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const faculty = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const stranger = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const course = await insertCourse(ctx.app, faculty.user.id);
    await submitAndApprove(ctx.app, faculty.headers, admin.headers, course.id);

    expect(ticks(await checklist(institute.headers))).toMatchObject({
      course: true,
      lesson: true,
      publish: true,
    });
    expect(ticks(await checklist(faculty.headers))).toMatchObject({ course: true, publish: true });
    expect(ticks(await checklist(stranger.headers))).toMatchObject({ course: false, publish: false });
    const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row.approvedSnapshot).not.toBeNull();
  });

  it('is for teachers and institutes only', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    expect((await ctx.app.inject({ url: '/api/getting-started', headers: student.headers })).statusCode).toBe(
      403,
    );
  });
});
