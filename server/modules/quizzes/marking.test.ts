import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  AttemptView,
  MarkingRow,
  MarkingView,
  QuizMarkedEvent,
} from '../../../common/contracts/quizzes';
import { quizAttempts } from '../../db/schema/index';
import { rooms } from '../../realtime/socket';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi, submitAndApprove } from '../../test/live-courses';
import {
  answerUrl,
  attemptUrl,
  insertQuiz,
  options,
  startAttemptViaApi,
  subscribeDirectly,
} from '../../test/quizzes';
import { multipart, tinyPng } from '../../test/uploads';

let ctx: TestContext;
type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let institute: Session;
let facultyTeacher: Session;
let otherTeacher: Session;
let student: Session;
const ids = { course: '', otherCourse: '', quiz: '', otherQuiz: '', attempt: '', otherAttempt: '' };
let questions: string[] = [];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
const markingUrl = (attemptId: string) => `/api/marking/attempts/${attemptId}`;
const mark = (headers: Headers, attemptId: string, marks: unknown[]) =>
  call('PUT', markingUrl(attemptId), headers, { marks });
const list = async (headers: Headers, query = '') => {
  const response = await call('GET', `/api/marking/attempts${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { attempts: MarkingRow[]; total: number; waiting: number };
};

/** A student's submitted attempt on the quiz: right single choice, a long text and a picture. */
async function submittedAttempt(learner: Session, quizId: string, questionIds: string[]): Promise<string> {
  const attempt = await startAttemptViaApi(ctx.app, learner.headers, quizId);
  const [single, long, file] = questionIds;
  await call('PUT', answerUrl(attempt.id, single), learner.headers, { response: { optionIds: ['o1'] } });
  await call('PUT', answerUrl(attempt.id, long), learner.headers, { response: { text: 'Two quarters.' } });
  if (file) {
    const body = multipart('work.png', 'image/png', tinyPng());
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `${answerUrl(attempt.id, file)}/file`,
      payload: body.payload,
      headers: { ...learner.headers, ...body.headers },
    });
    expect(upload.statusCode, upload.body).toBe(200);
  }
  const submitted = await call('POST', `${attemptUrl(attempt.id)}/submit`, learner.headers);
  expect(submitted.json().status).toBe('submitted');
  return attempt.id;
}

beforeAll(async () => {
  ctx = await startTestApp();
  institute = await buildAndLogin(ctx.app, { userType: 'institute' });
  facultyTeacher = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
  otherTeacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  student = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'Asha Learner' });
  const admin = (await buildAndLogin(ctx.app, { userType: 'admin' })).headers;

  ids.course = await createCourseViaApi(ctx.app, facultyTeacher.headers, { title: 'Faculty fractions' });
  const quiz = await insertQuiz(ctx.app, ids.course, { title: 'Marked by hand', passPercent: 70 }, [
    { type: 'single', options: options(['right', 'wrong'], [0]), marks: 2 },
    { type: 'long', marks: 5 },
    { type: 'file', marks: 3 },
  ]);
  ids.quiz = quiz.quizId;
  questions = quiz.questionIds;
  await submitAndApprove(ctx.app, facultyTeacher.headers, admin, ids.course);

  ids.otherCourse = await createCourseViaApi(ctx.app, otherTeacher.headers, { title: 'Other fractions' });
  const other = await insertQuiz(ctx.app, ids.otherCourse, { title: 'Elsewhere' }, [
    { type: 'single', options: options(['right', 'wrong'], [0]), marks: 1 },
    { type: 'long', marks: 1 },
  ]);
  ids.otherQuiz = other.quizId;
  await submitAndApprove(ctx.app, otherTeacher.headers, admin, ids.otherCourse);

  await subscribeDirectly(ctx.app, ids.course, student.user.id);
  await subscribeDirectly(ctx.app, ids.otherCourse, student.user.id);
  ids.attempt = await submittedAttempt(student, ids.quiz, questions);
  ids.otherAttempt = await submittedAttempt(student, ids.otherQuiz, other.questionIds);
});
afterAll(async () => ctx?.close());

describe('who sees what waits for marking', () => {
  it('shows a teacher the attempts on their own courses only', async () => {
    const mine = await list(facultyTeacher.headers);
    expect(mine.attempts).toEqual([
      expect.objectContaining({
        attemptId: ids.attempt,
        studentName: 'Asha Learner',
        courseTitle: 'Faculty fractions',
        quizTitle: 'Marked by hand',
        status: 'submitted',
        waiting: 2,
        score: 2,
        maxScore: 10,
      }),
    ]);
    expect(mine).toMatchObject({ total: 1, waiting: 1 });
    expect((await list(otherTeacher.headers)).attempts.map((a) => a.attemptId)).toEqual([ids.otherAttempt]);
    expect((await list(facultyTeacher.headers, '?status=marked')).attempts).toEqual([]);
    expect((await list(facultyTeacher.headers, `?courseId=${ids.otherCourse}`)).attempts).toEqual([]);
  });

  it("shows an institute its teachers' attempts", async () => {
    const seen = await list(institute.headers);
    expect(seen.attempts.map((a) => a.attemptId)).toEqual([ids.attempt]);
    expect((await call('GET', markingUrl(ids.attempt), institute.headers)).statusCode).toBe(200);
  });

  it("lists the courses with attempts to mark for the filter: a teacher's own, an institute's teachers'", async () => {
    const courses = async (headers: Headers) => {
      const response = await call('GET', '/api/marking/courses', headers);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { courses: { id: string; title: string }[] }).courses;
    };
    expect(await courses(facultyTeacher.headers)).toEqual([{ id: ids.course, title: 'Faculty fractions' }]);
    expect(await courses(institute.headers)).toEqual([{ id: ids.course, title: 'Faculty fractions' }]);
    expect(await courses(otherTeacher.headers)).toEqual([{ id: ids.otherCourse, title: 'Other fractions' }]);
    expect((await call('GET', '/api/marking/courses', student.headers)).statusCode).toBe(403);
  });

  it('answers 404 to a teacher who does not own the course', async () => {
    expect((await call('GET', markingUrl(ids.attempt), otherTeacher.headers)).statusCode).toBe(404);
    expect(
      (await mark(otherTeacher.headers, ids.attempt, [{ questionId: questions[1], score: 1 }])).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `${markingUrl(ids.attempt)}/answers/${questions[2]}/file`, otherTeacher.headers))
        .statusCode,
    ).toBe(404);
  });

  it('caps the page size at 50', async () => {
    const response = await call('GET', '/api/marking/attempts?pageSize=51', facultyTeacher.headers);
    expect(response.statusCode).toBe(400);
    expect((await list(facultyTeacher.headers, '?pageSize=50&page=2')).attempts).toEqual([]);
  });
});

describe('marking an attempt', () => {
  it('shows every question with its answer, automatic score and a signed link to the file', async () => {
    const view = (await call('GET', markingUrl(ids.attempt), facultyTeacher.headers)).json() as MarkingView;
    expect(view.questions.map((q) => [q.type, q.score, q.needsMarking])).toEqual([
      ['single', 2, false],
      ['long', null, true],
      ['file', null, true],
    ]);
    expect(view.questions[1].response).toEqual({ text: 'Two quarters.' });
    expect(view.questions[2].fileUrl).toEqual(expect.any(String));
    expect(view.questions[0].fileUrl).toBeNull();
    const file = await call(
      'GET',
      `${markingUrl(ids.attempt)}/answers/${questions[2]}/file`,
      facultyTeacher.headers,
    );
    expect(file.statusCode).toBe(200);
    expect(file.json().url).toEqual(expect.any(String));
    const noFile = await call(
      'GET',
      `${markingUrl(ids.attempt)}/answers/${questions[1]}/file`,
      facultyTeacher.headers,
    );
    expect(noFile.statusCode).toBe(404);
  });

  it('refuses scores out of bounds and marks for automatic questions', async () => {
    const tooHigh = await mark(facultyTeacher.headers, ids.attempt, [{ questionId: questions[1], score: 6 }]);
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toBe('The score must be between 0 and 5');
    const negative = await mark(facultyTeacher.headers, ids.attempt, [
      { questionId: questions[1], score: -1 },
    ]);
    expect(negative.statusCode).toBe(400);
    const automatic = await mark(facultyTeacher.headers, ids.attempt, [
      { questionId: questions[0], score: 1 },
    ]);
    expect(automatic.statusCode).toBe(400);
    const [row] = await ctx.app.db.select().from(quizAttempts).where(eq(quizAttempts.id, ids.attempt));
    expect(row).toMatchObject({ status: 'submitted', score: 2 });
  });

  it('completes marking, decides the pass and tells the student live', async () => {
    const notify = vi.spyOn(ctx.app.realtime, 'notify');
    const partial = await mark(facultyTeacher.headers, ids.attempt, [
      { questionId: questions[1], score: 4, feedback: 'Good reasoning' },
    ]);
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ status: 'submitted', waiting: 1, score: 6, passed: null });
    expect(notify).not.toHaveBeenCalled();

    const done = await mark(institute.headers, ids.attempt, [{ questionId: questions[2], score: 2 }]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'marked', waiting: 0, score: 8, passed: true });
    const event: QuizMarkedEvent = {
      attemptId: ids.attempt,
      quizId: ids.quiz,
      courseId: ids.course,
      score: 8,
      maxScore: 10,
      passed: true,
    };
    expect(notify).toHaveBeenCalledWith(rooms.user(student.user.id), 'quizMarked', event);
    notify.mockRestore();

    const [row] = await ctx.app.db.select().from(quizAttempts).where(eq(quizAttempts.id, ids.attempt));
    expect(row.markedBy).toBe(institute.user.id);
    expect(row.markedAt).toBeInstanceOf(Date);

    const seen = (await call('GET', attemptUrl(ids.attempt), student.headers)).json() as AttemptView;
    expect(seen).toMatchObject({ status: 'marked', score: 8, percent: 80, passed: true });
    expect(seen.result?.[1]).toMatchObject({ score: 4, feedback: 'Good reasoning', correct: false });
    expect((await list(facultyTeacher.headers, '?status=marked')).attempts.map((a) => a.attemptId)).toEqual([
      ids.attempt,
    ]);
    expect((await list(facultyTeacher.headers)).waiting).toBe(0);
  });

  it('lets a marker change a mark later, updating the score and pass', async () => {
    const remarked = await mark(facultyTeacher.headers, ids.attempt, [
      { questionId: questions[1], score: 1 },
    ]);
    expect(remarked.statusCode).toBe(200);
    expect(remarked.json()).toMatchObject({ status: 'marked', score: 5, passed: false });
    const [row] = await ctx.app.db.select().from(quizAttempts).where(eq(quizAttempts.id, ids.attempt));
    expect(row).toMatchObject({ score: 5, passed: false, markedBy: facultyTeacher.user.id });
  });

  it('does not show attempts still in progress', async () => {
    const learner = await buildAndLogin(ctx.app, { userType: 'student' });
    await subscribeDirectly(ctx.app, ids.course, learner.user.id);
    const open = await startAttemptViaApi(ctx.app, learner.headers, ids.quiz);
    expect((await call('GET', markingUrl(open.id), facultyTeacher.headers)).statusCode).toBe(404);
    expect((await list(facultyTeacher.headers)).attempts.map((a) => a.attemptId)).not.toContain(open.id);
  });
});
