import pg from 'pg';
import type { Db } from './client';

/** How often work waiting for a lock held elsewhere checks again. */
const LOCK_POLL_MS = 200;

/**
 * Runs `work` holding the advisory lock named `key`, across app instances: used so one guru is never trained
 * twice at once and one library never rendered twice at once. While another process (or another job of this
 * one) holds it, this waits and then runs in full.
 *
 * The lock is session-level, on a connection of its own opened beside the pool (same settings): no transaction
 * stays open during the work (a render takes minutes), and no pooled connection is taken from requests. It is
 * released when the work ends, however it ends, and by PostgreSQL itself when the connection closes (the process
 * dies). Waiting polls on that connection, idle between tries. Should the connection drop mid-work (a database
 * restart), the lock is gone with it: that is logged, and the work carries on.
 */
export async function withAdvisoryLock(db: Db, key: string, work: () => Promise<void>): Promise<void> {
  const pool = (db as Db & { $client?: pg.Pool }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('withAdvisoryLock needs a database opened on a pool');
  // The pool's own settings (address, password, SSL), as the pool opens its connections with.
  const client = new pg.Client(pool.options);
  let working = false;
  client.on('error', (error) => {
    // Without a listener, a dropped connection would throw outside any caller (an uncaught error).
    if (working) console.error(`[db] advisory lock "${key}" lost with its connection: ${error.message}`);
    working = false;
  });
  await client.connect();
  try {
    for (;;) {
      const result = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [key],
      );
      if (result.rows[0]?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    working = true;
    try {
      await work();
    } finally {
      working = false;
      await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
    }
  } finally {
    // Closing the session releases the lock too, should the unlock above have failed.
    await client.end().catch(() => undefined);
  }
}
