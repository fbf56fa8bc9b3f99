import { lt, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ltiDeepLinks, ltiStates, ssoAttempts, ssoTickets } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import type { PeriodicTask } from '../../jobs/periodic';

/**
 * Sign-ins and launches keep one-use rows (single sign-on's attempts and tickets, decision 073; LTI's states and
 * Deep Linking requests, decision 074) that are worthless once expired. They are removed a day after (a day to
 * read them when a school reports a failed sign-in), every hour, so the tables stay the size of an hour's traffic.
 */
const KEPT_AFTER_EXPIRY = sql`now() - interval '1 day'`;
const TABLES: [PgTable, AnyPgColumn][] = [
  [ssoAttempts, ssoAttempts.expiresAt],
  [ssoTickets, ssoTickets.expiresAt],
  [ltiStates, ltiStates.expiresAt],
  [ltiDeepLinks, ltiDeepLinks.expiresAt],
];

export async function removeExpiredSignIns(app: App): Promise<number> {
  let removed = 0;
  for (const [table, expiresAt] of TABLES) {
    const rows = await app.db
      .delete(table)
      .where(lt(expiresAt, KEPT_AFTER_EXPIRY))
      .returning({ at: expiresAt });
    removed += rows.length;
  }
  return removed;
}

export const expiredSignInsTask: PeriodicTask = {
  name: 'removing expired sign-in and launch rows',
  everyMs: 60 * 60 * 1000,
  atStart: 'background',
  // Nothing here is urgent: the first sweep waits its hour, so a starting server's connections go to what is.
  first: async () => 0,
  run: removeExpiredSignIns,
};
