import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { App } from '../../http/app-type';
import { fromProjectRoot } from '../../paths';

/** One dependency's state. Messages name what is wrong in general words: no paths, hosts or versions. */
export interface Check {
  ok: boolean;
  message: string;
}

export const READINESS_CHECKS = ['database', 'migrations', 'storage', 'jobs'] as const;
export type Readiness = { ready: boolean; checks: Record<(typeof READINESS_CHECKS)[number], Check> };

/** A dependency that hangs must not hang the probe: it is reported as not answering. */
const CHECK_TIMEOUT_MS = 3000;
/** A passing storage probe is three writes to S3 or disk; repeated probes within this reuse it. */
const STORAGE_PROBE_REUSE_MS = 15_000;

const passed = (message: string): Check => ({ ok: true, message });
const failed = (message: string): Check => ({ ok: false, message });

async function withTimeout(check: Promise<Check>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Check>((resolve) => {
    timer = setTimeout(
      () => resolve(failed(`No answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function checkDatabase(app: App): Promise<Check> {
  try {
    await app.db.execute(sql`select 1`);
    return passed('The database answers');
  } catch (error) {
    app.log.warn({ err: error }, 'readiness: database');
    return failed('The database does not answer');
  }
}

let migrationTimes: number[] | null = null;
/** Each migration's `folderMillis` from drizzle's journal, the key drizzle records once it is applied. */
function expectedMigrations(): number[] {
  migrationTimes ??= readMigrationFiles({
    migrationsFolder: fromProjectRoot('server', 'db', 'migrations'),
  }).map((migration) => migration.folderMillis);
  return migrationTimes;
}

async function checkMigrations(app: App): Promise<Check> {
  const expected = expectedMigrations();
  try {
    const result = await app.db.execute<{ created_at: string }>(
      sql`select created_at from drizzle.__drizzle_migrations`,
    );
    const applied = new Set(result.rows.map((row) => Number(row.created_at)));
    const missing = expected.filter((time) => !applied.has(time)).length;
    if (missing === 0) return passed(`All ${expected.length} migrations are applied`);
    return failed(`${missing} of ${expected.length} migrations are not applied`);
  } catch (error) {
    app.log.warn({ err: error }, 'readiness: migrations');
    return failed('The applied migrations cannot be read');
  }
}

const lastStorageSuccess = new WeakMap<App, number>();

/** Writes, reads back and deletes a small file, the three things uploads and playback need. */
async function checkStorage(app: App): Promise<Check> {
  const now = Date.now();
  if (now - (lastStorageSuccess.get(app) ?? 0) < STORAGE_PROBE_REUSE_MS)
    return passed('Files can be written and read');
  const key = `health/ready-${randomUUID()}.txt`;
  const content = `probe ${now}`;
  try {
    await app.storage.put(key, Buffer.from(content), 'text/plain');
    const stored = await app.storage.read(key);
    if (!stored) return failed('A file just written cannot be found');
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk));
    if (Buffer.concat(chunks).toString() !== content)
      return failed('A file just written reads back different');
    await app.storage.remove(key);
    lastStorageSuccess.set(app, now);
    return passed('Files can be written and read');
  } catch (error) {
    await app.storage.remove(key).catch(() => undefined);
    app.log.warn({ err: error }, 'readiness: storage');
    // A system error code (EACCES, ENOSPC, …) says what to fix without saying where.
    const code = (error as { code?: unknown }).code;
    const reason = typeof code === 'string' && /^[A-Z][A-Za-z_]{2,40}$/.test(code) ? ` (${code})` : '';
    return failed(`Files cannot be written and read${reason}`);
  }
}

async function checkJobs(app: App): Promise<Check> {
  try {
    const problem = await app.jobs.problem();
    return problem ? failed(problem) : passed('The job queue takes work');
  } catch (error) {
    app.log.warn({ err: error }, 'readiness: jobs');
    return failed('The job queue cannot be checked');
  }
}

/** Every dependency checked at once; ready only when all pass. */
export async function readiness(app: App): Promise<Readiness> {
  const [database, migrations, storage, jobs] = await Promise.all(
    [checkDatabase, checkMigrations, checkStorage, checkJobs].map((check) => withTimeout(check(app))),
  );
  const checks = { database, migrations, storage, jobs };
  return { ready: Object.values(checks).every((check) => check.ok), checks };
}
