import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { loadSecrets } from '../config';
import { connectDatabase, type Database, migrateDatabase } from './client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded';

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
  if (!url) {
    const { postgresPassword } = loadSecrets(config.dataDir);
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), postgresPassword, {
      log,
      notice,
    });
    await ensureDatabaseExists(embedded.url('postgres'), 'gurukul');
    url = embedded.url('gurukul');
  }
  const database = connectDatabase(url, 20);
  await migrateDatabase(database);
  const close = async () => {
    await database.close();
    await embedded?.stop();
  };
  return { ...database, close, embedded, url };
}
