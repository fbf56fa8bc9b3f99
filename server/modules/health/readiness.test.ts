import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgBossJobs } from '../../jobs/queue';
import { diskStorage } from '../../providers/storage/storage';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const ready = (context: TestContext) => context.app.inject({ method: 'GET', url: '/api/health/ready' });

/** Nothing in an answer may point at the server: no paths, hosts, ports, versions or raw errors. */
function expectNothingSensitive(body: string, context: TestContext) {
  expect(body).not.toContain(context.config.dataDir);
  expect(body).not.toContain(process.cwd());
  expect(body).not.toMatch(/127\.0\.0\.1|localhost|postgres(ql)?:\/\/|\d+\.\d+\.\d+|ECONNREFUSED|\bat\s/);
}

describe('GET /api/health/ready', () => {
  it('answers 200 with every check passing on a healthy app, and leaves no probe file behind', async () => {
    const response = await ready(ctx);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.ready).toBe(true);
    expect(Object.keys(answer.checks).sort()).toEqual(['database', 'jobs', 'migrations', 'storage']);
    for (const check of Object.values(answer.checks)) expect(check).toMatchObject({ ok: true });
    const migrations = readdirSync(path.join(process.cwd(), 'server/db/migrations')).filter((f) =>
      f.endsWith('.sql'),
    );
    expect(answer.checks.migrations.message).toBe(`All ${migrations.length} migrations are applied`);
    expect(readdirSync(path.join(ctx.config.dataDir, 'files', 'health'))).toEqual([]);
    expect(response.headers['cache-control']).toBe('no-store');
    expectNothingSensitive(response.body, ctx);
  });

  it('counts the migrations that are not applied', async () => {
    const other = await startTestApp();
    try {
      await other.app.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const response = await ready(other);
      expect(response.statusCode).toBe(503);
      const answer = response.json();
      expect(answer.ready).toBe(false);
      expect(answer.checks.migrations.ok).toBe(false);
      expect(answer.checks.migrations.message).toMatch(/^1 of \d+ migrations are not applied$/);
      expect(answer.checks.database.ok).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('says storage is not ready when files cannot be written, with the error code but not the path', async () => {
    // A real fault: the storage folder is a file, so creating anything under it fails (ENOTDIR).
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-ready-'));
    const notAFolder = path.join(dir, 'files');
    writeFileSync(notAFolder, 'not a folder');
    const other = await startTestApp({}, { storage: diskStorage(notAFolder, 'secret') });
    try {
      const response = await ready(other);
      expect(response.statusCode).toBe(503);
      const answer = response.json();
      expect(answer.checks.storage).toEqual({
        ok: false,
        message: 'Files cannot be written and read (ENOTDIR)',
      });
      expect(answer.checks.database.ok).toBe(true);
      expect(response.body).not.toContain(dir);
      expectNothingSensitive(response.body, other);
    } finally {
      await other.close();
    }
  });

  it('says the job queue is not ready once it is stopped', async () => {
    const other = await startTestApp();
    try {
      await other.app.jobs.stop();
      const response = await ready(other);
      expect(response.statusCode).toBe(503);
      expect(response.json().checks.jobs).toEqual({ ok: false, message: 'The job queue is not started' });
      expect(response.json().checks.storage.ok).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('checks pg-boss for real: ready once started, not ready once stopped', async () => {
    const other = await startTestApp({}, { jobs: pgBossJobs() });
    try {
      const started = await ready(other);
      expect(started.json().checks.jobs).toEqual({ ok: true, message: 'The job queue takes work' });
      expect(started.statusCode).toBe(200);
      await other.app.jobs.stop();
      const stopped = await ready(other);
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json().checks.jobs.ok).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('says the database and migrations are not ready when the database is gone', async () => {
    const other = await startTestApp();
    await other.database.close();
    const response = await ready(other);
    expect(response.statusCode).toBe(503);
    const { checks } = response.json();
    expect(checks.database).toEqual({ ok: false, message: 'The database does not answer' });
    expect(checks.migrations).toEqual({ ok: false, message: 'The applied migrations cannot be read' });
    expectNothingSensitive(response.body, other);
    await other.app.close();
  });
});
