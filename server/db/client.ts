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

/** Applies every pending migration; safe to call at each start. */
export async function migrateDatabase(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder });
}
