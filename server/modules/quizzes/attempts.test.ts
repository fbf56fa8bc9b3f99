import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptView, LearnerQuiz } from '../../../common/contracts/quizzes';
import { courses, courseVideos, quizAnswers, quizAttempts } from '../../db/schema/index';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi, submitAndApprove } from '../../test/live-courses';
import {
  answerUrl,
  attemptsUrl,
  attemptUrl,
  insertQuiz,
  options,
  startAttemptViaApi,
  subscribeDirectly,
  TRUE_FALSE,
  tinyPdf,
} from '../../test/quizzes';
import { multipart, tinyPng } from '../../test/uploads';
import { liveQuizzes } from '../courses/snapshot';
import { hasOpenAttempt } from '../gurus/session-service';
import { submitOverdueAttempts } from './attempt-grading';
import { freezePaper } from './attempt-paper';
import { ALREADY_SUBMITTED_MESSAGE, TIME_OVER_MESSAGE } from './attempt-service';
import { ATTEMPTS_USED_MESSAGE } from './attempt-start';

let ctx: TestContext;
type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let teacher: Session;
let student: Session;
const ids = { course: '', draft: '', video: '', mixed: '', once: '', shuffle: '', draftQuiz: '' };
let mixedQuestions: string[] = [];
let onceQuestions: string[] = [];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
const answer = (headers: Headers, attemptId: string, questionId: string, response: unknown) =>
  call('PUT', answerUrl(attemptId, questionId), headers, { response });
const submit = (headers: Headers, attemptId: string) =>
  call('POST', `${attemptUrl(attemptId)}/submit`, headers);
