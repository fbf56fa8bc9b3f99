import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { courseMaterials, courses, courseVideos } from '../../db/schema/index';
import { createCourse, insertReadyLesson } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { submitAndApprove } from '../../test/live-courses';

// Issue 21: renaming lessons and study material, and what a course needs before it may be submitted.

let ctx: TestContext;
type Headers = Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const put = (headers: Headers, url: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url, headers, payload: payload as Record<string, unknown> });
const videoUrl = (courseId: string, id: string) => `/api/courses/${courseId}/videos/${id}`;
const materialUrl = (courseId: string, id: string) => `/api/courses/${courseId}/materials/${id}`;

async function statusOf(courseId: string): Promise<string> {
  const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, courseId));
  return row.approvalStatus;
}

/** A course of `headers`' user with a ready lesson named "lesson1" and a study PDF named "notes". */
async function courseWithContent(headers: Headers) {
  const courseId = await createCourse(ctx.app, headers);
  const lesson = await insertReadyLesson(ctx.app, courseId, 'lesson1');
  const [material] = await ctx.app.db
    .insert(courseMaterials)
    .values({ courseId, title: 'notes', filePath: `courses/${courseId}/materials/notes.pdf`, sizeBytes: 10 })
    .returning();
  return { courseId, lesson, material };
}

