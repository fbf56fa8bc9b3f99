import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseInsights } from '../../../common/contracts/insights';
import { pgBossJobs } from '../../jobs/queue';
import { buildAndLogin } from '../../test/factories';
import { insightCourse } from '../../test/fixtures/insights';
import { startTestApp, type TestContext } from '../../test/harness';
import { INSIGHTS_REFRESH_QUEUE } from './refresh';

/** The real queue (pg-boss) in a process that runs no jobs: what is queued stays visible. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({}, { jobs: pgBossJobs({ runWorkers: false }) });
});
afterAll(async () => ctx?.close());

const queued = async (courseId: string) => {
  const { rows } = await ctx.database.pool.query(
    `select state from pgboss.job where name = $1 and singleton_key = $2 and state < 'completed'`,
    [INSIGHTS_REFRESH_QUEUE, courseId],
  );
  return rows.map((row) => row.state);
};

describe('queueing refreshes', () => {
  it('keeps at most one refresh waiting per course, and says it is refreshing meanwhile', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const one = await insightCourse(ctx.app, teacher.user.id, 'One', [
      { title: 'Lesson', durationSeconds: 60 },
    ]);
    const two = await insightCourse(ctx.app, teacher.user.id, 'Two', [
      { title: 'Lesson', durationSeconds: 60 },
    ]);
    const read = async (courseId: string): Promise<CourseInsights> =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/insights/courses/${courseId}`,
          headers: teacher.headers,
        })
      ).json();

    expect(await read(one.id)).toMatchObject({ refreshedAt: null, refreshing: true });
    for (let i = 0; i < 3; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/insights/courses/${one.id}/refresh`,
        headers: teacher.headers,
      });
      expect(response.statusCode).toBe(202);
    }
    await read(one.id);
    expect(await queued(one.id)).toEqual(['created']);
    const { rows } = await ctx.database.pool.query('select policy from pgboss.queue where name = $1', [
      INSIGHTS_REFRESH_QUEUE,
    ]);
    expect(rows).toEqual([{ policy: 'stately' }]);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/insights/courses/${two.id}/refresh`,
      headers: teacher.headers,
    });
    expect(await queued(two.id)).toEqual(['created']);
    expect(await read(one.id)).toMatchObject({ refreshedAt: null, refreshing: true });
  });
});
