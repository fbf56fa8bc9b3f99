import { and, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { xapiOutbox } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import type { PeriodicTask } from '../../jobs/periodic';
import { httpLrsClient, type LrsClient } from '../../providers/lrs/client';
import { activeLrs } from './settings';
import type { Statement } from './statements';

/** Statements per POST (decision 078). */
export const BATCH_SIZE = 50;
/** Batches one run sends at most, so a long backlog never holds a run for long. */
const BATCHES_PER_RUN = 20;
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** A claimed batch is not taken by another run for this long (a crashed run's batch comes back after it). */
const CLAIM_MS = 2 * 60_000;
const SENT_KEPT_DAYS = 7;
const PARKED_KEPT_DAYS = 30;

/**
 * Queues statements with one INSERT, or does nothing when no LRS is configured. A statement already queued (same
 * id) is left as it is. Never throws: a failure is logged and the learner's request carries on.
 */
export async function queueStatements(app: App, statements: Statement[]): Promise<void> {
  if (statements.length === 0) return;
  try {
    if (!(await activeLrs(app))) return;
    // Due from this moment by this process's clock, the one claimDue compares with: the database's default now()
    // has microseconds, so a statement queued in the same millisecond as a send looked a moment in the future.
    const queuedAt = new Date();
    await app.db
      .insert(xapiOutbox)
      .values(
        statements.map((statement) => ({
          id: statement.id,
          statement: { ...statement },
          nextAttemptAt: queuedAt,
        })),
      )
      .onConflictDoNothing({ target: xapiOutbox.id });
  } catch (error) {
    app.log.error({ err: error, statements: statements.length }, 'could not queue xAPI statements');
  }
}

/** The wait after the n-th failed try: 30 s doubling, at most an hour, ±20 % so a crowd of retries spreads out. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  return Math.min(Math.round(base * (0.8 + 0.4 * random())), MAX_BACKOFF_MS);
}

export interface SendReport {
  sent: number;
  retrying: number;
  parked: number;
}

/**
 * Sends the oldest due statements in batches of up to 50 until none is due or a batch fails. A batch the LRS
 * takes is marked sent; one it cannot take now (5xx, 429, network) waits its back-off; one it refuses (other 4xx)
 * is parked with the LRS's answer. Failures are logged at warn, so the developer logs (/logs) show them.
 */
export async function sendDueStatements(
  app: App,
  given?: LrsClient,
  now: Date = new Date(),
): Promise<SendReport> {
  const report: SendReport = { sent: 0, retrying: 0, parked: 0 };
  const lrs = given ? null : await activeLrs(app);
  const client = given ?? (lrs ? httpLrsClient(lrs) : null);
  if (!client) return report;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const rows = await claimDue(app, now);
    if (rows.length === 0) break;
    const answer = await client.sendStatements(rows.map((row) => row.statement));
    const ids = rows.map((row) => row.id);
    if (answer.outcome === 'sent') {
      await app.db
        .update(xapiOutbox)
        .set({ sentAt: new Date(), lastError: null })
        .where(inArray(xapiOutbox.id, ids));
      report.sent += rows.length;
      if (rows.length < BATCH_SIZE) break;
      continue;
    }
    const attempts = Math.max(...rows.map((row) => row.attempts)) + 1;
    if (answer.outcome === 'refused') {
      await app.db
        .update(xapiOutbox)
        .set({ parkedAt: new Date(), attempts: sql`${xapiOutbox.attempts} + 1`, lastError: answer.detail })
        .where(inArray(xapiOutbox.id, ids));
      report.parked += rows.length;
      app.log.warn(
        {
          status: answer.status,
          answer: answer.detail,
          statements: rows.length,
          statementIds: ids.slice(0, 5),
        },
        'the Learning Record Store refused xAPI statements; they are parked and will not be sent again',
      );
      continue;
    }
    const retryAt = new Date(now.getTime() + backoffMs(attempts));
    await app.db
      .update(xapiOutbox)
      .set({ nextAttemptAt: retryAt, attempts: sql`${xapiOutbox.attempts} + 1`, lastError: answer.detail })
      .where(inArray(xapiOutbox.id, ids));
    report.retrying += rows.length;
    app.log.warn(
      { status: answer.status, answer: answer.detail, statements: rows.length, attempts, retryAt },
      'could not send xAPI statements to the Learning Record Store; trying again later',
    );
    break;
  }
  return report;
}

/** Takes up to a batch of the oldest due statements for this run (SKIP LOCKED: several servers share the work). */
async function claimDue(app: App, now: Date) {
  const result = await app.db.execute<{ id: string; seq: string; statement: object; attempts: number }>(sql`
    UPDATE xapi_outbox SET next_attempt_at = ${new Date(now.getTime() + CLAIM_MS)}
    WHERE id IN (
      SELECT id FROM xapi_outbox
      WHERE sent_at IS NULL AND parked_at IS NULL AND next_attempt_at <= ${now}
      ORDER BY seq LIMIT ${BATCH_SIZE}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, seq, statement, attempts`);
  return [...result.rows].sort((a, b) => Number(a.seq) - Number(b.seq));
}

/** Sent statements go after 7 days, parked ones after 30. */
export async function purgeOldStatements(app: App, now: Date = new Date()): Promise<number> {
  const day = 24 * 60 * 60_000;
  const deleted = await app.db
    .delete(xapiOutbox)
    .where(
      or(
        and(
          isNotNull(xapiOutbox.sentAt),
          lt(xapiOutbox.sentAt, new Date(now.getTime() - SENT_KEPT_DAYS * day)),
        ),
        and(
          isNotNull(xapiOutbox.parkedAt),
          lt(xapiOutbox.parkedAt, new Date(now.getTime() - PARKED_KEPT_DAYS * day)),
        ),
      ),
    )
    .returning({ id: xapiOutbox.id });
  return deleted.length;
}

/** Sends only while the admin's LRS is saved and on (settings.ts); tidies the outbox either way. */
export const xapiSenderTask: PeriodicTask = {
  name: 'sending xAPI statements',
  everyMs: 15_000,
  atStart: 'background',
  // The first send waits its 15 s: at start it would take one of a starting server's few connections, and a
  // pool closed under it (the health tests) never answers the wait (decision 075's lesson with the sign-in sweep).
  first: async () => 0,
  run: async (app) => {
    await sendDueStatements(app);
    await purgeOldStatements(app);
  },
};
