import path from 'node:path';
import type { Config } from '../config';
import { loadSecrets } from '../config';
import { StartupError } from '../lifecycle/startup-error';
import { connectDatabase, type Database, migrateDatabase } from './client';
import { findRunningCluster } from './leftover-postgres';

/**
 * The database a worker joins (decision 035): DATABASE_URL, or on one machine the embedded PostgreSQL that a
 * running `npm start` with the same DATA_DIR owns. A worker never starts the embedded cluster itself: the web
 * process owns it (and would stop it as a leftover at its next start), so without either the worker says why.
 */
export async function openWorkerDatabase(config: Config): Promise<Database & { url: string }> {
  let url = config.databaseUrl;
  if (!url) {
    const cluster = findRunningCluster(path.join(config.dataDir, 'postgres'));
    if (!cluster?.ownedByLiveServer) {
      throw new StartupError(
        `No database for the worker: the embedded PostgreSQL under ${config.dataDir} is not running.`,
        'Start the app first (npm start) with the same DATA_DIR, or set DATABASE_URL to a shared PostgreSQL.',
      );
    }
    const password = encodeURIComponent(loadSecrets(config.dataDir).postgresPassword);
    url = `postgres://postgres:${password}@127.0.0.1:${cluster.port}/gurukul`;
  }
  const database = connectDatabase(url, 10);
  // Safe beside a web process doing the same: migrations hold an advisory lock (db/client.ts).
  await migrateDatabase(database);
  return { ...database, url };
}
