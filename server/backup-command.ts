import path from 'node:path';
import { loadConfig } from './config';
import { backupDatabase } from './db/backup';
import { type OpenedDatabase, openDatabase } from './db/setup';
import { openWorkerDatabase } from './db/worker-database';
import { StartupError } from './lifecycle/startup-error';

// `npm run backup [-- <folder>]` (decision 038): the database and the stored files into a new folder, by default
// DATA_DIR/backups/<time>. The app may keep running: the backup joins its PostgreSQL (or DATABASE_URL) and reads
// one snapshot; with the app stopped it starts the embedded PostgreSQL itself for the while.
async function main() {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', stamp));
  let database: Pick<OpenedDatabase, 'pool' | 'close'>;
  try {
    database = await openWorkerDatabase(config);
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    database = await openDatabase(config, () => {});
  }
  try {
    // Stored files live in DATA_DIR/files on disk; an S3-compatible store is backed up by its own snapshots.
    const filesDir = config.s3 ? null : path.join(config.dataDir, 'files');
    const manifest = await backupDatabase(database.pool, outDir, filesDir);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backed up ${manifest.tables.length} tables (${rows} rows)${manifest.files ? ' and the stored files' : ''} into ${outDir}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
