import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/**
 * A backup as a folder (decision 038): `manifest.json` (format, when, the migrations applied, every table with its
 * columns and row count, every sequence's value), `tables/<table>.copy` (PostgreSQL's COPY text format) and
 * `files.tar` (DATA_DIR/files). Made with COPY through the app's own driver because the embedded PostgreSQL ships
 * no pg_dump and Debian's is older than the server; COPY reads one consistent snapshot (a repeatable-read
 * transaction), so the app may keep running. pg-boss's queue is not kept: jobs in flight are re-queued by the
 * sweepers, and the schedule is made again at start.
 */
export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  createdAt: string;
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number }[];
  sequences: { name: string; value: string; called: boolean }[];
  files: boolean;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables of the app's schema with their copyable columns (generated columns are computed again on restore). */
async function tablesOf(client: pg.PoolClient): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) filter (where a.attgenerated = '') as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind in ('r', 'p')
    group by c.relname
    order by c.relname`);
  return rows;
}

async function migrationsOf(client: pg.PoolClient): Promise<string[]> {
  const found = await client.query(`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!found.rows[0]?.t) return [];
  const { rows } = await client.query<{ hash: string }>(
    'select hash from drizzle.__drizzle_migrations order by created_at, id',
  );
  return rows.map((row) => row.hash);
}

function tar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`tar ${args[0]} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/** Writes a backup of the database (and `filesDir`, when it exists) into `outDir`, which must not exist yet. */
export async function backupDatabase(
  pool: pg.Pool,
  outDir: string,
  filesDir: string | null,
): Promise<BackupManifest> {
  if (existsSync(outDir)) throw new Error(`${outDir} already exists; choose a new folder for the backup`);
  await mkdir(path.join(outDir, 'tables'), { recursive: true });
  const client = await pool.connect();
  try {
    // One snapshot for every table: rows that refer to each other are saved as they were at one moment.
    await client.query('begin isolation level repeatable read read only');
    const tables = await tablesOf(client);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      migrations: await migrationsOf(client),
      tables: [],
      sequences: [],
      files: false,
    };
    for (const table of tables) {
      const columns = table.columns.map(quote).join(', ');
      const target = path.join(outDir, 'tables', `${table.name}.copy`);
      await pipeline(
        client.query(copyTo(`copy ${quote(table.name)} (${columns}) to stdout`)),
        createWriteStream(target),
      );
      const counted = await client.query<{ n: string }>(
        `select count(*)::text as n from ${quote(table.name)}`,
      );
      manifest.tables.push({ ...table, rows: Number(counted.rows[0].n) });
    }
    const sequences = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
    );
    for (const { name } of sequences.rows) {
      const state = await client.query<{ value: string; called: boolean }>(
        `select last_value::text as value, is_called as called from ${quote(name)}`,
      );
      manifest.sequences.push({ name, ...state.rows[0] });
    }
    await client.query('commit');
    if (filesDir && existsSync(filesDir)) {
      await tar([
        '-cf',
        path.join(outDir, 'files.tar'),
        '-C',
        path.dirname(filesDir),
        path.basename(filesDir),
      ]);
      manifest.files = true;
    }
    await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Restores a backup into a migrated database whose app is stopped: every table of the backup is emptied and
 * loaded in one transaction (all or nothing), sequences are set, and `files.tar` becomes `filesDir` (the folder
 * there before is renamed `<files>.before-restore-<ms>`).
 * The database must have the backup's migrations (restore runs migrations first); a newer migration the backup
 * lacks is fine (its columns take their defaults), an unknown table in the backup stops the restore.
 */
export async function restoreDatabase(
  pool: pg.Pool,
  fromDir: string,
  filesDir: string | null,
): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(fromDir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`Unknown backup format ${manifest.format}`);
  const client = await pool.connect();
  try {
    const present = new Set((await tablesOf(client)).map((table) => table.name));
    const unknown = manifest.tables.filter((table) => !present.has(table.name)).map((table) => table.name);
    if (unknown.length > 0) {
      throw new Error(
        `The backup has tables this database does not: ${unknown.join(', ')} (is it from a newer version?)`,
      );
    }
    await client.query('begin');
    // Rows are loaded table by table: foreign keys are not checked until every table is back (superuser, as the
    // embedded PostgreSQL's user is; on a managed server use a role allowed to set it).
    await client.query(`set local session_replication_role = replica`);
    await client.query(`truncate ${manifest.tables.map((table) => quote(table.name)).join(', ')} cascade`);
    for (const table of manifest.tables) {
      const columns = table.columns.map(quote).join(', ');
      await pipeline(
        createReadStream(path.join(fromDir, 'tables', `${table.name}.copy`)),
        client.query(copyFrom(`copy ${quote(table.name)} (${columns}) from stdin`)),
      );
    }
    for (const sequence of manifest.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        quote(sequence.name),
        sequence.value,
        sequence.called,
      ]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  if (manifest.files && filesDir) {
    // The files there now are kept beside, never deleted: a restore is undone by moving them back.
    if (existsSync(filesDir)) await rename(filesDir, `${filesDir}.before-restore-${Date.now()}`);
    await mkdir(path.dirname(filesDir), { recursive: true });
    await tar(['-xf', path.join(fromDir, 'files.tar'), '-C', path.dirname(filesDir)]);
  }
  return manifest;
}
