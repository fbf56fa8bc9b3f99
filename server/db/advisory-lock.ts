import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** How often work waiting for a lock held elsewhere checks again. */
const LOCK_POLL_MS = 200;

/**
 * Runs `work` holding the advisory lock named `key`: a transaction-scoped lock on a connection of its own, so
 * it is released however the work or the process ends. While another process (or another job of this one)
 * holds it, this waits and then runs in full; waiting polls, keeping no connection meanwhile. Used so one
 * guru is never trained twice at once and one library never rendered twice at once, across app instances.
 */
export async function withAdvisoryLock(db: Db, key: string, work: () => Promise<void>): Promise<void> {
  for (;;) {
    const ran = await db.transaction(async (tx) => {
      const result = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(hashtext(${key})) as locked`,
      );
      if (!result.rows[0]?.locked) return false;
      await work();
      return true;
    });
    if (ran) return;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}
