import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseInsights } from '../../../common/contracts/insights';
import { buildAndLogin } from '../../test/factories';
import {
  answerQuestion,
  ask,
  choose,
  cite,
  daysAgo,
  insightCourse,
  insightGuru,
  progress,
} from '../../test/fixtures/insights';
import { startTestApp, type TestContext } from '../../test/harness';
import { insertQuiz, options, subscribeDirectly, TRUE_FALSE } from '../../test/quizzes';

/**
 * Every figure of one course, from a hand-made dataset whose numbers are counted below. Course C (teacher T):
 * lessons Angles (300 s: stretches of 30 s), Polygons (120 s, made by a course library: 12 s), Circles
 * (1,200 s: 60 s); Geometry Guru learns from C, Maths Guru from C and D. Students s1–s4 on C, s5 on D.
 */
let ctx: TestContext;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let teacher: Session;
let insights: CourseInsights;
const ids = {
  course: '',
  other: '',
  angles: '',
  polygons: '',
  circles: '',
  library: '',
  material: randomUUID(),
  geometry: '',
  maths: '',
  q1: '',
  q2: '',
  q3: '',
  q4: '',
  quiz: '',
};
const s: string[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  const { app } = ctx;
  teacher = await buildAndLogin(app, { userType: 'teacher', fullName: 'Tara Teacher' });
  for (let i = 1; i <= 5; i += 1) {
    s.push((await buildAndLogin(app, { userType: 'student', fullName: `Student ${i}` })).user.id);
  }
  const course = await insightCourse(app, teacher.user.id, 'Geometry', [
    { title: 'Angles', durationSeconds: 300 },
    { title: 'Polygons', durationSeconds: 120, fromLibrary: true },
    { title: 'Circles', durationSeconds: 1200 },
  ]);
  const other = await insightCourse(app, teacher.user.id, 'Chemistry', [
    { title: 'Bonds', durationSeconds: 100 },
  ]);
  Object.assign(ids, {
    course: course.id,
    other: other.id,
    angles: course.lessonIds[0],
    polygons: course.lessonIds[1],
    circles: course.lessonIds[2],
    library: course.libraryIds[1],
  });
  await subscribeDirectly(app, course.id, s[0], s[1], s[2], s[3]);
  await subscribeDirectly(app, other.id, s[4]);
  ids.geometry = await insightGuru(app, teacher.user.id, 'Geometry Guru', [course.id]);
  ids.maths = await insightGuru(app, teacher.user.id, 'Maths Guru', [course.id, other.id]);
  const { geometry: g, maths: g2, angles, polygons } = ids;
  const C = course.id;
  const D = other.id;
  const asked = (
    guruId: string,
    userId: string | null,
    courseId: string | null,
    question: string,
    days: number,
  ) => ({
    guruId,
    userId,
    courseId,
    question,
    at: daysAgo(days),
  });

  // Answered (1–10; 8 is another course's and does not count).
  await ask(app, {
    ...asked(g, s[0], C, 'What is an acute angle?', 2),
    citations: [cite.video(C, angles, 40)],
  });
  await ask(app, {
    ...asked(g, s[1], C, 'Why is an angle acute?', 3),
    citations: [cite.video(C, angles, 55), cite.video(C, angles, 200)],
  });
  await ask(app, {
    ...asked(g, s[2], C, 'How do I measure an angle?', 10),
    citations: [cite.video(C, angles, 35)],
  });
  await ask(app, {
    ...asked(g, s[0], C, 'What is a reflex angle?', 20),
    citations: [cite.video(C, angles, 65)],
  });
  await ask(app, {
    ...asked(g, s[1], C, 'What is a triangle?', 1),
    citations: [cite.slide(C, polygons, 2, 45, 'Triangles')],
  });
  await ask(app, {
    ...asked(g, s[3], C, 'What is on the formula sheet?', 4),
    citations: [cite.material(C, ids.material, 3, 'Formula sheet')],
  });
  // Opened from course D, but it leaned on C's FAQ: it counts for C, at that FAQ entry.
  await ask(app, {
    ...asked(g2, s[2], D, 'Compare angles and bonds', 5),
    citations: [cite.video(D, randomUUID(), 10), cite.courseFaq(C, 'What is a degree?')],
  });
  await ask(app, {
    ...asked(g2, s[4], D, 'What is a bond?', 1),
    citations: [cite.video(D, randomUUID(), 20)],
  });
  // An embedded guru's visitor (no account, no course) whose answer cites C.
  await ask(app, {
    ...asked(g2, null, null, 'Angle sum of a polygon', 2),
    citations: [cite.video(C, angles, 250)],
  });
  await ask(app, {
    ...asked(g, s[0], C, 'How long is the course?', 6),
    citations: [cite.guruFaq('How long is the course?')],
  });

  // Not covered (11–19; 18 is another course's).
  const notCovered = (...args: Parameters<typeof asked>) => ask(app, { ...asked(...args), notCovered: true });
  await notCovered(g, s[0], C, 'What are the library hours?', 1);
  await notCovered(g, s[1], C, 'Library hours on Sunday?', 2);
  await notCovered(g, s[2], C, 'Is the library open in exam week?', 9);
  await notCovered(g, s[3], C, 'What are the library fees?', 12);
  await notCovered(g, s[0], C, 'Who painted the Mona Lisa?', 3);
  await notCovered(g, null, null, 'When does the library open?', 4);
  await notCovered(g, s[3], C, 'Library hours during holidays?', 0.5);
  await notCovered(g2, s[4], D, 'What is a covalent bond?', 1);
  await notCovered(g2, s[1], C, 'Who wrote Hamlet?', 3.5);

  // Quizzes: Q1 tests Angles at 50 s.
  const quiz = await insertQuiz(app, C, { title: 'Angles check' }, [
    {
      type: 'single',
      prompt: 'Which angle is acute?',
      options: options(['40°', '100°', '200°'], [0]),
      videoId: angles,
      videoSeconds: 50,
    },
    { type: 'true_false', prompt: 'A right angle is 90°.', options: TRUE_FALSE(true) },
    { type: 'long', prompt: 'Explain reflex angles.', marks: 5 },
    {
      type: 'multiple',
      prompt: 'Which are polygons?',
      options: options(['First', 'Second', 'Third'], [0, 1]),
      marks: 2,
    },
    { type: 'single', prompt: 'Never answered', options: options(['Yes', 'No'], [0]) },
  ]);
  Object.assign(ids, {
    quiz: quiz.quizId,
    q1: quiz.questionIds[0],
    q2: quiz.questionIds[1],
    q3: quiz.questionIds[2],
    q4: quiz.questionIds[3],
  });
  const on = { quizId: quiz.quizId, courseId: C };
  await answerQuestion(app, on, ids.q1, [
    { userId: s[0], score: 0, response: choose('o2') },
    { userId: s[2], score: 0, response: choose('o3') },
    { userId: s[1], score: 1, response: choose('o1') },
    { userId: s[3], score: 0, response: choose('o2') },
  ]);
  await answerQuestion(app, on, ids.q2, [
    { userId: s[0], score: 1, response: choose('true') },
    { userId: s[1], score: 1, response: choose('true') },
  ]);
  await answerQuestion(app, on, ids.q3, [
    { userId: s[0], score: 5, response: { text: 'Over 180°.' } },
    { userId: s[1], score: 3, response: { text: 'Big ones.' } },
    { userId: s[2], status: 'submitted', score: null, response: { text: 'Waiting.' } },
  ]);
  await answerQuestion(app, on, ids.q4, [
    { userId: s[0], score: 0, response: choose('o1', 'o3') },
    { userId: s[1], score: 0, response: choose('o1') },
    { userId: s[2], status: 'in_progress', score: null, response: choose('o3') },
  ]);

  // Viewing of Angles (10 parts of 30 s) and Circles (20 parts of 60 s).
  await progress(app, s[0], angles, [[0, 300]], { completed: true });
  await progress(app, s[1], angles, [[0, 100]], { position: 100 });
  await progress(app, s[2], angles, [
    [0, 50],
    [200, 230],
  ]);
  await progress(app, s[3], angles, [[0, 95]]);
  await progress(app, s[4], angles, []);
  await progress(app, s[0], ids.circles, [[0, 600]]);

  const refreshed = await app.inject({
    method: 'POST',
    url: `/api/insights/courses/${C}/refresh`,
    headers: teacher.headers,
  });
  expect(refreshed.statusCode, refreshed.body).toBe(202);
  expect(refreshed.json()).toEqual({ queued: true });
  const response = await app.inject({
    method: 'GET',
    url: `/api/insights/courses/${C}`,
    headers: teacher.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  insights = response.json();
});
afterAll(async () => ctx?.close());

describe('a refreshed course', () => {
  it('counts its students and questions: total, this week against last week, unanswered', () => {
    expect(insights.course).toEqual({ id: ids.course, title: 'Geometry' });
    expect(insights.refreshedAt).not.toBeNull();
    expect(insights.refreshing).toBe(false);
    expect(insights.students).toBe(4);
    // Every answered one (9) leaned on a moment of C: all of them are among the moments listed.
    expect(insights.questions).toMatchObject({
      total: 17,
      thisWeek: 13,
      lastWeek: 3,
      unansweredTotal: 8,
      momentAsks: 9,
    });
    expect(insights.questions.moments.reduce((sum, moment) => sum + moment.asks, 0)).toBe(9);
    expect(insights.gurus.map((guru) => guru.name)).toEqual(['Geometry Guru', 'Maths Guru']);
  });

  it('groups answers by the first source of the course they cite, most asked first, newest wordings first', () => {
    const { geometry: g, maths: g2, angles, polygons } = ids;
    const moments = insights.questions.moments;
    expect(moments.map((m) => [m.key.replace(/:faq:[0-9a-f]+:/, ':faq:*:'), m.asks])).toEqual([
      [`${g}:video:${angles}:30`, 3],
      [`${g}:slide:${polygons}:2`, 1],
      [`${g2}:video:${angles}:240`, 1],
      [`${g}:material:${ids.material}:3`, 1],
      [`${g2}:faq:*:-`, 1],
      [`${g}:faq:*:-`, 1],
      [`${g}:video:${angles}:60`, 1],
    ]);
    expect(moments[0]).toEqual({
      key: `${g}:video:${angles}:30`,
      guruId: g,
      guruName: 'Geometry Guru',
      kind: 'video',
      title: 'Angles',
      heading: null,
      videoId: angles,
      startSeconds: 30,
      slide: null,
      materialId: null,
      page: null,
      asks: 3,
      thisWeek: 2,
      lastWeek: 1,
      examples: ['What is an acute angle?', 'Why is an angle acute?', 'How do I measure an angle?'],
      libraryId: null,
      // s1 and s3 asked here and got "Which angle is acute?" (Angles at 50 s) wrong; s2 got it right.
      strugglingStudents: 2,
    });
    expect(moments[1]).toMatchObject({
      kind: 'slide',
      title: 'Polygons',
      heading: 'Triangles',
      slide: 2,
      // Where the slide starts (its citation's 45 s), not the start of a stretch.
      startSeconds: 45,
      libraryId: ids.library,
      examples: ['What is a triangle?'],
      strugglingStudents: 0,
    });
    expect(moments[3]).toMatchObject({
      kind: 'material',
      title: 'Formula sheet',
      page: 3,
      materialId: ids.material,
    });
    expect(moments[4]).toMatchObject({ kind: 'faq', title: 'What is a degree?', guruName: 'Maths Guru' });
    expect(moments[5]).toMatchObject({ kind: 'faq', title: 'How long is the course?', thisWeek: 1 });
    expect(moments[6]).toMatchObject({ thisWeek: 0, lastWeek: 0, examples: ['What is a reflex angle?'] });
  });

  it('draws each lesson as asks per stretch of the lesson', () => {
    // Angles (300 s): ten of 30 s, asks at 40, 55, 35 | 65 | 250. Polygons (120 s): ten of 12 s, the slide at
    // 45 s in the fourth. Circles (1,200 s): twenty of 60 s.
    expect(
      insights.questions.lessons.map((l) => [l.title, l.durationSeconds, l.bucketSeconds, l.buckets]),
    ).toEqual([
      ['Angles', 300, 30, [0, 3, 1, 0, 0, 0, 0, 0, 1, 0]],
      ['Polygons', 120, 12, [0, 0, 0, 1, 0, 0, 0, 0, 0, 0]],
      ['Circles', 1200, 60, Array(20).fill(0)],
    ]);
  });

  it('groups unanswered questions per guru by their most shared term, labelled with the terms most of them share', () => {
    const { geometry: g, maths: g2 } = ids;
    const groups = insights.questions.unanswered;
    expect(groups.map((group) => [group.key, group.asks, group.thisWeek, group.lastWeek])).toEqual([
      [`${g}:library+hours`, 6, 4, 2],
      [`${g}:painted+lisa+mona`, 1, 1, 0],
      [`${g2}:hamlet+wrote`, 1, 1, 0],
    ]);
    expect(groups[0]).toMatchObject({
      guruId: g,
      guruName: 'Geometry Guru',
      terms: ['library', 'hours'],
      // Each of its six wordings asked once: the newest.
      wording: 'Library hours during holidays?',
      examples: ['Library hours during holidays?', 'What are the library hours?', 'Library hours on Sunday?'],
      fixedAt: null,
    });
    expect(Date.now() - new Date(groups[0].lastAskedAt).getTime()).toBeLessThan(0.6 * 24 * 3600_000);
  });

  it('finds the quiz questions answered wrong most often, with the wrong options chosen and who also asked', () => {
    expect(insights.quizzes.map((q) => [q.prompt, q.answers, q.right, q.rightRate])).toEqual([
      ['Which are polygons?', 2, 0, 0],
      ['Which angle is acute?', 4, 1, 0.25],
      ['Explain reflex angles.', 2, 1, 0.5],
      ['A right angle is 90°.', 2, 2, 1],
    ]);
    expect(insights.quizzes[0]).toMatchObject({ wrongOptions: [{ label: 'Third', count: 1 }], moment: null });
    expect(insights.quizzes[1]).toEqual({
      questionId: ids.q1,
      quizId: ids.quiz,
      quizTitle: 'Angles check',
      prompt: 'Which angle is acute?',
      answers: 4,
      right: 1,
      rightRate: 0.25,
      wrongOptions: [
        { label: '100°', count: 2 },
        { label: '200°', count: 1 },
      ],
      moment: { videoId: ids.angles, title: 'Angles', seconds: 50 },
      // Wrong: s1, s3, s4; s1 (40 s) and s3 (35 s) asked about Angles within a minute of 50 s.
      wrongAndAsked: 2,
    });
    expect(insights.quizzes[2].wrongOptions).toEqual([]);
  });

  it('shows how each lesson is watched: parts covered, completions, where unfinished viewers stopped', () => {
    const [angles, polygons, circles] = insights.viewing;
    expect(angles).toEqual({
      videoId: ids.angles,
      title: 'Angles',
      durationSeconds: 300,
      viewers: 4,
      partSeconds: 30,
      parts: [1, 1, 0.75, 0.25, 0.25, 0.25, 0.25, 0.5, 0.25, 0.25],
      rewatched: [],
      // s2 (100 s) and s4 (95 s) stopped in 90–120 s, s3 (230 s) in 210–240 s.
      dropOff: { seconds: 90, share: 0.667 },
      completed: 1,
    });
    expect(polygons).toMatchObject({
      viewers: 0,
      partSeconds: 12,
      parts: Array(10).fill(0),
      dropOff: null,
      completed: 0,
    });
    expect(circles.partSeconds).toBe(60);
    expect(circles.parts).toEqual([...Array(10).fill(1), ...Array(10).fill(0)]);
    expect(circles.dropOff).toEqual({ seconds: 600, share: 1 });
  });
});
