import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCourse } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { attempt, liveCourse, quiz, subscribeAt, watched } from '../../test/fixtures/reports';
import { startTestApp, type TestContext } from '../../test/harness';

/**
 * The fixed dataset (lessons are 100 s; a lesson is complete at 90%):
 * - teacher A owns A1 (2 lessons) and A2 (1 lesson) live, and a draft; teacher B owns B1 (1 lesson);
 *   faculty F of institute I owns F1 (1 lesson).
 * - Asha: A1 (lesson 1 done, 95 s; lesson 2, 30 s) and B1 (done, 50 s… marked complete).
 *   A1 quiz "Angles": 4/10 then 8/10 (marked), then an open attempt; A1 quiz "Lines": waiting for marking;
 *   B1 quiz "Bonds": 10/10.
 * - Bela (a name that looks like a formula): A2, nothing done. Chitra: F1 only.
 */
let ctx: TestContext;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let teacherA: Session;
let teacherB: Session;
let institute: Session;
let admin: Session;
let asha: Session;
let bela: Session;
let chitra: Session;
const course = { a1: '', a2: '', b1: '', f1: '' };

const get = (session: Session, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: session.headers });
const json = async (session: Session, url: string) => {
  const response = await get(session, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  ctx = await startTestApp();
  const { app } = ctx;
  teacherA = await buildAndLogin(app, { userType: 'teacher', fullName: 'Teacher A' });
  teacherB = await buildAndLogin(app, { userType: 'teacher', fullName: 'Teacher B' });
  institute = await buildAndLogin(app, { userType: 'institute', fullName: 'Institute I' });
  const faculty = await buildAndLogin(app, { userType: 'teacher', instituteId: institute.user.id });
  admin = await buildAndLogin(app, { userType: 'admin' });
  asha = await buildAndLogin(app, { userType: 'student', fullName: 'Asha Rao', email: 'asha@example.test' });
  bela = await buildAndLogin(app, {
    userType: 'student',
    fullName: '=Bela, "B"',
    email: 'bela@example.test',
  });
  chitra = await buildAndLogin(app, { userType: 'student', fullName: 'Chitra' });

  const a1 = await liveCourse(app, teacherA.user.id, 'Angles and lines', 2);
  const a2 = await liveCourse(app, teacherA.user.id, 'Area', 1);
  const b1 = await liveCourse(app, teacherB.user.id, 'Bonds', 1);
  const f1 = await liveCourse(app, faculty.user.id, 'Forces', 1);
  await insertCourse(app, teacherA.user.id, { title: 'Draft' });
  Object.assign(course, { a1: a1.id, a2: a2.id, b1: b1.id, f1: f1.id });

  await subscribeAt(app, asha.user.id, a1.id, '2026-01-01T08:00:00Z');
  await subscribeAt(app, asha.user.id, b1.id, '2026-01-02T08:00:00Z');
  await subscribeAt(app, bela.user.id, a2.id, '2026-01-03T08:00:00Z');
  await subscribeAt(app, chitra.user.id, f1.id, '2026-01-04T08:00:00Z');
  await watched(app, asha.user.id, a1.lessonIds[0], 95, '2026-01-05T08:00:00Z', true);
  await watched(app, asha.user.id, a1.lessonIds[1], 30, '2026-01-06T08:00:00Z');
  await watched(app, asha.user.id, b1.lessonIds[0], 50, '2026-01-25T08:00:00Z', true);

  const angles = await quiz(app, a1.id, 'Angles');
  const lines = await quiz(app, a1.id, 'Lines');
  const bonds = await quiz(app, b1.id, 'Bonds');
  const base = { userId: asha.user.id };
  await attempt(app, {
    ...base,
    quiz: angles,
    number: 1,
    status: 'marked',
    score: 4,
    startedAt: '2026-01-10T09:00:00Z',
    submittedAt: '2026-01-10T10:00:00Z',
  });
  await attempt(app, {
    ...base,
    quiz: angles,
    number: 2,
    status: 'marked',
    score: 8,
    startedAt: '2026-01-12T09:00:00Z',
    submittedAt: '2026-01-12T10:00:00Z',
  });
  await attempt(app, {
    ...base,
    quiz: angles,
    number: 3,
    status: 'in_progress',
    startedAt: '2026-01-20T09:00:00Z',
  });
  await attempt(app, {
    ...base,
    quiz: lines,
    number: 1,
    status: 'submitted',
    score: 3,
    startedAt: '2026-01-15T09:00:00Z',
    submittedAt: '2026-01-15T10:00:00Z',
  });
  await attempt(app, {
    ...base,
    quiz: bonds,
    number: 1,
    status: 'marked',
    score: 10,
    startedAt: '2026-01-18T09:00:00Z',
    submittedAt: '2026-01-18T10:00:00Z',
  });
});
afterAll(async () => ctx?.close());

