import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Logger } from '../http/logger';
import { jobRuns } from '../metrics/instruments';
import { type JobLeases, jobLeases } from './leases';

/** Background work by name: pg-boss on the app's PostgreSQL, or inline (tests) where send() runs the job. */
export interface Jobs {
  /** 'pg-boss' or 'inline', for logs and tests. */
  readonly mode: 'pg-boss' | 'inline';
  /** Connects and starts the registered workers; the app calls it when it is ready. */
  start(databaseUrl: string | undefined, log: Logger): Promise<void>;
  /** Queues a job; inline mode runs it before resolving (a failing job is logged, not thrown). */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<void>;
  /** Registers the handler of a queue; may be called before or after start(). */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: QueueOptions): void;
  /** Stops the workers, waiting a while for running jobs; the app calls it on close. */
  stop(): Promise<void>;
  /** Null when queued work will run; otherwise why not, in words fit for the readiness answer. */
  problem(): Promise<string | null>;
  /** Jobs that failed (or failed and wait for a retry), newest first, for developers' /logs. */
  failures(query: FailureQuery): Promise<{ total: number; failures: JobFailure[] }>;
  /** Jobs waiting to run (queued or waiting for a retry) per registered queue, for /metrics. */
  depth(): Promise<Record<string, number>>;
  /** The data of a queue's jobs that are queued, waiting for a retry or running: work that will still happen. */
  live<T extends object>(name: string): Promise<T[]>;
}

/** Runs a handler, counting its outcome for /metrics; the error goes on to the queue (retries, /logs). */
async function counted(queue: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
    jobRuns.inc({ queue, outcome: 'completed' });
  } catch (error) {
    jobRuns.inc({ queue, outcome: 'failed' });
    throw error;
  }
}

export interface FailureQuery {
  limit: number;
  offset: number;
  /** Only this queue. */
  name?: string;
  /** 'failed' (no retry left) or 'retry' (failed, will run again); both when unset. */
  state?: JobFailure['state'];
}

/** A failed run as the queue keeps it: payload and error as stored, unredacted (the reader redacts). */
export interface JobFailure {
  id: string;
  name: string;
  state: 'failed' | 'retry';
  retryCount: number;
  retryLimit: number;
  createdAt: Date;
  failedAt: Date | null;
  data: unknown;
  error: unknown;
}

export type JobHandler<T> = (data: T) => Promise<void>;

export interface SendOptions {
  /** How long one run may take before pg-boss gives up on it (max 23 h). */
  expireInSeconds?: number;
  /**
   * Jobs of one key are limited by the queue's policy (QueueOptions.policy), e.g. at most one queued per course;
   * a send beyond it is dropped. Inline jobs run every send.
   */
  singletonKey?: string;
}

