import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromProjectRoot } from '../paths';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close: () => Promise<void>;
}

// Read from the sources' folder, also when the server runs compiled from dist/server.
const migrationsFolder = fromProjectRoot('server', 'db', 'migrations');

export function connectDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool
  // replaces it on the next query.
  // pool.end() resolves before its sockets have closed: PostgreSQL stopped right after ends them, which is no loss.
  let closing = false;
  pool.on('error', (error) => {
    if (!closing) console.error(`[db] idle connection lost: ${error.message}`);
  });
  const db = drizzle(pool, { schema });
  const close = () => {
    closing = true;
    return pool.end();
  };
  return { db, pool, close };
}

/** Any fixed number: the advisory lock that makes processes starting together migrate one after another. */
const MIGRATION_LOCK = 4_215_870_311;

/**
 * Applies every pending migration; safe to call at each start, also from several processes at once (app
 * instances, a worker): they take turns on an advisory lock, and the ones after the first find nothing to do.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
