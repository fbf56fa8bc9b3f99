import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../seed/demo';
import { buildUser, login } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { type BackupManifest, backupDatabase, restoreDatabase } from './backup';

// A round trip on real PostgreSQL: the demo accounts and a few more rows, sequences advanced, a stored file; backed
// up from one database, restored into a fresh migrated one, and read back through the app.
let source: TestContext;
let target: TestContext;
const folder = mkdtempSync(path.join(os.tmpdir(), 'gurukul-backup-test-'));
const backupDir = path.join(folder, 'backup');

beforeAll(async () => {
  [source, target] = await Promise.all([startTestApp(), startTestApp()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  rmSync(folder, { recursive: true, force: true });
});

const filesOf = (ctx: TestContext) => path.join(ctx.config.dataDir, 'files');
const counts = async (ctx: TestContext, manifest: BackupManifest) => {
  const result: Record<string, number> = {};
  for (const table of manifest.tables) {
    const { rows } = await ctx.database.pool.query(`select count(*)::int as n from "${table.name}"`);
    result[table.name] = rows[0].n;
  }
  return result;
};

describe('backup and restore', () => {
  it('brings back every row, the sequences and the stored files into a fresh database', async () => {
    await seedDemo(source.app.db);
    const extra = await buildUser(source.app, { userType: 'student', fullName: 'Kept In Backup' });
    for (let index = 0; index < 3; index += 1)
      await source.database.pool.query(`select nextval('invoice_number_seq')`);
    mkdirSync(path.join(filesOf(source), 'users', extra.id), { recursive: true });
    writeFileSync(path.join(filesOf(source), 'users', extra.id, 'note.txt'), 'a stored file');

    const manifest = await backupDatabase(source.database.pool, backupDir, filesOf(source));
    expect(manifest.tables.find((table) => table.name === 'users')?.rows).toBeGreaterThan(5);
    expect(manifest.migrations.length).toBeGreaterThan(10);
    await expect(backupDatabase(source.database.pool, backupDir, null)).rejects.toThrow(/already exists/);

    // Something already in the target is replaced, not merged.
    await buildUser(target.app, { userType: 'teacher', email: 'only-in-target@x.test' });
    mkdirSync(filesOf(target), { recursive: true });
    writeFileSync(path.join(filesOf(target), 'old.txt'), 'before');
    await restoreDatabase(target.database.pool, backupDir, filesOf(target));

    expect(await counts(target, manifest)).toEqual(await counts(source, manifest));
    const invoiceSeq = async (ctx: TestContext) =>
      (await ctx.database.pool.query(`select nextval('invoice_number_seq')::int as n`)).rows[0].n;
    expect(await invoiceSeq(target)).toBe(await invoiceSeq(source));
    expect(readFileSync(path.join(filesOf(target), 'users', extra.id, 'note.txt'), 'utf8')).toBe(
      'a stored file',
    );
    // The files that were there are kept aside, not deleted.
    const aside = readFileSync(
      path.join(
        target.config.dataDir,
        (await import('node:fs'))
          .readdirSync(target.config.dataDir)
          .find((name) => name.startsWith('files.before-restore-')) ?? '',
        'old.txt',
      ),
      'utf8',
    );
    expect(aside).toBe('before');
    // The restored accounts work: a password hash and a session round trip through the app.
    const session = await login(target.app, extra.email);
    expect(session.userObj.userId).toBe(extra.id);
    const gone = await target.database.pool.query(
      `select 1 from users where email = 'only-in-target@x.test'`,
    );
    expect(gone.rowCount).toBe(0);
  });

  it('refuses a backup with tables this database does not have, changing nothing', async () => {
    const manifestFile = path.join(backupDir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
    const broken = path.join(folder, 'broken');
    mkdirSync(path.join(broken, 'tables'), { recursive: true });
    writeFileSync(
      path.join(broken, 'manifest.json'),
      JSON.stringify({
        ...manifest,
        tables: [...manifest.tables, { name: 'from_the_future', columns: ['id'], rows: 0 }],
      }),
    );
    const before = (await target.database.pool.query('select count(*)::int as n from users')).rows[0].n;
    await expect(restoreDatabase(target.database.pool, broken, null)).rejects.toThrow(/from_the_future/);
    expect((await target.database.pool.query('select count(*)::int as n from users')).rows[0].n).toBe(before);
  });
});
