import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskEvent } from '../../../common/contracts/gurus';
import type { CourseInsights, InsightCourseList } from '../../../common/contracts/insights';
import { GURU_LIMITS } from '../../../common/gurus';
import { guruQuestions, gurus } from '../../db/schema/index';
import hi from '../../i18n/hi/insights.json';
import { answerTextOf } from '../../test/ask-events';
import { buildAndLogin } from '../../test/factories';
import { ask, insightCourse, insightGuru, progress } from '../../test/fixtures/insights';
import { createGuru, setGuruSources } from '../../test/gurus';
import { startTestApp, type TestContext } from '../../test/harness';
import { subscribeDirectly } from '../../test/quizzes';
import { FAQ_FULL_MESSAGE, GROUP_OF_ANOTHER_GURU } from './faq';
import { staleCourses } from './periodic';

/** Who sees which course's insights, the list, refreshing on demand, the FAQ route and the digest setting. */
let ctx: TestContext;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let teacherA: Session;
let teacherB: Session;
let institute: Session;
let faculty: Session;
let admin: Session;
let student: Session;
const course = { a1: '', b1: '', f1: '', i1: '' };

const call = (session: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: session.headers, payload: payload as never });
const insightsOf = async (session: Session, courseId: string): Promise<CourseInsights> => {
  const response = await call(session, 'GET', `/api/insights/courses/${courseId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const refresh = async (session: Session, courseId: string) => {
  const response = await call(session, 'POST', `/api/insights/courses/${courseId}/refresh`);
  expect(response.statusCode, response.body).toBe(202);
};

beforeAll(async () => {
  ctx = await startTestApp();
  const { app } = ctx;
  teacherA = await buildAndLogin(app, { userType: 'teacher', fullName: 'Teacher A' });
  teacherB = await buildAndLogin(app, { userType: 'teacher', fullName: 'Teacher B' });
  institute = await buildAndLogin(app, { userType: 'institute', fullName: 'Institute I' });
  faculty = await buildAndLogin(app, {
    userType: 'teacher',
    fullName: 'Faculty F',
    instituteId: institute.user.id,
  });
  admin = await buildAndLogin(app, { userType: 'admin' });
  student = await buildAndLogin(app, { userType: 'student' });
  const lessons = [{ title: 'Lesson 1', durationSeconds: 100 }];
  course.a1 = (await insightCourse(app, teacherA.user.id, 'Algebra', lessons)).id;
  course.b1 = (await insightCourse(app, teacherB.user.id, 'Botany', lessons)).id;
  course.f1 = (await insightCourse(app, faculty.user.id, 'Forces', lessons)).id;
  course.i1 = (await insightCourse(app, institute.user.id, 'Ink', lessons)).id;
});
afterAll(async () => ctx?.close());

describe('who sees a course’s insights', () => {
  it('teachers their own courses; another teacher’s answers 404 as a missing one does', async () => {
    expect((await insightsOf(teacherA, course.a1)).course.title).toBe('Algebra');
    for (const [session, id] of [
      [teacherA, course.b1],
      [teacherB, course.a1],
      [teacherA, course.f1],
      [faculty, course.i1],
      [teacherA, '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f'],
    ] as const) {
      for (const [method, url] of [
        ['GET', `/api/insights/courses/${id}`],
        ['POST', `/api/insights/courses/${id}/refresh`],
      ] as const) {
        const response = await call(session, method, url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Course not found' });
      }
    }
    const inHindi = await ctx.app.inject({
      method: 'GET',
      url: `/api/insights/courses/${course.b1}`,
      headers: { ...teacherA.headers, 'accept-language': 'hi' },
    });
    expect(inHindi.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: hi['server.insights.courseNotFound'],
    });
  });

  it('institutes theirs and their teachers’; admins every course; students none', async () => {
    expect((await insightsOf(institute, course.f1)).course.title).toBe('Forces');
    expect((await insightsOf(institute, course.i1)).course.title).toBe('Ink');
    expect((await call(institute, 'GET', `/api/insights/courses/${course.a1}`)).statusCode).toBe(404);
    for (const id of Object.values(course)) await insightsOf(admin, id);
    expect((await call(student, 'GET', `/api/insights/courses/${course.a1}`)).statusCode).toBe(403);
  });

  it('lists the courses in scope by title, searched and paged', async () => {
    const list = async (session: Session, query = '') => {
      const response = await call(session, 'GET', `/api/insights/courses${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as InsightCourseList;
    };
    expect((await list(teacherA)).courses.map((c) => [c.title, c.ownerName])).toEqual([
      ['Algebra', 'Teacher A'],
    ]);
    expect((await list(institute)).courses.map((c) => c.title)).toEqual(['Forces', 'Ink']);
    const all = await list(admin);
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(all.courses.map((c) => c.title)).toEqual(['Algebra', 'Botany', 'Forces', 'Ink']);
    expect((await list(admin, '?search=o')).courses.map((c) => c.title)).toEqual(['Botany', 'Forces']);
    expect(await list(admin, '?page=2')).toMatchObject({ courses: [], total: 4, page: 2 });
    await subscribeDirectly(ctx.app, course.a1, student.user.id);
    expect((await list(teacherA)).courses[0]).toMatchObject({ students: 1 });
  });

  it('refuses bad input with a clear 400', async () => {
    for (const url of [
      '/api/insights/courses?page=0',
      `/api/insights/courses?search=${'x'.repeat(101)}`,
      '/api/insights/courses/not-a-course',
    ]) {
      const response = await call(teacherA, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect((await call(teacherA, 'PUT', '/api/insights/digest', { weeklyDigest: 'yes' })).statusCode).toBe(
      400,
    );
  });
});

