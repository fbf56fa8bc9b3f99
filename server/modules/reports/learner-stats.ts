import { and, eq, inArray, isNotNull, max, or, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AttemptTotals } from '../../../common/contracts/reports';
import { courses, courseVideos, quizAttempts, users, videoProgress } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { lessonsOf, liveSnapshot } from '../catalog/service';
import type { CourseSnapshot } from '../courses/snapshot';
import { round1 } from './csv';

/**
 * The figures every report is built from, with one meaning each (see common/contracts/reports.ts):
 * progress comes from learning's lessonProgress(), time and last activity from video_progress, scores from
 * the latest marked attempt of each quiz.
 */

export interface LiveCourse {
  id: string;
  title: string;
  snapshot: CourseSnapshot;
}

/** The title students see: the live version's, else the working one. */
export const courseTitle = sql<string>`coalesce(${courses.approvedSnapshot} -> 'info' ->> 'title', ${courses.title})`;

/** Live courses whose students the actor may see: their own; an institute's also its teachers'. */
export async function ownedLiveCourses(app: App, actor: Actor): Promise<LiveCourse[]> {
  const owner = alias(users, 'owner');
  const rows = await app.db
    .select({ id: courses.id, approvedSnapshot: courses.approvedSnapshot })
    .from(courses)
    .innerJoin(owner, eq(owner.id, courses.ownerId))
    .where(
      and(
        isNotNull(courses.approvedSnapshot),
        actor.userType === 'institute'
          ? or(eq(courses.ownerId, actor.userId), eq(owner.instituteId, actor.userId))
          : eq(courses.ownerId, actor.userId),
      ),
    );
  return rows.map(toLiveCourse);
}

export function toLiveCourse(row: { id: string; approvedSnapshot: unknown }): LiveCourse {
  const snapshot = liveSnapshot(row as { approvedSnapshot: unknown }) as CourseSnapshot;
  return { id: row.id, title: snapshot.info.title, snapshot };
}

export const lessonIdsOf = (list: LiveCourse[]) =>
  list.flatMap((course) => lessonsOf(course.snapshot).map((lesson) => lesson.id));

export const pairKey = (userId: string, courseId: string) => `${userId}:${courseId}`;

export interface WatchStat {
  seconds: number;
  lastAt: Date | null;
}

/** Watched seconds and the latest progress update per (learner, course), over the course's videos. */
export async function watchStats(
  app: App,
  filter: { userIds?: string[]; courseIds: string[] },
): Promise<Map<string, WatchStat>> {
  const stats = new Map<string, WatchStat>();
  if (filter.courseIds.length === 0 || filter.userIds?.length === 0) return stats;
  const rows = await app.db
    .select({
      userId: videoProgress.userId,
      courseId: courseVideos.courseId,
      seconds: sum(videoProgress.watchedSeconds).mapWith(Number),
      lastAt: max(videoProgress.updatedAt),
    })
    .from(videoProgress)
    .innerJoin(courseVideos, eq(courseVideos.id, videoProgress.videoId))
    .where(
      and(
        inArray(courseVideos.courseId, filter.courseIds),
        filter.userIds ? inArray(videoProgress.userId, filter.userIds) : undefined,
      ),
    )
    .groupBy(videoProgress.userId, courseVideos.courseId);
  for (const row of rows)
    stats.set(pairKey(row.userId, row.courseId), { seconds: row.seconds ?? 0, lastAt: row.lastAt });
  return stats;
}

export interface AttemptFact {
  id: string;
  quizId: string;
  quizTitle: string;
  courseId: string;
  courseTitle: string;
  userId: string;
  number: number;
  status: string;
  score: number | null;
  maxScore: number;
  passed: boolean | null;
  startedAt: Date;
  submittedAt: Date | null;
}

