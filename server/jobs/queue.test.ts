import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../db/schema/index';
import { makeTestClip } from '../test/clips';
import { buildAndLogin } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { multipart } from '../test/uploads';
import { inlineJobs, pgBossJobs } from './queue';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({}, { jobs: pgBossJobs({ pollingIntervalSeconds: 0.5 }) });
});
afterAll(async () => ctx.close());

describe('pg-boss jobs', () => {
  it('keeps its queues in the pgboss schema of the same database and runs sent jobs in a worker', async () => {
    expect(ctx.app.jobs.mode).toBe('pg-boss');
    const { rows } = await ctx.database.pool.query(
      "select count(*)::int as n from information_schema.tables where table_schema = 'pgboss'",
    );
    expect(rows[0].n).toBeGreaterThan(0);

    const seen: unknown[] = [];
    ctx.app.jobs.work<{ n: number }>('test-echo', async (data) => {
      seen.push(data);
    });
    await ctx.app.jobs.send('test-echo', { n: 1 });
    await ctx.app.jobs.send('test-echo', { n: 2 });
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(2);
    expect(seen).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
  });

  it('retries a job that throws once', async () => {
    let calls = 0;
    ctx.app.jobs.work('test-flaky', async () => {
      calls += 1;
      throw new Error('flaky');
    });
    await ctx.app.jobs.send('test-flaky', {});
    await expect.poll(() => calls, { timeout: 10_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls).toBe(2);
  });

  it('lists the data of jobs still to run or running, and forgets them once they complete', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: unknown[] = [];
    ctx.app.jobs.work<{ n: number }>('test-live', async (data) => {
      started.push(data);
      await gate;
    });
    await ctx.app.jobs.send('test-live', { n: 1 });
    await ctx.app.jobs.send('test-live', { n: 2 });
    await expect.poll(() => started.length, { timeout: 10_000 }).toBe(1);
    // One running, one queued behind it (one job at a time per queue per process).
    expect(await ctx.app.jobs.live('test-live')).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
    expect(await ctx.app.jobs.live('test-echo')).toEqual([]);
    release();
    await expect.poll(() => ctx.app.jobs.live('test-live'), { timeout: 10_000 }).toEqual([]);
    expect(started).toHaveLength(2);
  });

  it('packages an uploaded video in the background: 201 while processing, then ready', async () => {
    {
      const clip = makeTestClip({ audio: false });
      const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
      const [course] = await ctx.app.db
        .insert(courses)
        .values({ ownerId: teacher.user.id, title: 'Background' })
        .returning();
      const file = multipart('a.mp4', 'video/mp4', clip.bytes);
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/courses/${course.id}/videos?kind=lesson`,
        payload: file.payload,
        headers: { ...teacher.headers, ...file.headers },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ status: 'processing', progress: 0, playlistUrl: null });

      const started = Date.now();
      const list = async () =>
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/courses/${course.id}/videos`,
            headers: teacher.headers,
          })
        ).json().videos[0];
      await expect.poll(async () => (await list()).status, { timeout: 20_000, interval: 200 }).toBe('ready');
      console.info(`pg-boss: ready ${Date.now() - started} ms after the upload answered`);
      const ready = await list();
      expect(ready).toMatchObject({ progress: 100, width: 320, height: 240 });
      const playlist = await ctx.app.inject({
        method: 'GET',
        url: ready.playlistUrl,
        headers: teacher.headers,
      });
      expect(playlist.statusCode).toBe(200);
    }
  });
});

describe('inline jobs', () => {
  it('runs the job within send(), logs a failure without throwing, and refuses an unknown queue', async () => {
    const jobs = inlineJobs();
    await jobs.start(undefined, pino({ level: 'silent' }));
    const seen: unknown[] = [];
    jobs.work('echo', async (data) => {
      seen.push(data);
    });
    jobs.work('boom', async () => {
      throw new Error('boom');
    });
    await jobs.send('echo', { n: 1 });
    expect(seen).toEqual([{ n: 1 }]);
    await expect(jobs.send('boom', {})).resolves.toBeUndefined();
    await expect(jobs.send('nobody', {})).rejects.toThrow('No worker is registered for the job nobody');
    await jobs.stop();
  });
});
