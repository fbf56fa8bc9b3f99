import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import type {
  CourseStat,
  LearnerReportQuery,
  StudentListQuery,
  StudentReport,
  StudentRow,
} from '../../../common/contracts/reports';
import { containsPattern } from '../../db/like-pattern';
import { courseSubscriptions, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { completedByUser, lessonProgress } from '../learning/service';
import { learnerReport } from './learner-report';
import {
  attemptFacts,
  attemptsLastAt,
  attemptTotals,
  dateBounds,
  groupBy,
  isFinished,
  latest,
  lessonIdsOf,
  mean,
  ownedLiveCourses,
  pairKey,
  passRate,
  watchStats,
  within,
} from './learner-stats';

export const STUDENT_NOT_FOUND = said('server.reports.studentNotFound');

/** Subscriptions to the given courses, with the learner's name and e-mail, optionally searched. */
async function subscriptionsTo(app: App, courseIds: string[], search?: string) {
  if (courseIds.length === 0) return [];
  const pattern = search ? containsPattern(search) : null;
  return app.db
    .select({
      courseId: courseSubscriptions.courseId,
      userId: courseSubscriptions.userId,
      at: courseSubscriptions.createdAt,
      fullName: users.fullName,
      email: users.email,
    })
    .from(courseSubscriptions)
    .innerJoin(users, eq(users.id, courseSubscriptions.userId))
    .where(
      and(
        inArray(courseSubscriptions.courseId, courseIds),
        pattern ? or(ilike(users.fullName, pattern), ilike(users.email, pattern)) : undefined,
      ),
    );
}

/**
 * The actor's students: everyone subscribed to a live course the actor owns (an institute: also its
 * teachers'), with their figures over those courses only. Filtered, sorted; the caller pages.
 */
export async function listStudents(app: App, actor: Actor, query: StudentListQuery): Promise<StudentRow[]> {
  const owned = await ownedLiveCourses(app, actor);
  const scope = query.courseId ? owned.filter((course) => course.id === query.courseId) : owned;
  const courseIds = scope.map((course) => course.id);
  const subscriptions = await subscriptionsTo(app, courseIds, query.search);
  const userIds = [...new Set(subscriptions.map((s) => s.userId))];
  const completed = await completedByUser(app, userIds, lessonIdsOf(scope));
  const watched = await watchStats(app, { userIds, courseIds });
  const attempts = await attemptFacts(app, { userIds, courseIds });
  const byId = new Map(scope.map((course) => [course.id, course]));

  const subscriptionsBy = groupBy(subscriptions, (s) => s.userId);
  const attemptsBy = groupBy(attempts, (a) => a.userId);
  const rows = userIds.map((userId): StudentRow => {
    const mine = subscriptionsBy.get(userId) ?? [];
    const theirAttempts = attemptsBy.get(userId) ?? [];
    const progress = mine.map((s) => {
      const course = byId.get(s.courseId);
      return course ? lessonProgress(course.snapshot, completed.get(userId) ?? new Set()).progressPercent : 0;
    });
    const watches = mine.map((s) => watched.get(pairKey(userId, s.courseId)));
    const totals = attemptTotals(theirAttempts);
    const lastAt = latest(
      ...mine.map((s) => s.at),
      ...watches.map((w) => w?.lastAt),
      attemptsLastAt(theirAttempts),
    ) as Date;
    return {
      id: userId,
      fullName: mine[0].fullName,
      email: mine[0].email,
      courses: mine.length,
      averageProgress: mean(progress),
      averagePercent: totals.averagePercent,
      attempts: totals.attempts,
      waiting: totals.waiting,
      timeSpentSeconds: Math.round(watches.reduce((total, w) => total + (w?.seconds ?? 0), 0)),
      lastActivityAt: lastAt.toISOString(),
    };
  });
  const bounds = dateBounds(query.from, query.to);
  const filtered =
    query.from || query.to ? rows.filter((r) => within(new Date(r.lastActivityAt), bounds)) : rows;
  return filtered.sort(
    query.sort === 'lastActivity'
      ? (a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt) || a.fullName.localeCompare(b.fullName)
      : (a, b) => a.fullName.localeCompare(b.fullName) || a.email.localeCompare(b.email),
  );
}

/**
 * One student's report over the actor's courses only. 404 unless the student is subscribed to one of
 * them, so other teachers' students (and whether they exist) stay hidden.
 */
export async function studentReport(
  app: App,
  actor: Actor,
  studentId: string,
  query: LearnerReportQuery,
): Promise<StudentReport> {
  const courseIds = (await ownedLiveCourses(app, actor)).map((course) => course.id);
  const [student] =
    courseIds.length === 0
      ? []
      : await app.db
          .select({ id: users.id, fullName: users.fullName, email: users.email })
          .from(courseSubscriptions)
          .innerJoin(users, eq(users.id, courseSubscriptions.userId))
          .where(
            and(eq(courseSubscriptions.userId, studentId), inArray(courseSubscriptions.courseId, courseIds)),
          )
          .limit(1);
  if (!student) throw notFound(STUDENT_NOT_FOUND);
  return { student, ...(await learnerReport(app, studentId, courseIds, query)) };
}

/** Per live course of the actor: subscribers, their average progress, finished attempts and pass rate. */
export async function courseStats(app: App, actor: Actor): Promise<CourseStat[]> {
  const owned = await ownedLiveCourses(app, actor);
  const courseIds = owned.map((course) => course.id);
  const subscriptions = await subscriptionsTo(app, courseIds);
  const userIds = [...new Set(subscriptions.map((s) => s.userId))];
  const completed = await completedByUser(app, userIds, lessonIdsOf(owned));
  const attempts = (await attemptFacts(app, { courseIds })).filter(isFinished);
  return owned
    .map((course) => {
      const subscribers = subscriptions.filter((s) => s.courseId === course.id);
      const onCourse = attempts.filter((a) => a.courseId === course.id);
      return {
        courseId: course.id,
        title: course.title,
        subscribers: subscribers.length,
        averageProgress: mean(
          subscribers.map(
            (s) => lessonProgress(course.snapshot, completed.get(s.userId) ?? new Set()).progressPercent,
          ),
        ),
        attempts: onCourse.length,
        passRate: passRate(onCourse),
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** One page of a list already filtered and sorted. */
export function pageOf<T>(rows: T[], page: number, pageSize: number) {
  return { rows: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize };
}