/** Every attempt (open ones too: they are activity) of the given learners and/or courses, newest first. */
export async function attemptFacts(
  app: App,
  filter: { userIds?: string[]; courseIds?: string[] },
): Promise<AttemptFact[]> {
  if (filter.userIds?.length === 0 || filter.courseIds?.length === 0) return [];
  return app.db
    .select({
      id: quizAttempts.id,
      quizId: quizAttempts.quizId,
      quizTitle: quizAttempts.quizTitle,
      courseId: quizAttempts.courseId,
      courseTitle,
      userId: quizAttempts.userId,
      number: quizAttempts.number,
      status: quizAttempts.status,
      score: quizAttempts.score,
      maxScore: quizAttempts.maxScore,
      passed: quizAttempts.passed,
      startedAt: quizAttempts.startedAt,
      submittedAt: quizAttempts.submittedAt,
    })
    .from(quizAttempts)
    .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
    .where(
      and(
        filter.userIds ? inArray(quizAttempts.userId, filter.userIds) : undefined,
        filter.courseIds ? inArray(quizAttempts.courseId, filter.courseIds) : undefined,
      ),
    )
    .orderBy(sql`${quizAttempts.submittedAt} desc nulls first`, sql`${quizAttempts.startedAt} desc`);
}

/** Submitted or marked: an attempt that is a result (or waits to become one). */
export const isFinished = (attempt: Pick<AttemptFact, 'status'>) => attempt.status !== 'in_progress';

export const attemptPercent = (attempt: Pick<AttemptFact, 'score' | 'maxScore'>) =>
  attempt.score === null ? null : attempt.maxScore > 0 ? round1((attempt.score / attempt.maxScore) * 100) : 0;

/** Mean percent of the latest marked attempt of each (learner, quiz); null when nothing is marked. */
export function averagePercent(attempts: AttemptFact[]): number | null {
  const latest = new Map<string, AttemptFact>();
  for (const attempt of attempts) {
    if (attempt.status !== 'marked') continue;
    const key = pairKey(attempt.userId, attempt.quizId);
    const seen = latest.get(key);
    if (!seen || laterThan(attempt, seen)) latest.set(key, attempt);
  }
  if (latest.size === 0) return null;
  const percents = [...latest.values()].map((attempt) => attemptPercent(attempt) ?? 0);
  return round1(percents.reduce((a, b) => a + b, 0) / percents.length);
}

function laterThan(a: AttemptFact, b: AttemptFact): boolean {
  const diff = (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0);
  return diff !== 0 ? diff > 0 : a.number > b.number;
}

/** Totals over finished attempts: count, average score, passed, waiting for marking. */
export function attemptTotals(attempts: AttemptFact[]): AttemptTotals {
  const finished = attempts.filter(isFinished);
  return {
    attempts: finished.length,
    averagePercent: averagePercent(finished),
    passed: finished.filter((a) => a.status === 'marked' && a.passed).length,
    waiting: finished.filter((a) => a.status === 'submitted').length,
  };
}

/** Percent of marked attempts that passed; null when none is marked. */
export function passRate(attempts: AttemptFact[]): number | null {
  const marked = attempts.filter((a) => a.status === 'marked');
  if (marked.length === 0) return null;
  return round1((marked.filter((a) => a.passed).length / marked.length) * 100);
}

/** The latest of the given moments, or null. */
export function latest(...moments: (Date | null | undefined)[]): Date | null {
  let found: Date | null = null;
  for (const moment of moments) if (moment && (!found || moment > found)) found = moment;
  return found;
}

/** The latest activity among attempts: started or submitted. */
export const attemptsLastAt = (attempts: AttemptFact[]) =>
  latest(...attempts.flatMap((a) => [a.startedAt, a.submittedAt]));

/** Inclusive bounds from a day (whole UTC day) or an exact instant. */
export function dateBounds(from?: string, to?: string) {
  const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  return {
    from: from ? new Date(isDay(from) ? `${from}T00:00:00.000Z` : from) : null,
    to: to ? new Date(isDay(to) ? `${to}T23:59:59.999Z` : to) : null,
  };
}

export const within = (moment: Date | null, bounds: { from: Date | null; to: Date | null }) =>
  Boolean(moment) &&
  (!bounds.from || (moment as Date) >= bounds.from) &&
  (!bounds.to || (moment as Date) <= bounds.to);

export const mean = (values: number[]) =>
  values.length === 0 ? 0 : Math.round(values.reduce((a, b) => a + b, 0) / values.length);

export function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
