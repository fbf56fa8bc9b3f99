import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
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
});