describe('refreshing', () => {
  it('queues a first refresh when a course is opened before it ever had one, and on request', async () => {
    const b2 = (
      await insightCourse(ctx.app, teacherB.user.id, 'Bees', [{ title: 'Lesson 1', durationSeconds: 100 }])
    ).id;
    const first = await insightsOf(teacherB, b2);
    expect(first).toMatchObject({ refreshedAt: null, refreshing: true, students: 0 });
    expect(first.questions.moments).toEqual([]);
    // Jobs run inline in tests: the refresh queued by that read has already run.
    const second = await insightsOf(teacherB, b2);
    expect(second.refreshing).toBe(false);
    expect(second.refreshedAt).not.toBeNull();
    expect(second.viewing.map((lesson) => lesson.title)).toEqual(['Lesson 1']);
    await refresh(teacherB, b2);
    const third = await insightsOf(teacherB, b2);
    expect(new Date(third.refreshedAt as string).getTime()).toBeGreaterThan(
      new Date(second.refreshedAt as string).getTime(),
    );
  });

  it('finds the courses with activity since their last refresh, by index probes', async () => {
    const guruId = await insightGuru(ctx.app, teacherA.user.id, 'Algebra Guru', [course.a1]);
    await refresh(teacherA, course.a1);
    await refresh(institute, course.f1);
    expect(await staleCourses(ctx.app)).not.toContain(course.a1);
    await ask(ctx.app, {
      guruId,
      userId: student.user.id,
      courseId: course.a1,
      question: 'What is x?',
      at: new Date(),
    });
    expect(await staleCourses(ctx.app)).toContain(course.a1);
    await refresh(teacherA, course.a1);
    expect(await staleCourses(ctx.app)).not.toContain(course.a1);
    const [lesson] = (await insightsOf(teacherA, course.a1)).viewing;
    await progress(ctx.app, student.user.id, lesson.videoId, [[0, 10]]);
    expect(await staleCourses(ctx.app)).toContain(course.a1);
    expect(await staleCourses(ctx.app)).not.toContain(course.f1);
  });
});

const events = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AskEvent);

