import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobFailureList } from '../../../common/contracts/logs';
import { pgBossJobs } from '../../jobs/queue';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({}, { jobs: pgBossJobs({ pollingIntervalSeconds: 0.5 }) });
});
afterAll(async () => ctx.close());

describe('failed pg-boss jobs', () => {
  it('are read from pg-boss tables: retries, state, the error and a redacted payload', async () => {
    const { headers } = await buildAndLogin(ctx.app, { userType: 'developer' });
    let runs = 0;
    ctx.app.jobs.work(
      'probe-render',
      async () => {
        runs += 1;
        throw new Error(`render failed on run ${runs}`);
      },
      { retryLimit: 1 },
    );
    await ctx.app.jobs.send('probe-render', { lessonId: 'l-1', token: 'JOB-TOKEN-SECRET' });
    const read = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/logs/jobs?name=probe-render', headers })
      ).json<JobFailureList>();
    await expect
      .poll(async () => (await read()).failures[0]?.state, { timeout: 20_000, interval: 300 })
      .toBe('failed');
    const answer = await read();
    expect(answer).toMatchObject({ mode: 'pg-boss', total: 1 });
    expect(answer.failures[0]).toMatchObject({
      name: 'probe-render',
      retryCount: 1,
      retryLimit: 1,
      error: { message: 'render failed on run 2' },
    });
    // jsonb keeps its own key order.
    expect(JSON.parse(answer.failures[0].payload)).toEqual({ lessonId: 'l-1', token: '[redacted]' });
    expect(answer.failures[0].error.stack).toContain('render failed on run 2');
    const retrying = await ctx.app.inject({ method: 'GET', url: '/api/logs/jobs?state=retry', headers });
    expect(retrying.json<JobFailureList>().failures.filter((f) => f.name === 'probe-render')).toEqual([]);
  });
});
