import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { courses } from '../../db/schema/index';
import { insertCourse } from '../../test/courses';
import { buildAndLogin, buildUser } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { buildSnapshot } from '../approvals/snapshots';

let ctx: TestContext;
type Headers = Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const makeCourse = (ownerId: string, patch: Partial<typeof courses.$inferInsert> = {}) =>
  insertCourse(ctx.app, ownerId, patch);

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Headers, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers, payload });
const faqsUrl = (courseId: string) => `/api/courses/${courseId}/faqs`;
const add = (headers: Headers, courseId: string, question: string, answer = `About ${question}`) =>
  call('POST', headers, faqsUrl(courseId), { question, answer });
const questions = async (headers: Headers, courseId: string) => {
  const response = await call('GET', headers, faqsUrl(courseId));
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().faqs as { question: string; position: number }[]).map((f) => f.question);
};

describe('course FAQ', () => {
  it('adds, lists in order, edits, reorders and deletes entries', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(user.id);
    expect(await questions(headers, course.id)).toEqual([]);

    const first = await add(headers, course.id, '  What do I need?  ', 'A pencil.');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ courseId: course.id, question: 'What do I need?', position: 0 });
    const second = (await add(headers, course.id, 'How long is it?')).json();
    const third = (await add(headers, course.id, 'Is there a quiz?')).json();
    expect(second.position).toBe(1);
    expect(await questions(headers, course.id)).toEqual([
      'What do I need?',
      'How long is it?',
      'Is there a quiz?',
    ]);

    const edited = await call('PUT', headers, `${faqsUrl(course.id)}/${second.id}`, { answer: 'Two hours.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ question: 'How long is it?', answer: 'Two hours.' });

    const moved = await call('PUT', headers, `${faqsUrl(course.id)}/${third.id}`, { position: 0 });
    expect(moved.json().position).toBe(0);
    expect(await questions(headers, course.id)).toEqual([
      'Is there a quiz?',
      'What do I need?',
      'How long is it?',
    ]);
    const positions = (await call('GET', headers, faqsUrl(course.id)))
      .json()
      .faqs.map((f: { position: number }) => f.position);
    expect(positions).toEqual([0, 1, 2]);

    const removed = await call('DELETE', headers, `${faqsUrl(course.id)}/${first.json().id}`);
    expect(removed.statusCode).toBe(200);
    expect(await questions(headers, course.id)).toEqual(['Is there a quiz?', 'How long is it?']);
    const missing = await call('DELETE', headers, `${faqsUrl(course.id)}/${first.json().id}`);
    expect(missing.statusCode).toBe(404);
  });

  it('requires a question and an answer, with the spec texts', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(user.id);
    const response = await call('POST', headers, faqsUrl(course.id), { question: '', answer: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { question: MSG.required, answer: MSG.onlySpace },
    });
    const created = (await add(headers, course.id, 'Q?')).json();
    const badEdit = await call('PUT', headers, `${faqsUrl(course.id)}/${created.id}`, {
      question: '',
      position: -1,
    });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json().fields).toMatchObject({
      question: MSG.required,
      position: 'The position cannot be negative',
    });
  });

  it('lets only the course authors in: owner, their institute and admins; not another teacher or a student', async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const course = await makeCourse(teacher.user.id);
    const created = (await add(teacher.headers, course.id, 'Who teaches?')).json();
    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });

    for (const outsider of [other, student]) {
      expect((await call('GET', outsider.headers, faqsUrl(course.id))).statusCode).toBe(403);
      expect((await add(outsider.headers, course.id, 'Sneaky?')).statusCode).toBe(403);
      const put = await call('PUT', outsider.headers, `${faqsUrl(course.id)}/${created.id}`, { answer: 'x' });
      expect(put.statusCode).toBe(403);
      const del = await call('DELETE', outsider.headers, `${faqsUrl(course.id)}/${created.id}`);
      expect(del.statusCode).toBe(403);
    }
    expect((await add(institute.headers, course.id, 'From the institute?')).statusCode).toBe(201);
    expect((await add(admin.headers, course.id, 'From the admin?')).statusCode).toBe(201);
    expect(await questions(teacher.headers, course.id)).toEqual([
      'Who teaches?',
      'From the institute?',
      'From the admin?',
    ]);
  });

  it('completes the faq step and shows in the withFaq / withoutFaq filters', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await makeCourse(user.id, { title: 'Faq filter course' });
    const empty = await makeCourse(user.id, { title: 'No faq course' });
    const steps = async () => (await call('GET', headers, `/api/courses/${course.id}`)).json().steps;
    expect((await steps()).faq).toBe(false);
    await add(headers, course.id, 'Anything?');
    expect((await steps()).faq).toBe(true);

    const titles = async (filter: string) =>
      (await call('GET', headers, `/api/courses?filter=${filter}&pageSize=50`))
        .json()
        .courses.map((c: { title: string }) => c.title);
    expect(await titles('withFaq')).toEqual(['Faq filter course']);
    expect(await titles('withoutFaq')).toEqual([empty.title]);
  });

  it('puts an approved course into PENDING_REAPPROVAL when its FAQ changes', async () => {
    const owner = await buildUser(ctx.app, { userType: 'teacher' });
    const { headers } = await buildAndLogin(ctx.app, { userType: 'admin' });
    const draft = await makeCourse(owner.id);
    const snapshot = await buildSnapshot(ctx.app.db, draft);
    await ctx.app.db
      .update(courses)
      .set({ approvalStatus: 'APPROVED', approvedSnapshot: snapshot })
      .where(eq(courses.id, draft.id));
    expect((await add(headers, draft.id, 'New question?')).statusCode).toBe(201);
    const [row] = await ctx.app.db.select().from(courses).where(eq(courses.id, draft.id));
    expect(row.approvalStatus).toBe('PENDING_REAPPROVAL');
    expect((row.approvedSnapshot as typeof snapshot).faqs).toEqual([]);
  });
});