export interface QueueOptions {
  /** Retries after a thrown error (pg-boss). Handlers that record their own failure throw only on surprises. */
  retryLimit?: number;
  /** Seconds before the first retry; with retryBackoff, doubling (with jitter) each time after. */
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /**
   * pg-boss's queue policy, per singletonKey: 'standard' (no limit, the default), 'short' (one queued), 'singleton'
   * (one running), 'stately' (one queued and one running).
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

const MAX_EXPIRE_SECONDS = 23 * 60 * 60;
/** pg-boss checks `'expireInSeconds' in options`: the key must be absent, not undefined, when unset. */
const expiry = (seconds: number | undefined) =>
  seconds === undefined
    ? {}
    : { expireInSeconds: Math.max(1, Math.min(MAX_EXPIRE_SECONDS, Math.ceil(seconds))) };

/** Creates a queue if missing; app instances starting together may deadlock on it, so that is retried. */
async function createQueue(instance: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'>) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await instance.createQueue(name, { name, ...options });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

interface Registered {
  handler: JobHandler<object>;
  options: QueueOptions;
}

export interface PgBossOptions {
  schema?: string;
  pollingIntervalSeconds?: number;
  /**
   * false: this process only queues jobs (a web process with JOBS=off); handlers are registered but never run
   * here, `npm run worker` processes run them. Default true.
   */
  runWorkers?: boolean;
  /** A process running jobs that is not seen for this long has its jobs handed to another (JOB_LEASE_SECONDS). */
  leaseSeconds?: number;
}

/**
 * pg-boss in the schema 'pgboss' of the same database. Every process that runs workers works the queues it
 * registered (one job at a time per queue per process); pg-boss hands each job to one of them.
 */
export function pgBossJobs(options: PgBossOptions = {}): Jobs {
  const runWorkers = options.runWorkers ?? true;
  const handlers = new Map<string, Registered>();
  // One creation per queue name, shared by concurrent callers: concurrent create_queue calls deadlock.
  const created = new Map<string, Promise<void>>();
  let boss: PgBoss | null = null;
  let leases: JobLeases | null = null;
  let log: Logger | null = null;

  const ensureQueue = (instance: PgBoss, name: string, queue: QueueOptions = {}): Promise<void> => {
    let creation = created.get(name);
    if (!creation) {
      creation = createQueue(instance, name, {
        retryLimit: queue.retryLimit ?? 1,
        ...(queue.retryDelay !== undefined ? { retryDelay: queue.retryDelay } : {}),
        ...(queue.retryBackoff !== undefined ? { retryBackoff: queue.retryBackoff } : {}),
        ...expiry(queue.expireInSeconds),
        ...(queue.policy ? { policy: queue.policy } : {}),
      });
      created.set(name, creation);
      creation.catch(() => created.delete(name));
    }
    return creation;
  };

  const startWorker = async (instance: PgBoss, name: string, { handler, options: queue }: Registered) => {
    await ensureQueue(instance, name, queue);
    await instance.work<object>(
      name,
      { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        log?.info({ queue: name, jobId: job.id }, 'job started');
        const run = () => counted(name, () => handler(job.data));
        await (leases ? leases.hold(name, job.id, run) : run());
      },
    );
  };

  return {
    mode: 'pg-boss',
    async start(databaseUrl, logger) {
      if (boss) return;
      if (!databaseUrl) throw new Error('pg-boss needs the database URL');
      log = logger;
      const instance = new PgBoss({
        connectionString: databaseUrl,
        schema: options.schema ?? 'pgboss',
        max: 4,
        application_name: 'gurukul-jobs',
      });
      instance.on('error', (error) => logger.error({ err: error }, 'pg-boss error'));
      await instance.start();
      boss = instance;
      if (!runWorkers) return;
      leases = jobLeases(instance, logger, { deadAfterSeconds: options.leaseSeconds ?? 30 });
      await leases.start();
      for (const [name, registered] of handlers) await startWorker(instance, name, registered);
    },
    async send(name, data, sendOptions = {}) {
      if (!boss) throw new Error(`Jobs are not started; cannot queue ${name}`);
      await ensureQueue(boss, name, handlers.get(name)?.options);
      await boss.send(name, data, {
        ...expiry(sendOptions.expireInSeconds),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    work(name, handler, queue = {}) {
      const registered = { handler: handler as JobHandler<object>, options: queue };
      handlers.set(name, registered);
      if (boss && runWorkers) {
        startWorker(boss, name, registered).catch((error: unknown) =>
          log?.error({ err: error, queue: name }, 'could not start worker'),
        );
      }
    },
    async stop() {
      const instance = boss;
      boss = null;
      created.clear();
      // Graceful: running jobs get up to 20 s. The pool stays open for the leases: a job still running after that
      // is cut short, this process leaves job_workers, and the next sweep elsewhere hands the job back.
      await instance?.stop({ graceful: true, wait: true, timeout: 20_000, close: false });
      await leases?.stop();
      leases = null;
      // pg-boss's own pool (its Db type does not show close; the instance has it when the pool is pg-boss's).
      await (instance?.getDb() as { close?: () => Promise<void> } | undefined)?.close?.();
    },
    async problem() {
      if (!boss) return 'The job queue is not started';
      // A query through pg-boss's own connection pool: its schema is there and its database answers.
      const installed = await boss.isInstalled().catch(() => null);
      if (installed === null) return 'The job queue cannot reach its database';
      return installed ? null : 'The job queue has no tables';
    },
    async failures(query) {
      if (!boss) return { total: 0, failures: [] };
      return readPgBossFailures(boss.getDb(), options.schema ?? 'pgboss', query);
    },
    async depth() {
      const instance = boss;
      if (!instance) return {};
      const names = [...handlers.keys()];
      const sizes = await Promise.all(names.map((name) => instance.getQueueSize(name).catch(() => 0)));
      return Object.fromEntries(names.map((name, index) => [name, sizes[index]]));
    },
    async live<T extends object>(name: string) {
      if (!boss) return [];
      const { rows } = await boss
        .getDb()
        .executeSql(
          `select data from ${options.schema ?? 'pgboss'}.job where name = $1 and state < 'completed'`,
          [name],
        );
      return rows.map((row) => row.data as T);
    },
  };
}

/**
 * Failed runs from pg-boss's own tables (read, not copied): `job` holds failures waiting for a retry and recent
 * final failures, `archive` the older final ones until pg-boss deletes them. Both hold the error as `output`.
 */
async function readPgBossFailures(
  db: PgBoss.Db,
  schema: string,
  query: FailureQuery,
): Promise<{ total: number; failures: JobFailure[] }> {
  const failed = `select id, name, state::text as state, retry_count, retry_limit, created_on, completed_on, started_on, data, output`;
  const union = `(
    ${failed} from ${schema}.job where state in ('failed', 'retry') and output is not null
    union all
    ${failed} from ${schema}.archive where state = 'failed'
  ) f where ($1::text is null or name = $1) and ($2::text is null or state = $2)`;
  const values = [query.name ?? null, query.state ?? null];
  const [{ rows: counted }, { rows }] = await Promise.all([
    db.executeSql(`select count(*)::int as n from ${union}`, values),
    db.executeSql(
      `select * from ${union} order by coalesce(completed_on, started_on, created_on) desc, id limit $3 offset $4`,
      [...values, query.limit, query.offset],
    ),
  ]);
  return {
    total: Number(counted[0]?.n ?? 0),
    failures: rows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      state: row.state === 'retry' ? 'retry' : 'failed',
      retryCount: Number(row.retry_count),
      retryLimit: Number(row.retry_limit),
      createdAt: new Date(row.created_on),
      failedAt: row.completed_on
        ? new Date(row.completed_on)
        : row.started_on
          ? new Date(row.started_on)
          : null,
      data: row.data,
      error: row.output,
    })),
  };
}

/** Jobs run inline, in-process, as soon as they are sent: tests await the whole pipeline in one call. */
export function inlineJobs(): Jobs {
  const handlers = new Map<string, JobHandler<object>>();
  let log: Logger | null = null;
  let started = false;
  // Inline runs have no table: the latest failures are kept in memory, so /logs shows them all the same.
  const failed: JobFailure[] = [];
  return {
    mode: 'inline',
    async start(_databaseUrl, logger) {
      log = logger;
      started = true;
    },
    async send(name, data) {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`No worker is registered for the job ${name}`);
      const createdAt = new Date();
      try {
        await counted(name, () => handler(data));
      } catch (error) {
        // As with pg-boss, the sender is not failed by the job: the job records and reports its outcome.
        log?.error({ err: error, queue: name }, 'inline job failed');
        failed.unshift({
          id: randomUUID(),
          name,
          state: 'failed',
          retryCount: 0,
          retryLimit: 0,
          createdAt,
          failedAt: new Date(),
          data,
          error:
            error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error,
        });
        failed.length = Math.min(failed.length, INLINE_FAILURES_KEPT);
      }
    },
    work(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    // Inline jobs run as they are sent: nothing ever waits.
    depth: async () => Object.fromEntries([...handlers.keys()].map((name) => [name, 0])),
    live: async () => [],
    async stop() {
      started = false;
    },
    async problem() {
      return started ? null : 'The job queue is not started';
    },
    async failures(query) {
      const matching = failed.filter(
        (job) => (!query.name || job.name === query.name) && (!query.state || job.state === query.state),
      );
      return { total: matching.length, failures: matching.slice(query.offset, query.offset + query.limit) };
    },
  };
}

const INLINE_FAILURES_KEPT = 200;
