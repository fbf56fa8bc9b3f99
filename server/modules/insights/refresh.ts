import { performance } from 'node:perf_hooks';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  courses,
  insightCourses,
  insightLessonHeat,
  insightMoments,
  insightQuizQuestions,
  insightUnansweredGroups,
  insightViewing,
} from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { writeLessonHeat, writeMoments, writeSummary, writeUnansweredGroups } from './refresh-questions';
import { writeQuizQuestions } from './refresh-quizzes';
import { collectSources } from './refresh-sources';
import { writeViewing } from './refresh-viewing';

export const INSIGHTS_REFRESH_QUEUE = 'insights-refresh';
/** A refresh asked for longer ago than this and not done has failed: the page stops waiting for it. */
export const REFRESH_EXPIRES_SECONDS = 15 * 60;

export interface InsightsRefreshJob {
  courseId: string;
}

/**
 * Asks for a course's figures to be computed again: notes when (the page shows "refreshing" until refreshedAt
 * passes it) and queues a job, at most one queued per course (the queue's 'stately' policy with the course as
 * singleton key: one waiting and one running).
 */
export async function queueRefresh(app: App, courseId: string): Promise<void> {
  await app.db
    .insert(insightCourses)
    .values({ courseId, requestedAt: sql`now()` })
    .onConflictDoUpdate({ target: insightCourses.courseId, set: { requestedAt: sql`now()` } });
  await app.jobs.send<InsightsRefreshJob>(
    INSIGHTS_REFRESH_QUEUE,
    { courseId },
    { singletonKey: courseId, expireInSeconds: REFRESH_EXPIRES_SECONDS },
  );
}

/** Whether a refresh asked for is still to come (not done, and not so old that it must have failed). */
export function isRefreshing(
  state: { refreshedAt: Date | null; requestedAt: Date | null } | null | undefined,
) {
  if (!state?.requestedAt) return false;
  if (state.refreshedAt && state.refreshedAt >= state.requestedAt) return false;
  return Date.now() - state.requestedAt.getTime() < REFRESH_EXPIRES_SECONDS * 1000;
}

/**
 * Computes a live course's figures from the raw tables and replaces its insight rows, in one transaction: the
 * page reads the old figures until the new ones are committed. One refresh per course at a time (an advisory
 * lock), whatever process runs it. Answers false for a course that is gone or not live. `onStep` hears how long
 * each step took (bench/insights.ts).
 */
export async function refreshCourseInsights(
  app: App,
  courseId: string,
  onStep?: (step: string, ms: number) => void,
): Promise<boolean> {
  const started = performance.now();
  let last = started;
  const step = async (name: string, work: () => Promise<unknown>) => {
    await work();
    const now = performance.now();
    onStep?.(name, now - last);
    last = now;
  };
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`insights:${courseId}`}))`);
    const [course] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.id, courseId), isNotNull(courses.approvedSnapshot)));
    if (!course) return false;
    // The sorts and hashes of a large course stay in memory.
    await tx.execute(sql`set local work_mem = '64MB'`);
    await step('read sources', () => collectSources(tx, courseId));
    await step('clear', async () => {
      for (const table of [
        insightMoments,
        insightLessonHeat,
        insightUnansweredGroups,
        insightQuizQuestions,
        insightViewing,
      ]) {
        await tx.delete(table).where(eq(table.courseId, courseId));
      }
    });
    await step('summary', () => writeSummary(tx, courseId));
    await step('quiz questions', () => writeQuizQuestions(tx, courseId));
    await step('moments', () => writeMoments(tx, courseId));
    await step('lesson heat', () => writeLessonHeat(tx, courseId));
    await step('unanswered groups', () => writeUnansweredGroups(tx, courseId));
    await step('viewing', () => writeViewing(tx, courseId));
    await tx
      .update(insightCourses)
      .set({ refreshMs: Math.round(performance.now() - started) })
      .where(eq(insightCourses.courseId, courseId));
    return true;
  });
}

/** The queue's worker: a failure is retried once, then left in the job failures developers read. */
export function registerRefreshWorker(app: App): void {
  app.jobs.work<InsightsRefreshJob>(
    INSIGHTS_REFRESH_QUEUE,
    async (job) => {
      const refreshed = await refreshCourseInsights(app, job.courseId);
      app.log.info({ courseId: job.courseId, refreshed }, 'insights refreshed');
    },
    { retryLimit: 1, expireInSeconds: REFRESH_EXPIRES_SECONDS, policy: 'stately' },
  );
}
