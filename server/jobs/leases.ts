import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type PgBoss from 'pg-boss';
import type { Logger } from '../http/logger';

// docs/decisions/039-job-leases.md. pg-boss 10 has no heartbeat: a job whose process is killed stays "active"
// until its expiry (six hours for a library render). Each process that runs jobs keeps a row in job_workers
// fresh and a lease per running job; any of them hands back the jobs of a process not seen for `deadAfterSeconds`.

export interface LeaseSettings {
  /** A process not seen for this long is taken for dead and its jobs go back to the queue. */
  deadAfterSeconds: number;
}

export interface JobLeases {
  readonly workerId: string;
  /** Registers this process and starts its heartbeat and the sweep; before any job runs. */
  start(): Promise<void>;
  /** Runs one job under a lease: recorded before it starts, removed when it ends however it ends. */
  hold(queue: string, jobId: string, run: () => Promise<void>): Promise<void>;
  /** Hands back the jobs of processes not seen in time; returns how many. Also run on a timer. */
  sweep(): Promise<number>;
  /** Stops the timers and removes this process: leases still held (jobs cut short) are handed back at once. */
  stop(): Promise<void>;
}

export const WORKER_STOPPED_MESSAGE = 'The process running this job stopped; the job went back to the queue';

export function jobLeases(boss: PgBoss, log: Logger, settings: LeaseSettings): JobLeases {
  const workerId = randomUUID();
  const db = boss.getDb();
  // Six beats per lease: a busy event loop or a slow database can miss several before the process is given up.
  const beatMs = Math.max(500, (settings.deadAfterSeconds * 1000) / 6);
  const sweepMs = Math.max(1000, (settings.deadAfterSeconds * 1000) / 3);
  const timers: NodeJS.Timeout[] = [];

  // An upsert, not an update: a process that was paused past its lease (and removed) comes back when it wakes.
  const beat = () =>
    db.executeSql(
      `insert into job_workers (id, host, pid) values ($1, $2, $3)
       on conflict (id) do update set seen_at = now()`,
      [workerId, os.hostname(), process.pid],
    );

  const sweep = async (): Promise<number> => {
    await db.executeSql('delete from job_workers where seen_at < now() - make_interval(secs => $1)', [
      settings.deadAfterSeconds,
    ]);
    // `delete … returning` hands each orphaned lease to exactly one sweeper, however many run at once.
    const { rows } = await db.executeSql(
      `delete from job_leases l
       where not exists (select 1 from job_workers w where w.id = l.worker_id)
       returning l.job_id, l.queue, l.worker_id`,
      [],
    );
    for (const row of rows) {
      // pg-boss's fail: back to the queue while retries remain (counted, so a job that kills every process that
      // takes it ends failed instead of looping), otherwise failed with this message in /logs.
      await boss.fail(String(row.queue), String(row.job_id), { message: WORKER_STOPPED_MESSAGE });
      log.warn({ queue: row.queue, jobId: row.job_id, deadWorker: row.worker_id }, 'job handed back');
    }
    return rows.length;
  };

  const every = (ms: number, task: () => Promise<unknown>, what: string) => {
    const timer = setInterval(() => {
      task().catch((error: unknown) => log.warn({ err: error }, `job leases: ${what} failed`));
    }, ms);
    timer.unref();
    timers.push(timer);
  };

  return {
    workerId,
    async start() {
      await beat();
      every(beatMs, beat, 'heartbeat');
      every(sweepMs, sweep, 'sweep');
    },
    async hold(queue, jobId, run) {
      await db.executeSql(
        'insert into job_leases (job_id, queue, worker_id) values ($1, $2, $3) on conflict (job_id) do update set worker_id = $3, started_at = now()',
        [jobId, queue, workerId],
      );
      try {
        await run();
      } finally {
        await db
          .executeSql('delete from job_leases where job_id = $1 and worker_id = $2', [jobId, workerId])
          .catch((error: unknown) => log.warn({ err: error, jobId }, 'job lease not released'));
      }
    },
    sweep,
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await db.executeSql('delete from job_workers where id = $1', [workerId]).catch(() => undefined);
    },
  };
}