describe('renaming a lesson and a study material', () => {
  it('saves the new, trimmed names the author gives', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const { courseId, lesson, material } = await courseWithContent(headers);

    const renamedLesson = await put(headers, videoUrl(courseId, lesson.id), {
      title: '  Fractions, part 1 ',
    });
    expect(renamedLesson.statusCode, renamedLesson.body).toBe(200);
    expect(renamedLesson.json()).toMatchObject({ id: lesson.id, title: 'Fractions, part 1', kind: 'lesson' });

    const renamedMaterial = await put(headers, materialUrl(courseId, material.id), {
      title: 'Chapter 1 notes',
    });
    expect(renamedMaterial.statusCode, renamedMaterial.body).toBe(200);
    expect(renamedMaterial.json()).toEqual({
      id: material.id,
      courseId,
      title: 'Chapter 1 notes',
      sizeBytes: 10,
      createdAt: material.createdAt.toISOString(),
    });
    const list = await ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}/materials`, headers });
    expect(list.json().materials.map((m: { title: string }) => m.title)).toEqual(['Chapter 1 notes']);
    // A draft stays a draft.
    expect(await statusOf(courseId)).toBe('DRAFT');
  });

  it('refuses an empty, blank or too long name with 400 and the form’s message, changing nothing', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const { courseId, lesson, material } = await courseWithContent(headers);
    const cases: [unknown, string][] = [
      [{ title: '' }, MSG.required],
      [{ title: '   ' }, MSG.onlySpace],
      [{ title: 'x'.repeat(151) }, 'Please use at most 150 characters'],
      [{ title: 42 }, MSG.required],
      [{}, MSG.required],
    ];
    for (const [payload, message] of cases) {
      const refused = await put(headers, materialUrl(courseId, material.id), payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION', fields: { title: message } });
    }
    for (const [payload, message] of cases.slice(0, 4)) {
      const refused = await put(headers, videoUrl(courseId, lesson.id), payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().fields.title).toBe(message);
    }
    expect((await put(headers, materialUrl(courseId, 'nope'), { title: 'A' })).statusCode).toBe(400);
    const unknown = '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f';
    expect((await put(headers, materialUrl(courseId, unknown), { title: 'A' })).statusCode).toBe(404);
    const [stored] = await ctx.app.db
      .select()
      .from(courseMaterials)
      .where(eq(courseMaterials.id, material.id));
    expect(stored.title).toBe('notes');
    const [video] = await ctx.app.db.select().from(courseVideos).where(eq(courseVideos.id, lesson.id));
    expect(video.title).toBe('lesson1');
  });

  it('lets the owner, their institute and an admin rename; refuses other teachers, students and guests', async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const owner = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const otherInstitute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const { courseId, lesson, material } = await courseWithContent(owner.headers);

    for (const outsider of [other, otherInstitute, student]) {
      for (const url of [materialUrl(courseId, material.id), videoUrl(courseId, lesson.id)]) {
        const refused = await put(outsider.headers, url, { title: 'Taken over' });
        expect(refused.statusCode, `${outsider.user.userType} ${url}`).toBe(403);
      }
    }
    expect((await put({}, materialUrl(courseId, material.id), { title: 'Anonymous' })).statusCode).toBe(401);

    for (const [who, name] of [
      [owner, 'By the owner'],
      [institute, 'By the institute'],
      [admin, 'By an admin'],
    ] as const) {
      const renamed = await put(who.headers, materialUrl(courseId, material.id), { title: name });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().title).toBe(name);
    }
  });

  it('sends an approved course back for re-approval, and the admin sees the new names', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const { courseId, lesson, material } = await courseWithContent(teacher.headers);
    await submitAndApprove(ctx.app, teacher.headers, admin.headers, courseId);
    expect(await statusOf(courseId)).toBe('APPROVED');

    // Saving the same name is no change: the course stays approved.
    expect(
      (await put(teacher.headers, materialUrl(courseId, material.id), { title: 'notes' })).statusCode,
    ).toBe(200);
    expect((await put(teacher.headers, videoUrl(courseId, lesson.id), { title: 'lesson1' })).statusCode).toBe(
      200,
    );
    expect(await statusOf(courseId)).toBe('APPROVED');

    await put(teacher.headers, materialUrl(courseId, material.id), { title: 'Worked examples' });
    expect(await statusOf(courseId)).toBe('PENDING_REAPPROVAL');
    await put(teacher.headers, videoUrl(courseId, lesson.id), { title: 'Adding fractions' });

    const review = await ctx.app.inject({
      method: 'GET',
      url: `/api/approvals/${courseId}`,
      headers: admin.headers,
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().changes).toEqual(
      expect.arrayContaining([
        {
          area: 'materials',
          kind: 'changed',
          label: 'Worked examples',
          before: 'notes',
          after: 'Worked examples',
        },
        {
          area: 'videos',
          kind: 'changed',
          label: 'Lesson: Adding fractions',
          before: 'Lesson: lesson1',
          after: 'Lesson: Adding fractions',
        },
      ]),
    );
    // Students keep the approved names until the admin approves the new ones.
    const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, courseId));
    const live = row.approvedSnapshot as { materials: { title: string }[]; videos: { title: string }[] };
    expect(live.materials.map((m) => m.title)).toEqual(['notes']);
    expect(live.videos.map((v) => v.title)).toEqual(['lesson1']);
  });
});

describe('what a course needs before it is submitted', () => {
  const submit = (headers: Headers, id: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/courses/${id}/submit`, headers });

  it('tells the wizard the facts, and refuses a course without a ready lesson with the shared message', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const courseId = await createCourse(ctx.app, headers);
    const course = await ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}`, headers });
    expect(course.json().submission).toEqual({
      informationComplete: true,
      readyLessons: 0,
      processingVideos: 0,
    });

    const empty = await submit(headers, courseId);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'Please add at least one lesson video before submitting.',
    });
    expect(await statusOf(courseId)).toBe('DRAFT');

    // A failed lesson or a preview is not a lesson students can watch.
    await ctx.app.db.insert(courseVideos).values([
      { courseId, kind: 'lesson', title: 'Broken', processingStatus: 'failed' },
      { courseId, kind: 'preview', title: 'Taster', processingStatus: 'ready' },
    ]);
    expect((await submit(headers, courseId)).statusCode).toBe(400);

    await insertReadyLesson(ctx.app, courseId);
    const after = await ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}`, headers });
    expect(after.json().submission).toEqual({
      informationComplete: true,
      readyLessons: 1,
      processingVideos: 0,
    });
    const accepted = await submit(headers, courseId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'PENDING' });
  });
});
