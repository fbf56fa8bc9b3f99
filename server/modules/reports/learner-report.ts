import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AttemptRow, LearnerReport, LearnerReportQuery } from '../../../common/contracts/reports';
import { courseSubscriptions, courses } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { completedByUser, lessonProgress } from '../learning/service';
import {
  type AttemptFact,
  attemptFacts,
  attemptPercent,
  attemptsLastAt,
  attemptTotals,
  dateBounds,
  isFinished,
  latest,
  lessonIdsOf,
  pairKey,
  toLiveCourse,
  watchStats,
  within,
} from './learner-stats';

/**
 * One learner's report: their live subscribed courses (limited to `courseIds` when a teacher asks about
 * their student) with progress, time and last activity, and their finished attempts filtered by course
 * and submission date, with the score trend and totals.
 */
export async function learnerReport(
  app: App,
  userId: string,
  courseIds: string[] | null,
  query: Pick<LearnerReportQuery, 'courseId' | 'from' | 'to'>,
): Promise<LearnerReport> {
  const subscribed = await app.db
    .select({ id: courses.id, approvedSnapshot: courses.approvedSnapshot, at: courseSubscriptions.createdAt })
    .from(courseSubscriptions)
    .innerJoin(courses, eq(courses.id, courseSubscriptions.courseId))
    .where(
      and(
        eq(courseSubscriptions.userId, userId),
        isNotNull(courses.approvedSnapshot),
        courseIds ? inArray(courses.id, courseIds) : undefined,
        query.courseId ? eq(courses.id, query.courseId) : undefined,
      ),
    )
    .orderBy(courseSubscriptions.createdAt);
  const live = subscribed.map(toLiveCourse);
  const completed = (await completedByUser(app, [userId], lessonIdsOf(live))).get(userId) ?? new Set();
  const watched = await watchStats(app, {
    userIds: [userId],
    courseIds: live.map((course) => course.id),
  });
  const allAttempts = await attemptsOf(app, userId, courseIds, query.courseId);

  const courseRows = live.map((course, index) => {
    const watch = watched.get(pairKey(userId, course.id));
    const onCourse = allAttempts.filter((a) => a.courseId === course.id);
    const subscribedAt = subscribed[index].at;
    return {
      courseId: course.id,
      title: course.title,
      ...lessonProgress(course.snapshot, completed),
      timeSpentSeconds: Math.round(watch?.seconds ?? 0),
      lastActivityAt: (latest(subscribedAt, watch?.lastAt, attemptsLastAt(onCourse)) as Date).toISOString(),
      subscribedAt: subscribedAt.toISOString(),
    };
  });

  const bounds = dateBounds(query.from, query.to);
  const attempts = allAttempts.filter((a) => isFinished(a) && within(a.submittedAt, bounds));
  const lastActivity = latest(
    ...courseRows.map((row) => new Date(row.lastActivityAt)),
    attemptsLastAt(allAttempts),
  );
  return {
    courses: courseRows,
    attempts: attempts.map(presentAttempt),
    trend: attempts
      .filter((a) => a.status === 'marked')
      .map((a) => ({
        submittedAt: (a.submittedAt as Date).toISOString(),
        percent: attemptPercent(a) ?? 0,
        quizTitle: a.quizTitle,
      }))
      .reverse(),
    totals: attemptTotals(attempts),
    timeSpentSeconds: courseRows.reduce((total, row) => total + row.timeSpentSeconds, 0),
    lastActivityAt: lastActivity?.toISOString() ?? null,
  };
}

/** The learner's attempts, within the teacher's courses when given, on one course when filtered. */
async function attemptsOf(app: App, userId: string, courseIds: string[] | null, courseId?: string) {
  const scope = courseId ? (courseIds && !courseIds.includes(courseId) ? [] : [courseId]) : courseIds;
  return attemptFacts(app, { userIds: [userId], courseIds: scope ?? undefined });
}

export function presentAttempt(attempt: AttemptFact): AttemptRow {
  return {
    attemptId: attempt.id,
    quizId: attempt.quizId,
    quizTitle: attempt.quizTitle,
    courseId: attempt.courseId,
    courseTitle: attempt.courseTitle,
    number: attempt.number,
    status: attempt.status === 'marked' ? 'marked' : 'submitted',
    score: attempt.status === 'marked' ? attempt.score : null,
    maxScore: attempt.maxScore,
    percent: attempt.status === 'marked' ? attemptPercent(attempt) : null,
    passed: attempt.status === 'marked' ? attempt.passed : null,
    submittedAt: (attempt.submittedAt as Date).toISOString(),
  };
}

/** The attempts table as CSV rows (the header is ATTEMPT_CSV_HEADER). */
export const ATTEMPT_CSV_HEADER = [
  'Quiz',
  'Course',
  'Attempt',
  'Status',
  'Score',
  'Max score',
  'Percent',
  'Passed',
  'Submitted at',
];
export const attemptCsvRow = (row: AttemptRow) => [
  row.quizTitle,
  row.courseTitle,
  row.number,
  row.status === 'marked' ? 'Marked' : 'Waiting for marking',
  row.score,
  row.maxScore,
  row.percent,
  row.passed === null ? '' : row.passed ? 'Yes' : 'No',
  row.submittedAt,
];