describe('my report', () => {
  it('computes progress, time, last activity and scores (waiting attempts left out of the average)', async () => {
    const report = await json(asha, '/api/reports/me');
    expect(report.courses).toEqual([
      expect.objectContaining({
        courseId: course.a1,
        lessonCount: 2,
        completedLessons: 1,
        progressPercent: 50,
        timeSpentSeconds: 125,
        lastActivityAt: '2026-01-20T09:00:00.000Z',
      }),
      expect.objectContaining({
        courseId: course.b1,
        progressPercent: 100,
        timeSpentSeconds: 50,
        lastActivityAt: '2026-01-25T08:00:00.000Z',
      }),
    ]);
    expect(report.totals).toEqual({ attempts: 4, averagePercent: 90, passed: 2, waiting: 1 });
    expect(report.timeSpentSeconds).toBe(175);
    expect(report.lastActivityAt).toBe('2026-01-25T08:00:00.000Z');
    expect(
      report.attempts.map((a: { quizTitle: string; number: number }) => `${a.quizTitle} ${a.number}`),
    ).toEqual(['Bonds 1', 'Lines 1', 'Angles 2', 'Angles 1']);
    const waiting = report.attempts.find((a: { quizTitle: string }) => a.quizTitle === 'Lines');
    expect(waiting).toMatchObject({ status: 'submitted', score: null, percent: null, passed: null });
    expect(report.trend.map((p: { percent: number }) => p.percent)).toEqual([40, 80, 100]);
  });

  it('filters attempts by course and by submission date', async () => {
    const byCourse = await json(asha, `/api/reports/me?courseId=${course.b1}`);
    expect(byCourse.courses.map((c: { courseId: string }) => c.courseId)).toEqual([course.b1]);
    expect(byCourse.totals).toEqual({ attempts: 1, averagePercent: 100, passed: 1, waiting: 0 });
    const byDate = await json(asha, '/api/reports/me?from=2026-01-11&to=2026-01-15');
    expect(byDate.attempts.map((a: { quizTitle: string }) => a.quizTitle)).toEqual(['Lines', 'Angles']);
    expect(byDate.totals).toEqual({ attempts: 2, averagePercent: 80, passed: 1, waiting: 1 });
    expect((await get(asha, '/api/reports/me?from=yesterday')).statusCode).toBe(400);
  });

  it('shows a learner only their own learning', async () => {
    const report = await json(bela, '/api/reports/me');
    expect(report.courses.map((c: { courseId: string }) => c.courseId)).toEqual([course.a2]);
    expect(report.attempts).toEqual([]);
    expect(report.totals).toEqual({ attempts: 0, averagePercent: null, passed: 0, waiting: 0 });
    expect(report.lastActivityAt).toBe('2026-01-03T08:00:00.000Z');
  });

  it('exports the attempts as CSV', async () => {
    const response = await get(asha, '/api/reports/me?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="my-quiz-attempts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Quiz,Course,Attempt,Status,Score,Max score,Percent,Passed,Submitted at');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe('Bonds,Bonds,1,Marked,10,10,100,Yes,2026-01-18T10:00:00.000Z');
    expect(lines[2]).toBe('Lines,Angles and lines,1,Waiting for marking,,10,,,2026-01-15T10:00:00.000Z');
  });
});

