import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProgram } from '../../media/ffmpeg';
import { startTestApp, type TestContext } from '../../test/harness';
import { serveMetricsOn } from './metrics';

const TOKEN = 'metrics-token-for-the-test-0123';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ metricsToken: TOKEN });
});
afterAll(async () => ctx.close());

const scrape = (authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('/metrics', () => {
  it('answers only with the token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all-000')).statusCode).toBe(401);
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
  });

  it('has request durations by route and status, jobs, sockets, the pool, media seconds and Node’s figures', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/courses/not-a-uuid/nothing-here' });
    ctx.app.jobs.work<{ fail: boolean }>('metrics-test', async ({ fail }) => {
      if (fail) throw new Error('planned failure');
    });
    await ctx.app.jobs.send('metrics-test', { fail: false });
    await ctx.app.jobs.send('metrics-test', { fail: true });
    await runProgram('ffmpeg', ['-hide_banner', '-version'], {
      timeoutMs: 30_000,
      what: 'Reading the version',
    });

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(
      /gurukul_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
    );
    // An unknown path is counted under one label, never under its own raw path.
    expect(text).toMatch(/route="unmatched",status="404"/);
    expect(text).not.toContain('not-a-uuid');
    expect(text).toMatch(/gurukul_job_runs_total\{queue="metrics-test",outcome="completed"\} 1/);
    expect(text).toMatch(/gurukul_job_runs_total\{queue="metrics-test",outcome="failed"\} 1/);
    expect(text).toMatch(/gurukul_jobs_waiting\{queue="metrics-test"\} 0/);
    expect(text).toMatch(/gurukul_sockets 0/);
    expect(text).toMatch(/gurukul_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toMatch(/gurukul_media_run_seconds_count\{program="ffmpeg",outcome="ok"\} [1-9]/);
    expect(text).toContain('gurukul_process_cpu_seconds_total');
  });

  it('does not exist without a token, and is served on its own port with METRICS_PORT', async () => {
    const plain = await startTestApp();
    try {
      const answer = await plain.app.inject({ method: 'GET', url: '/metrics' });
      expect(answer.body).not.toContain('gurukul_');
    } finally {
      await plain.close();
    }
    const server = await serveMetricsOn(0, '127.0.0.1');
    try {
      const port = (server.server.address() as AddressInfo).port;
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('gurukul_http_request_duration_seconds');
    } finally {
      await server.close();
    }
  });
});
