import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../test/harness';
import { withAdvisoryLock } from './advisory-lock';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Long jobs (renders, trainings) hold a session-level lock on a connection of their own, no transaction open. */
describe('withAdvisoryLock', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => ctx?.close());

  /** Backends of this database holding the advisory lock `key`, with their state. */
  async function holders(key: string) {
    const result = await ctx.database.pool.query<{ pid: number; state: string }>(
      `select a.pid, a.state from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.objid = (hashtext($1)::bigint & 4294967295)::oid`,
      [key],
    );
    return result.rows;
  }

  async function idleInTransaction() {
    const result = await ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`,
    );
    return result.rows[0]?.n ?? 0;
  }

  it('runs two holders of one key one after the other, with no transaction open meanwhile', async () => {
    const spans: { start: number; end: number }[] = [];
    const seen: { holders: { state: string }[]; idleInTransaction: number }[] = [];
    const holder = () =>
      withAdvisoryLock(ctx.app.db, 'test:serial', async () => {
        const start = Date.now();
        await pause(150);
        seen.push({ holders: await holders('test:serial'), idleInTransaction: await idleInTransaction() });
        await pause(150);
        spans.push({ start, end: Date.now() });
      });
    await Promise.all([holder(), holder()]);
    expect(spans).toHaveLength(2);
    const [first, second] = [...spans].sort((a, b) => a.start - b.start);
    expect(second.start).toBeGreaterThanOrEqual(first.end);
    for (const moment of seen) {
      // One backend holds it, idle between the work's own queries: not a transaction left open.
      expect(moment.holders).toHaveLength(1);
      expect(moment.holders[0].state).toBe('idle');
      expect(moment.idleInTransaction).toBe(0);
    }
    expect(await holders('test:serial')).toHaveLength(0);
  });

  it('releases the lock when the work throws', async () => {
    await expect(
      withAdvisoryLock(ctx.app.db, 'test:throws', async () => {
        throw new Error('render failed');
      }),
    ).rejects.toThrow('render failed');
    expect(await holders('test:throws')).toHaveLength(0);
    let ran = false;
    await withAdvisoryLock(ctx.app.db, 'test:throws', async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it('is released by PostgreSQL when the holding connection ends (the process died)', async () => {
    let release = () => {};
    const held = withAdvisoryLock(
      ctx.app.db,
      'test:dies',
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    for (let tries = 0; (await holders('test:dies')).length === 0 && tries < 50; tries += 1) await pause(20);
    const [owner] = await holders('test:dies');
    expect(owner).toBeDefined();
    await ctx.database.pool.query('select pg_terminate_backend($1)', [owner.pid]);
    let ran = false;
    // Another holder gets it although the first one's work has not ended.
    await withAdvisoryLock(ctx.app.db, 'test:dies', async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    release();
    await held;
  });

  it('waits for a holder in another session, then runs', async () => {
    const other = await ctx.database.pool.connect();
    try {
      await other.query('select pg_advisory_lock(hashtext($1))', ['test:other']);
      let ran = false;
      const waiting = withAdvisoryLock(ctx.app.db, 'test:other', async () => {
        ran = true;
      });
      await pause(500);
      expect(ran).toBe(false);
      await other.query('select pg_advisory_unlock(hashtext($1))', ['test:other']);
      await waiting;
      expect(ran).toBe(true);
    } finally {
      other.release();
    }
  });
});