describe("a teacher's students", () => {
  it('lists only students of their own courses, with figures over those courses', async () => {
    const list = await json(teacherA, '/api/reports/students');
    expect(list.total).toBe(2);
    expect(list.rows.map((r: { fullName: string }) => r.fullName)).toEqual(['=Bela, "B"', 'Asha Rao']);
    expect(list.rows[1]).toEqual({
      id: asha.user.id,
      fullName: 'Asha Rao',
      email: 'asha@example.test',
      courses: 1,
      averageProgress: 50,
      averagePercent: 80,
      attempts: 3,
      waiting: 1,
      timeSpentSeconds: 125,
      lastActivityAt: '2026-01-20T09:00:00.000Z',
    });
    const other = await json(teacherB, '/api/reports/students');
    expect(other.rows).toEqual([
      expect.objectContaining({ id: asha.user.id, averageProgress: 100, averagePercent: 100, attempts: 1 }),
    ]);
  });

  it('lets an institute see its teachers’ students, and nobody else’s', async () => {
    const list = await json(institute, '/api/reports/students');
    expect(list.rows.map((r: { id: string }) => r.id)).toEqual([chitra.user.id]);
    expect((await get(institute, `/api/reports/students/${asha.user.id}`)).statusCode).toBe(404);
    expect((await json(institute, `/api/reports/students/${chitra.user.id}`)).student.fullName).toBe(
      'Chitra',
    );
  });

  it('filters by search, course and activity date, sorts and pages', async () => {
    const found = await json(teacherA, '/api/reports/students?search=ASHA');
    expect(found.rows.map((r: { id: string }) => r.id)).toEqual([asha.user.id]);
    const byCourse = await json(teacherA, `/api/reports/students?courseId=${course.a2}`);
    expect(byCourse.rows.map((r: { id: string }) => r.id)).toEqual([bela.user.id]);
    const foreign = await json(teacherA, `/api/reports/students?courseId=${course.b1}`);
    expect(foreign.total).toBe(0);
    const recent = await json(teacherA, '/api/reports/students?from=2026-01-10');
    expect(recent.rows.map((r: { id: string }) => r.id)).toEqual([asha.user.id]);
    const sorted = await json(teacherA, '/api/reports/students?sort=lastActivity&pageSize=1&page=1');
    expect(sorted).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(sorted.rows.map((r: { id: string }) => r.id)).toEqual([asha.user.id]);
    expect((await get(teacherA, '/api/reports/students?pageSize=51')).statusCode).toBe(400);
  });

  it('exports the whole filtered list as CSV, quoted and safe from formulas', async () => {
    const response = await get(teacherA, '/api/reports/students?format=csv&pageSize=1');
    expect(response.statusCode).toBe(200);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Email,Courses,Average progress %,Average score %,Quiz attempts,Waiting for marking,Time spent (hours),Last activity',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(`"'=Bela, ""B""",bela@example.test,1,0,,0,0,0,2026-01-03T08:00:00.000Z`);
    expect(lines[2]).toMatch(/^Asha Rao,asha@example.test,1,50,80,3,1,0,2026-01-20T09:00:00.000Z$/);
  });

  it("reports one student over the teacher's courses only, and 404s a foreign student", async () => {
    const report = await json(teacherA, `/api/reports/students/${asha.user.id}`);
    expect(report.student).toEqual({ id: asha.user.id, fullName: 'Asha Rao', email: 'asha@example.test' });
    expect(report.courses.map((c: { courseId: string }) => c.courseId)).toEqual([course.a1]);
    expect(report.attempts.every((a: { courseId: string }) => a.courseId === course.a1)).toBe(true);
    expect(report.totals).toEqual({ attempts: 3, averagePercent: 80, passed: 1, waiting: 1 });
    expect(report.timeSpentSeconds).toBe(125);
    expect(report.lastActivityAt).toBe('2026-01-20T09:00:00.000Z');
    const viaB = await json(teacherA, `/api/reports/students/${asha.user.id}?courseId=${course.b1}`);
    expect(viaB.attempts).toEqual([]);
    expect(viaB.courses).toEqual([]);
    for (const id of [chitra.user.id, teacherB.user.id]) {
      const response = await get(teacherA, `/api/reports/students/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Student not found');
    }
    const csv = await get(teacherA, `/api/reports/students/${asha.user.id}?format=csv`);
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(4);
  });

  it('summarises each course', async () => {
    const { courses } = await json(teacherA, '/api/reports/courses');
    expect(courses).toEqual([
      {
        courseId: course.a1,
        title: 'Angles and lines',
        subscribers: 1,
        averageProgress: 50,
        attempts: 3,
        passRate: 50,
      },
      { courseId: course.a2, title: 'Area', subscribers: 1, averageProgress: 0, attempts: 0, passRate: null },
    ]);
  });
});

describe("the admin's reports", () => {
  it('lists teachers and institutes with their courses and results', async () => {
    const list = await json(admin, '/api/admin-reports/teachers?search=teacher%20a');
    expect(list.rows).toEqual([
      {
        id: teacherA.user.id,
        fullName: 'Teacher A',
        email: teacherA.user.email,
        userType: 'teacher',
        instituteName: null,
        courses: 3,
        approvedCourses: 2,
        subscribers: 2,
        attempts: 3,
        averagePercent: 80,
      },
    ]);
    const all = await json(admin, '/api/admin-reports/teachers?pageSize=2');
    expect(all.total).toBe(4);
    expect(all.rows).toHaveLength(2);
    const csv = await get(admin, '/api/admin-reports/teachers?format=csv&pageSize=2');
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(5);
  });

  it('lists students with subscriptions, attempts, average score and last activity', async () => {
    const list = await json(admin, '/api/admin-reports/students?search=asha');
    expect(list.rows).toEqual([
      {
        id: asha.user.id,
        fullName: 'Asha Rao',
        email: 'asha@example.test',
        subscriptions: 2,
        attempts: 4,
        averagePercent: 90,
        lastActivityAt: '2026-01-25T08:00:00.000Z',
      },
    ]);
    const csv = await get(admin, '/api/admin-reports/students?format=csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Subscriptions,Quiz attempts,Average score %,Last activity');
    expect(lines).toHaveLength(4);
    expect(lines[1].startsWith(`"'=Bela`)).toBe(true);
  });
});
