import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Leases on running jobs (docs/decisions/039-job-leases.md): which process runs which pg-boss job, and when each
// process was last seen, so a worker killed mid-job has its job handed to another within seconds, not when
// pg-boss's expiry (hours for a library render) runs out. No foreign keys: both are written off the request path.

/** A process that runs jobs (`npm run worker`, or a web process with JOBS=on), with its heartbeat. */
export const jobWorkers = pgTable('job_workers', {
  /** Chosen by the process at start (a UUID); never reused. */
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /** Moved forward every few seconds while the process lives. */
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A pg-boss job that a process has started and not yet finished. */
export const jobLeases = pgTable(
  'job_leases',
  {
    /** pg-boss's job id. */
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    workerId: uuid('worker_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('job_leases_worker_idx').on(table.workerId)],
);