const uploadAnswer = (
  headers: Headers,
  attemptId: string,
  questionId: string,
  name: string,
  type: string,
  bytes: Buffer,
) => {
  const body = multipart(name, type, bytes);
  return ctx.app.inject({
    method: 'POST',
    url: `${answerUrl(attemptId, questionId)}/file`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
};

/** A fresh subscribed student, so each test starts with no attempts. */
async function newStudent(): Promise<Session> {
  const learner = await buildAndLogin(ctx.app, { userType: 'student' });
  await subscribeDirectly(ctx.app, ids.course, learner.user.id);
  return learner;
}

const SECRETS = {
  explanations: [
    'EXPLAIN-single',
    'EXPLAIN-multiple',
    'EXPLAIN-tf',
    'EXPLAIN-short',
    'EXPLAIN-long',
    'EXPLAIN-file',
  ],
  accepted: ['one half', 'a half'],
};

beforeAll(async () => {
  ctx = await startTestApp();
  teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  const admin = (await buildAndLogin(ctx.app, { userType: 'admin' })).headers;
  ids.course = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Fractions' });
  const [video] = await ctx.app.db
    .insert(courseVideos)
    .values({
      courseId: ids.course,
      title: 'Halves explained',
      processingStatus: 'ready',
      durationSeconds: 90,
    })
    .returning();
  ids.video = video.id;
  const mixed = await insertQuiz(
    ctx.app,
    ids.course,
    { title: 'Every type', attemptsAllowed: 2, passPercent: 50, position: 0 },
    [
      {
        type: 'single',
        options: options(['1/3', '1/2', '1/4'], [1]),
        marks: 2,
        negativeMarks: 1,
        explanation: SECRETS.explanations[0],
        videoId: video.id,
        videoSeconds: 42,
      },
      {
        type: 'multiple',
        options: options(['2/4', '3/6', '2/3'], [0, 1]),
        marks: 3,
        negativeMarks: 1,
        explanation: SECRETS.explanations[1],
      },
      { type: 'true_false', options: TRUE_FALSE(true), marks: 1, explanation: SECRETS.explanations[2] },
      {
        type: 'short',
        acceptedAnswers: SECRETS.accepted,
        marks: 2,
        negativeMarks: 0.5,
        explanation: SECRETS.explanations[3],
      },
      { type: 'long', marks: 5, explanation: SECRETS.explanations[4] },
      { type: 'file', marks: 4, explanation: SECRETS.explanations[5] },
    ],
  );
  ids.mixed = mixed.quizId;
  mixedQuestions = mixed.questionIds;
  const once = await insertQuiz(
    ctx.app,
    ids.course,
    { title: 'One go', attemptsAllowed: 1, passPercent: 60, position: 1, timeLimitMinutes: 10 },
    [
      { type: 'single', options: options(['yes', 'no'], [0]), marks: 1, negativeMarks: 1 },
      { type: 'single', options: options(['yes', 'no'], [1]), marks: 1, negativeMarks: 1 },
    ],
  );
  ids.once = once.quizId;
  onceQuestions = once.questionIds;
  ids.shuffle = (
    await insertQuiz(
      ctx.app,
      ids.course,
      { title: 'Shuffled', shuffleQuestions: true, shuffleOptions: true, position: 2 },
      Array.from({ length: 8 }, (_, i) => ({
        type: 'single' as const,
        options: options(['a', 'b', 'c', 'd'], [i % 4]),
      })),
    )
  ).quizId;
  await submitAndApprove(ctx.app, teacher.headers, admin, ids.course);
  ids.draft = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Draft' });
  ids.draftQuiz = (
    await insertQuiz(ctx.app, ids.draft, {}, [{ type: 'true_false', options: TRUE_FALSE(true) }])
  ).quizId;
  student = await newStudent();
});
afterAll(async () => ctx?.close());

describe('who may take quizzes', () => {
  it('lists the live quizzes to subscribers only', async () => {
    const list = await call('GET', `/api/learning/quizzes/of-course/${ids.course}`, student.headers);
    expect(list.statusCode).toBe(200);
    const quizzes = list.json().quizzes as LearnerQuiz[];
    expect(quizzes.map((quiz) => quiz.title)).toEqual(['Every type', 'One go', 'Shuffled']);
    expect(quizzes[0]).toMatchObject({
      questionCount: 6,
      totalMarks: 17,
      attemptsAllowed: 2,
      attemptsUsed: 0,
      openAttemptId: null,
      courseTitle: 'Fractions',
    });

    const stranger = await buildAndLogin(ctx.app, { userType: 'student' });
    for (const [method, url] of [
      ['GET', `/api/learning/quizzes/of-course/${ids.course}`],
      ['GET', `/api/learning/quizzes/${ids.mixed}`],
      ['POST', attemptsUrl(ids.mixed)],
    ] as const) {
      const response = await call(method, url, stranger.headers);
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('refuses quizzes of a course that is not approved, even to a subscriber', async () => {
    await subscribeDirectly(ctx.app, ids.draft, student.user.id);
    expect(
      (await call('GET', `/api/learning/quizzes/of-course/${ids.draft}`, student.headers)).statusCode,
    ).toBe(404);
    expect((await call('POST', attemptsUrl(ids.draftQuiz), student.headers)).statusCode).toBe(404);
  });
});

describe('starting an attempt', () => {
  it('starts once when two starts race, and resumes the open attempt after', async () => {
    const learner = await newStudent();
    const [first, second] = await Promise.all([
      call('POST', attemptsUrl(ids.mixed), learner.headers),
      call('POST', attemptsUrl(ids.mixed), learner.headers),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().id).toBe(second.json().id);
    const again = await startAttemptViaApi(ctx.app, learner.headers, ids.mixed);
    expect(again.id).toBe(first.json().id);
    const rows = await ctx.app.db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.user.id));
    expect(rows).toHaveLength(1);
    const view = first.json() as AttemptView;
    expect(view).toMatchObject({ number: 1, status: 'in_progress', maxScore: 17, result: null });
    expect(view.deadlineAt).toBeNull();
    const quiz = (
      await call('GET', `/api/learning/quizzes/${ids.mixed}`, learner.headers)
    ).json() as LearnerQuiz;
    expect(quiz).toMatchObject({ attemptsUsed: 1, openAttemptId: view.id });
  });

  it('refuses more attempts than the quiz allows', async () => {
    const learner = await newStudent();
    const attempt = await startAttemptViaApi(ctx.app, learner.headers, ids.once);
    expect((await submit(learner.headers, attempt.id)).statusCode).toBe(200);
    expect(Date.parse(attempt.deadlineAt) - Date.parse(attempt.startedAt)).toBe(10 * 60_000);
    const refused = await call('POST', attemptsUrl(ids.once), learner.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ATTEMPTS_USED_MESSAGE.english);
  });

  it('shuffles questions and options without losing any', async () => {
    const attempt = (await startAttemptViaApi(
      ctx.app,
      (
        await newStudent()
      ).headers,
      ids.shuffle,
    )) as AttemptView;
    const [course] = await ctx.app.db.select().from(courses).where(eq(courses.id, ids.course));
    const live = liveQuizzes(course.approvedSnapshot).find((quiz) => quiz.id === ids.shuffle);
    if (!live) throw new Error('no live quiz');
    expect(attempt.questions.map((q) => q.id).sort()).toEqual(live.questions.map((q) => q.id).sort());
    for (const question of attempt.questions) {
      expect(question.options.map((o) => o.id).sort()).toEqual(['o1', 'o2', 'o3', 'o4']);
    }
    // With a fixed random source the order provably changes and every option keeps its flag.
    const paper = freezePaper(live, () => 0);
    expect(paper.map((q) => q.id)).not.toEqual(live.questions.map((q) => q.id));
    for (const question of paper) {
      const original = live.questions.find((q) => q.id === question.id);
      expect([...question.options].sort((a, b) => a.id.localeCompare(b.id))).toEqual(original?.options);
    }
  });
});

describe('an open attempt', () => {
  it('never shows correct answers, accepted answers, explanations or videos before submission', async () => {
    const learner = await newStudent();
    const attempt = await startAttemptViaApi(ctx.app, learner.headers, ids.mixed);
    const saved = await answer(learner.headers, attempt.id, mixedQuestions[0], { optionIds: ['o2'] });
    const bodies = [
      JSON.stringify(attempt),
      saved.body,
      (await call('GET', attemptUrl(attempt.id), learner.headers)).body,
      (await call('GET', `/api/learning/quizzes/${ids.mixed}`, learner.headers)).body,
      (await call('GET', `/api/learning/quizzes/of-course/${ids.course}`, learner.headers)).body,
    ];
    for (const body of bodies) {
      expect(body).not.toMatch(/"correct"/);
      expect(body).not.toMatch(/acceptedAnswers|correctOptionIds|videoId|explanation/);
      for (const secret of [...SECRETS.explanations, ...SECRETS.accepted, 'Halves explained']) {
        expect(body).not.toContain(secret);
      }
    }
  });

  it('saves answers, replaces them and gives them back', async () => {
    const learner = await newStudent();
    const attempt = await startAttemptViaApi(ctx.app, learner.headers, ids.mixed);
    expect(
      (await answer(learner.headers, attempt.id, mixedQuestions[0], { optionIds: ['o1'] })).statusCode,
    ).toBe(200);
    const replaced = await answer(learner.headers, attempt.id, mixedQuestions[0], { optionIds: ['o3'] });
    expect(replaced.json()).toMatchObject({ questionId: mixedQuestions[0], response: { optionIds: ['o3'] } });
    await answer(learner.headers, attempt.id, mixedQuestions[3], { text: 'a half' });
    const view = (await call('GET', attemptUrl(attempt.id), learner.headers)).json() as AttemptView;
    expect(view.responses).toEqual({
      [mixedQuestions[0]]: { optionIds: ['o3'] },
      [mixedQuestions[3]]: { text: 'a half' },
    });
    expect(Math.abs(Date.parse(view.serverNow) - Date.now())).toBeLessThan(5000);
  });

  it('refuses answers that do not fit the question, keeping the saved one', async () => {
    const learner = await newStudent();
    const attempt = await startAttemptViaApi(ctx.app, learner.headers, ids.mixed);
    await answer(learner.headers, attempt.id, mixedQuestions[0], { optionIds: ['o2'] });
    const cases: [string, unknown, number][] = [
      [mixedQuestions[0], { optionIds: ['o1', 'o2'] }, 400],
      [mixedQuestions[0], { optionIds: ['nope'] }, 400],
      [mixedQuestions[2], { optionIds: ['true', 'false'] }, 400],
      [mixedQuestions[5], { text: 'a file please' }, 400],
      ['6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f', { text: 'x' }, 404],
    ];
    for (const [questionId, response, status] of cases) {
      expect((await answer(learner.headers, attempt.id, questionId, response)).statusCode).toBe(status);
    }
    const view = (await call('GET', attemptUrl(attempt.id), learner.headers)).json() as AttemptView;
    expect(view.responses[mixedQuestions[0]]).toEqual({ optionIds: ['o2'] });
  });

  it('keeps other students out of an attempt (404)', async () => {
    const attempt = await startAttemptViaApi(ctx.app, student.headers, ids.mixed);
    const other = await newStudent();
    expect((await call('GET', attemptUrl(attempt.id), other.headers)).statusCode).toBe(404);
    expect(
      (await answer(other.headers, attempt.id, mixedQuestions[0], { optionIds: ['o1'] })).statusCode,
    ).toBe(404);
    expect((await submit(other.headers, attempt.id)).statusCode).toBe(404);
    expect(
      (await uploadAnswer(other.headers, attempt.id, mixedQuestions[5], 'x.png', 'image/png', tinyPng()))
        .statusCode,
    ).toBe(404);
    const [row] = await ctx.app.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    expect(row.status).toBe('in_progress');
  });

  it('takes real image and PDF files as file answers, and refuses a fake one', async () => {
    const learner = await newStudent();
    const attempt = await startAttemptViaApi(ctx.app, learner.headers, ids.mixed);
    const png = await uploadAnswer(
      learner.headers,
      attempt.id,
      mixedQuestions[5],
      'work.png',
      'image/png',
      tinyPng(),
    );
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().response).toEqual({ fileName: 'work.png' });
    const pdf = await uploadAnswer(
      learner.headers,
      attempt.id,
      mixedQuestions[5],
      'work.pdf',
      'application/pdf',
      tinyPdf(),
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    const fake = await uploadAnswer(
      learner.headers,
      attempt.id,
      mixedQuestions[5],
      'evil.png',
      'image/png',
      Buffer.from('#!/bin/sh\necho hi\n'),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe('INVALID_FILE');
    const wrongQuestion = await uploadAnswer(
      learner.headers,
      attempt.id,
      mixedQuestions[4],
      'work.png',
      'image/png',
      tinyPng(),
    );
    expect(wrongQuestion.statusCode).toBe(400);
    const [stored] = await ctx.app.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attempt.id));
    expect(stored.response).toEqual({ fileName: 'work.pdf' });
    expect(stored.filePath).toMatch(new RegExp(`^quiz-attempts/${attempt.id}/.+\\.pdf$`));
    const view = (await call('GET', attemptUrl(attempt.id), learner.headers)).json() as AttemptView;
    expect(view.responses[mixedQuestions[5]]).toEqual({ fileName: 'work.pdf' });
  });
});

describe('time limits', () => {
  it('refuses an answer after the deadline and submits what was saved', async () => {
    const learner = await newStudent();
    const attempt = await startAttemptViaApi(ctx.app, learner.headers, ids.once);
    await answer(learner.headers, attempt.id, onceQuestions[0], { optionIds: ['o1'] });
    const deadline = new Date(Date.now() - 1000);
    await ctx.app.db
      .update(quizAttempts)
      .set({ deadlineAt: deadline })
      .where(eq(quizAttempts.id, attempt.id));
    const late = await answer(learner.headers, attempt.id, onceQuestions[1], { optionIds: ['o2'] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(TIME_OVER_MESSAGE.english);
    const view = (await call('GET', attemptUrl(attempt.id), learner.headers)).json() as AttemptView;
    expect(view).toMatchObject({ status: 'marked', score: 1, maxScore: 2, passed: false });
    expect(Date.parse(view.submittedAt ?? '')).toBe(deadline.getTime());
    const again = await answer(learner.headers, attempt.id, onceQuestions[1], { optionIds: ['o2'] });
    expect(again.json().message).toBe(ALREADY_SUBMITTED_MESSAGE.english);
  });

  it('the sweep submits attempts whose time is over', async () => {
    const learner = await newStudent();
    const attempt = await startAttemptViaApi(ctx.app, learner.headers, ids.shuffle);
    await ctx.app.db
      .update(quizAttempts)
      .set({ deadlineAt: new Date(Date.now() - 1000) })
      .where(eq(quizAttempts.id, attempt.id));
    expect(await submitOverdueAttempts(ctx.app)).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.app.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    expect(row).toMatchObject({ status: 'marked', score: 0 });
  });
});

describe('submitting', () => {
  it('grades every automatic type with negative marks and leaves long and file answers to the teacher', async () => {
    const learner = await newStudent();
    const attempt = await startAttemptViaApi(ctx.app, learner.headers, ids.mixed);
    const [single, multiple, trueFalse, short, long] = mixedQuestions;
    await answer(learner.headers, attempt.id, single, { optionIds: ['o1'] }); // wrong: -1
    await answer(learner.headers, attempt.id, multiple, { optionIds: ['o2', 'o1'] }); // right: +3
    await answer(learner.headers, attempt.id, trueFalse, { optionIds: ['true'] }); // right: +1
    await answer(learner.headers, attempt.id, short, { text: '  One   HALF ' }); // right: +2
    await answer(learner.headers, attempt.id, long, { text: 'Because two quarters make a half.' });
    const submitted = await submit(learner.headers, attempt.id);
    expect(submitted.statusCode).toBe(200);
    const view = submitted.json() as AttemptView;
    expect(view).toMatchObject({ status: 'submitted', score: 5, maxScore: 17, passed: null, percent: null });
    const result = view.result ?? [];
    expect(result.map((q) => [q.correct, q.score])).toEqual([
      [false, -1],
      [true, 3],
      [true, 1],
      [true, 2],
      [null, null],
      [false, 0], // a blank file answer earns nothing, with no teacher needed
    ]);
    expect(result[0]).toMatchObject({
      correctOptionIds: ['o2'],
      explanation: 'EXPLAIN-single',
      video: { videoId: ids.video, seconds: 42, title: 'Halves explained' },
      response: { optionIds: ['o1'] },
    });
    expect(result[3].acceptedAnswers).toEqual(SECRETS.accepted);
    expect(result[5].response).toBeNull();
    const twice = (await submit(learner.headers, attempt.id)).json() as AttemptView;
    expect({ ...twice, serverNow: '' }).toEqual({ ...view, serverNow: '' });
  });

  it('marks an all-automatic attempt at once, never below zero', async () => {
    const learner = await newStudent();
    const attempt = await startAttemptViaApi(ctx.app, learner.headers, ids.once);
    await answer(learner.headers, attempt.id, onceQuestions[0], { optionIds: ['o2'] });
    await answer(learner.headers, attempt.id, onceQuestions[1], { optionIds: ['o1'] });
    const view = (await submit(learner.headers, attempt.id)).json() as AttemptView;
    expect(view).toMatchObject({ status: 'marked', score: 0, percent: 0, passed: false });
    expect(view.result?.map((q) => q.score)).toEqual([-1, -1]);
    const quiz = (
      await call('GET', `/api/learning/quizzes/${ids.once}`, learner.headers)
    ).json() as LearnerQuiz;
    expect(quiz).toMatchObject({ attemptsUsed: 1, bestPercent: 0, openAttemptId: null });
  });

  it('passes a full automatic attempt', async () => {
    const learner = await newStudent();
    const attempt = await startAttemptViaApi(ctx.app, learner.headers, ids.once);
    await answer(learner.headers, attempt.id, onceQuestions[0], { optionIds: ['o1'] });
    await answer(learner.headers, attempt.id, onceQuestions[1], { optionIds: ['o2'] });
    const view = (await submit(learner.headers, attempt.id)).json() as AttemptView;
    expect(view).toMatchObject({ status: 'marked', score: 2, percent: 100, passed: true });
  });
});

describe('hasOpenAttempt', () => {
  it('is true only while an attempt on the course runs', async () => {
    const learner = await newStudent();
    expect(await hasOpenAttempt(ctx.app, learner.user.id, ids.course)).toBe(false);
    const attempt = await startAttemptViaApi(ctx.app, learner.headers, ids.once);
    expect(await hasOpenAttempt(ctx.app, learner.user.id, ids.course)).toBe(true);
    expect(await hasOpenAttempt(ctx.app, learner.user.id, ids.draft)).toBe(false);
    expect(await hasOpenAttempt(ctx.app, student.user.id, ids.draft)).toBe(false);
    await submit(learner.headers, attempt.id);
    expect(await hasOpenAttempt(ctx.app, learner.user.id, ids.course)).toBe(false);

    const timed = await newStudent();
    const running = await startAttemptViaApi(ctx.app, timed.headers, ids.shuffle);
    await ctx.app.db
      .update(quizAttempts)
      .set({ deadlineAt: new Date(Date.now() - 1000) })
      .where(eq(quizAttempts.id, running.id));
    expect(await hasOpenAttempt(ctx.app, timed.user.id, ids.course)).toBe(false);
  });
});
