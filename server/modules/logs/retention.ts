import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { errorGroups } from '../../db/schema/index';
import type { PeriodicTask } from '../../jobs/periodic';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per DELETE, so pruning a big backlog never holds long locks or one huge transaction. */
const CHUNK = 5000;

/** Deletes stored logs older than `days`: request and log rows by time, error groups not seen since. */
export async function pruneLogs(
  db: Db,
  days: number,
  now = new Date(),
): Promise<{ requests: number; logs: number; groups: number }> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const chunked = async (table: 'request_logs' | 'app_logs') => {
    let total = 0;
    for (;;) {
      const result = await db.execute(
        sql`delete from ${sql.identifier(table)} where id in (select id from ${sql.identifier(table)} where at < ${cutoff} limit ${CHUNK})`,
      );
      const deleted = result.rowCount ?? 0;
      total += deleted;
      if (deleted < CHUNK) return total;
    }
  };
  const requests = await chunked('request_logs');
  const logs = await chunked('app_logs');
  const groups = await db
    .delete(errorGroups)
    .where(lt(errorGroups.lastSeen, cutoff))
    .returning({ f: errorGroups.fingerprint });
  return { requests, logs, groups: groups.length };
}

/** Hourly, on every server (deletes are idempotent): LOG_RETENTION_DAYS, also when LOGS=off stores nothing new. */
export const logRetentionTask: PeriodicTask = {
  name: 'log retention',
  everyMs: 60 * 60 * 1000,
  atStart: 'background',
  run: (app) => pruneLogs(app.db, app.config.logStore.retentionDays),
};
