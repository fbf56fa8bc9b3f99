import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { loadSecrets } from '../config';
import { SUPERVISOR_PID_ENV } from '../lifecycle/restart-policy';
import { connectDatabase, type Database, migrateDatabase } from './client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded';
import { findRunningCluster, stopLeftoverCluster } from './leftover-postgres';

export interface OpenedDatabase extends Database {
  embedded: EmbeddedDatabase | null;
  url: string;
}

export async function ensureDatabaseExists(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** DATABASE_URL when set, else the embedded cluster under DATA_DIR/postgres; migrated either way. */
export async function openDatabase(
  config: Config,
  log: (line: string) => void,
  notice?: (line: string) => void,
): Promise<OpenedDatabase> {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  let supervisorCluster: string | null = null;
  if (!url) {
    const { postgresPassword } = loadSecrets(config.dataDir);
    const clusterDir = path.join(config.dataDir, 'postgres');
    const joined = supervisorsCluster(clusterDir, postgresPassword);
    if (joined) {
      supervisorCluster = clusterDir;
      await ensureDatabaseExists(joined('postgres'), 'gurukul');
      url = joined('gurukul');
    } else {
      embedded = await startEmbeddedPostgres(clusterDir, postgresPassword, { log, notice });
      await ensureDatabaseExists(embedded.url('postgres'), 'gurukul');
      url = embedded.url('gurukul');
    }
  }
  const database = connectDatabase(url, 20);
  await migrateDatabase(database);
  const supervisor = Number(process.env[SUPERVISOR_PID_ENV]);
  const close = async () => {
    await database.close();
    await embedded?.stop();
    // The supervisor stops its PostgreSQL, and keeps it running while this server restarts; when the supervisor
    // itself is gone (killed outright), the server stopping is the last chance to stop the cluster.
    if (supervisorCluster && process.ppid !== supervisor) await stopLeftoverCluster(supervisorCluster);
  };
  return { ...database, close, embedded, url };
}

/**
 * Under `npm start`'s supervisor (decision 051) the supervisor runs the embedded PostgreSQL and the server joins
 * it, so a restarted server finds its database already up. Returns how to reach that cluster, or null when this
 * process has no supervisor or the supervisor runs none (DATABASE_URL).
 */
function supervisorsCluster(clusterDir: string, password: string): ((database: string) => string) | null {
  const supervisor = Number(process.env[SUPERVISOR_PID_ENV]);
  if (!supervisor || supervisor !== process.ppid) return null;
  const cluster = findRunningCluster(clusterDir);
  if (cluster?.parentPid !== supervisor) return null;
  return (database) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${cluster.port}/${encodeURIComponent(database)}`;
}