describe('adding an FAQ entry from an unanswered group', () => {
  it('appends it to the guru’s FAQ, trains the guru, which then answers, and shows the group done', async () => {
    const { app } = ctx;
    const lina = await buildAndLogin(app, { userType: 'teacher', fullName: 'Lina Librarian' });
    const libraryCourse = (
      await insightCourse(app, lina.user.id, 'Using the library', [
        { title: 'Lesson 1', durationSeconds: 100 },
      ])
    ).id;
    const guru = await createGuru(app, lina.headers, { name: 'Library Guru' });
    await setGuruSources(app, lina.headers, guru.id, [libraryCourse]);
    const faq = await call(lina, 'PUT', `/api/gurus/${guru.id}/questions/faq`, {
      items: [
        { question: 'What is a variable?', answer: 'A variable is a letter that stands for a number.' },
      ],
    });
    expect(faq.statusCode, faq.body).toBe(200);
    expect((await call(lina, 'POST', `/api/gurus/${guru.id}/train`)).statusCode).toBe(202);
    const learner = await buildAndLogin(app, { userType: 'student' });
    await subscribeDirectly(app, libraryCourse, learner.user.id);
    const session = await call(learner, 'POST', `/api/gurus/${guru.id}/sessions`, {
      courseId: libraryCourse,
    });
    expect(session.statusCode, session.body).toBe(201);
    const askGuru = async (question: string) =>
      events(
        (await call(learner, 'POST', `/api/conversations/${session.json().conversationId}/ask`, { question }))
          .body,
      );
    expect((await askGuru('When does the library open in the morning?')).at(-1)).toMatchObject({
      type: 'done',
      notCovered: true,
    });

    await refresh(lina, libraryCourse);
    const before = await insightsOf(lina, libraryCourse);
    expect(before.gurus).toEqual([{ id: guru.id, name: 'Library Guru' }]);
    const group = before.questions.unanswered.find((g) => g.guruId === guru.id);
    expect(group).toMatchObject({ asks: 1, fixedAt: null, terms: ['library', 'morning', 'open'] });

    const added = await call(lina, 'POST', `/api/insights/gurus/${guru.id}/faq`, {
      question: 'When does the library open in the morning?',
      answer: 'The library opens at 9 am every morning, Monday to Saturday.',
      groupKey: group?.key,
    });
    expect(added.statusCode, added.body).toBe(201);
    const { faqId } = added.json();
    const [entry] = await app.db.select().from(guruQuestions).where(eq(guruQuestions.id, faqId));
    expect(entry).toMatchObject({ guruId: guru.id, kind: 'faq', position: 1 });
    const trained = await app.db.query.gurus.findFirst({ where: eq(gurus.id, guru.id) });
    expect(trained?.status).toBe('ready');

    // Shown done at once, and still after the next refresh (its question came before the fix).
    const after = await insightsOf(lina, libraryCourse);
    expect(after.questions.unanswered.find((g) => g.key === group?.key)?.fixedAt).not.toBeNull();
    await refresh(lina, libraryCourse);
    expect(
      (await insightsOf(lina, libraryCourse)).questions.unanswered.find((g) => g.key === group?.key)?.fixedAt,
    ).not.toBeNull();

    const again = await askGuru('When does the library open in the morning?');
    expect(again.at(-1)).toMatchObject({ type: 'done', notCovered: false });
    expect(answerTextOf(again)).toContain('9 am');
  });

  it('refuses another owner’s guru, a group of another guru, bad input and a full FAQ', async () => {
    const owner = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const guruOfA = await insightGuru(ctx.app, owner.user.id, 'A Guru', [course.a1]);
    const guruOfB = await insightGuru(ctx.app, teacherB.user.id, 'B Guru', [course.b1]);
    const entry = { question: 'Where is the lab?', answer: 'Room 4.' };
    const post = (session: Session, guruId: string, body: unknown) =>
      call(session, 'POST', `/api/insights/gurus/${guruId}/faq`, body);
    expect((await post(owner, guruOfB, entry)).statusCode).toBe(403);
    expect((await post(faculty, guruOfA, entry)).statusCode).toBe(403);
    expect((await post(owner, '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f', entry)).statusCode).toBe(404);
    const foreign = await post(owner, guruOfA, { ...entry, groupKey: `${guruOfB}:lab` });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(GROUP_OF_ANOTHER_GURU.english);
    expect((await post(owner, guruOfA, { ...entry, groupKey: 'nonsense' })).statusCode).toBe(400);
    for (const body of [
      { question: 'Where?' },
      { ...entry, answer: '' },
      { ...entry, groupKey: 'x'.repeat(601) },
    ]) {
      expect((await post(owner, guruOfA, body)).statusCode).toBe(400);
    }
    // The institute adds to its teacher's guru; an admin to anyone's.
    const guruOfF = await insightGuru(ctx.app, faculty.user.id, 'F Guru', [course.f1]);
    expect((await post(institute, guruOfF, entry)).statusCode).toBe(201);
    expect((await post(admin, guruOfB, entry)).statusCode).toBe(201);

    await ctx.app.db.insert(guruQuestions).values(
      Array.from({ length: GURU_LIMITS.questionsPerTab - 1 }, (_, position) => ({
        guruId: guruOfB,
        kind: 'faq',
        question: `Question ${position}`,
        answer: 'An answer.',
        position: position + 1,
      })),
    );
    const full = await post(teacherB, guruOfB, entry);
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe(FAQ_FULL_MESSAGE.english);
    expect(FAQ_FULL_MESSAGE.english).toBe(
      `This guru already has ${GURU_LIMITS.questionsPerTab} FAQ entries, the most it can hold. Remove one on its FAQ tab, then add this one.`,
    );
    // Decision 070: the same refusal in Hindi for a teacher who reads Hindi, the limit filled in.
    const fullInHindi = await ctx.app.inject({
      method: 'POST',
      url: `/api/insights/gurus/${guruOfB}/faq`,
      headers: { ...teacherB.headers, 'accept-language': 'hi' },
      payload: entry,
    });
    expect(fullInHindi.statusCode).toBe(400);
    expect(fullInHindi.json().message).toBe(
      hi['server.insights.faqFull'].replace('{max}', String(GURU_LIMITS.questionsPerTab)),
    );
    expect(fullInHindi.json().message).toContain(`पहले से ${GURU_LIMITS.questionsPerTab} FAQ`);
    const count = await ctx.app.db
      .select()
      .from(guruQuestions)
      .where(and(eq(guruQuestions.guruId, guruOfB), eq(guruQuestions.kind, 'faq')));
    expect(count).toHaveLength(GURU_LIMITS.questionsPerTab);
  });
});

describe('the weekly digest setting', () => {
  it('is on until turned off, per person', async () => {
    expect((await call(teacherA, 'GET', '/api/insights/digest')).json()).toEqual({ weeklyDigest: true });
    const put = await call(teacherA, 'PUT', '/api/insights/digest', { weeklyDigest: false });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ weeklyDigest: false });
    expect((await call(teacherA, 'GET', '/api/insights/digest')).json()).toEqual({ weeklyDigest: false });
    expect((await call(teacherB, 'GET', '/api/insights/digest')).json()).toEqual({ weeklyDigest: true });
  });
});
