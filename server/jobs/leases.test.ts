import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../test/harness';
import { WORKER_STOPPED_MESSAGE } from './leases';
import { type Jobs, pgBossJobs } from './queue';

// A process killed mid-job (kill -9, a lost machine) never says so: the job stays "active" in pg-boss until it
// expires. Here the dead process is a row that stopped beating and a job it fetched; the live process is a real
// pgBossJobs with a short lease. The kill -9 of a real worker process is in the cluster proof (cluster/).
const LEASE_SECONDS = 5;
const log = pino({ level: 'silent' });

let ctx: TestContext;
let url: string;
let live: Jobs;
/** Stands for the process that died: it fetches jobs and is never heard of again. */
let deadBoss: PgBoss;

beforeAll(async () => {
  ctx = await startTestApp();
  url = ctx.config.databaseUrl as string;
  deadBoss = new PgBoss({ connectionString: url, max: 2 });
  await deadBoss.start();
});
afterAll(async () => {
  await live?.stop();
  await deadBoss.stop({ graceful: false });
  await ctx.close();
});

const query = async <T>(sql: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(sql, values)).rows as T[];

/** Queues a job and has the "dead" process take it: active in pg-boss, leased to a worker last seen long ago. */
async function jobTakenByDeadWorker(queue: string, data: object, retryLimit: number): Promise<string> {
  await deadBoss.createQueue(queue, { name: queue, retryLimit });
  const id = await deadBoss.send(queue, data);
  const [fetched] = (await deadBoss.fetch(queue)) ?? [];
  expect(fetched?.id).toBe(id);
  const deadWorker = randomUUID();
  await query(
    `insert into job_workers (id, host, pid, seen_at) values ($1, 'gone', 1, now() - interval '10 minutes')`,
    [deadWorker],
  );
  await query('insert into job_leases (job_id, queue, worker_id) values ($1, $2, $3)', [
    fetched.id,
    queue,
    deadWorker,
  ]);
  return String(id);
}

const jobState = async (queue: string, id: string) =>
  (
    await query<{ state: string }>('select state::text from pgboss.job where name = $1 and id = $2', [
      queue,
      id,
    ])
  )[0]?.state;

describe('job leases', () => {
  it('hands the job of a process that stopped beating to a live one, which runs it', async () => {
    const queue = 'lease-test-handback';
    const id = await jobTakenByDeadWorker(queue, { lesson: 7 }, 1);
    expect(await jobState(queue, id)).toBe('active');

    live = pgBossJobs({ pollingIntervalSeconds: 0.5, leaseSeconds: LEASE_SECONDS });
    const ran: unknown[] = [];
    let finish: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    live.work<{ lesson: number }>(queue, async (data) => {
      ran.push(data);
      await held;
    });
    await live.start(url, log);

    await expect.poll(() => ran.length, { timeout: 15_000 }).toBe(1);
    expect(ran[0]).toEqual({ lesson: 7 });
    // While the live process runs it, the job is leased to that process and its row keeps beating.
    const leases = await query<{ worker_id: string }>('select worker_id from job_leases where job_id = $1', [
      id,
    ]);
    expect(leases).toHaveLength(1);
    const [owner] = await query<{ host: string; seen: number }>(
      'select host, extract(epoch from now() - seen_at)::float as seen from job_workers where id = $1',
      [leases[0].worker_id],
    );
    expect(owner.host).not.toBe('gone');
    expect(owner.seen).toBeLessThan(LEASE_SECONDS);
    expect(await query('select 1 from job_workers where host = $1', ['gone'])).toHaveLength(0);

    // A live process is never swept, however long its job takes.
    await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS + 1) * 1000));
    expect(await jobState(queue, id)).toBe('active');
    expect(ran).toHaveLength(1);

    finish();
    await expect.poll(() => jobState(queue, id), { timeout: 10_000 }).toBe('completed');
    expect(await query('select 1 from job_leases where job_id = $1', [id])).toHaveLength(0);
  }, 60_000);

  it('fails a handed-back job with no retries left, saying why, so it cannot loop through every worker', async () => {
    const queue = 'lease-test-exhausted';
    const id = await jobTakenByDeadWorker(queue, { lesson: 8 }, 0);
    let ran = 0;
    live.work(queue, async () => {
      ran += 1;
    });
    await expect.poll(() => jobState(queue, id), { timeout: 15_000 }).toBe('failed');
    expect(ran).toBe(0);
    const { failures } = await live.failures({ limit: 10, offset: 0, name: queue });
    expect(failures.map((failure) => failure.id)).toContain(id);
    expect(JSON.stringify(failures[0].error)).toContain(WORKER_STOPPED_MESSAGE);
  }, 30_000);

  it('leaves the worker table on a graceful stop', async () => {
    const before = await query<{ n: number }>(
      "select count(*)::int as n from job_workers where host <> 'gone'",
    );
    expect(before[0].n).toBe(1);
    await live.stop();
    const after = await query<{ n: number }>('select count(*)::int as n from job_workers');
    expect(after[0].n).toBe(0);
  });
});
