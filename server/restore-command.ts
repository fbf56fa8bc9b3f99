import path from 'node:path';
import { loadConfig } from './config';
import { restoreDatabase } from './db/backup';
import { openDatabase } from './db/setup';
import { explainStartupError, formatStartupError } from './lifecycle/startup-error';

// `npm run restore -- <folder>` (decision 038): puts a backup back. The app must be stopped (on the embedded
// PostgreSQL a running server is detected and named); the database is migrated first, then every table is
// replaced in one transaction, and the stored files now there are kept beside as files.before-restore-<ms>.
async function main() {
  const from = process.argv[2];
  if (!from) {
    console.error('Which backup? npm run restore -- <folder made by npm run backup>');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(config, () => {});
  try {
    const filesDir = config.s3 ? null : path.join(config.dataDir, 'files');
    const manifest = await restoreDatabase(database.pool, path.resolve(from), filesDir);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored ${manifest.tables.length} tables (${rows} rows) from the backup of ${manifest.createdAt}.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(formatStartupError(explainStartupError(error)));
  process.exit(1);
});
