import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/client';
import { appLogs, errorGroups, requestLogs } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { scrubText } from '../../http/secret-text';
import { startTestApp, type TestContext } from '../../test/harness';
import { BoundedQueue } from './bounded-queue';
import { identifyError, normaliseMessage, topFrameOf } from './fingerprint';
import { redactValue } from './redact';
import { logRetentionTask, pruneLogs } from './retention';
import { createLogWriter, type RequestEntry, type WrittenBatch } from './writer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ logStore: { enabled: false, retentionDays: 14 } });
});
afterAll(async () => ctx.close());

function entry(overrides: Partial<RequestEntry> = {}): RequestEntry {
  return {
    at: new Date(),
    method: 'GET',
    route: '/api/probe',
    path: '/api/probe',
    status: 200,
    durationMs: 1.5,
    userId: null,
    requestId: randomUUID(),
    clientAddress: '127.0.0.1',
    ...overrides,
  };
}

const line = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ level: 30, time: Date.now(), pid: 1, hostname: 'h', ...fields })}\n`;

describe('the batched writer', () => {
  it('writes queued rows in multi-row batches of at most batchSize', async () => {
    const writer = createLogWriter(ctx.app.db, { batchSize: 10, flushEveryMs: 60_000 });
    const batches: WrittenBatch[] = [];
    writer.onWritten((batch) => batches.push(batch));
    const tag = randomUUID();
    for (let i = 0; i < 25; i += 1) writer.request(entry({ path: `/api/probe?tag=${tag}&i=${i}` }));
    await writer.close();
    expect(batches.map((batch) => batch.requests.length)).toEqual([10, 10, 5]);
    const [{ n }] = await ctx.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(requestLogs)
      .where(sql`${requestLogs.path} like ${`%${tag}%`}`);
    expect(n).toBe(25);
    expect(writer.stats()).toMatchObject({ queued: 0, dropped: 0, written: 25, failed: 0 });
  });

  it('writes on its timer, off the request path: request() returns at once', async () => {
    const writer = createLogWriter(ctx.app.db, { flushEveryMs: 50 });
    const requestId = randomUUID();
    const started = performance.now();
    writer.request(entry({ requestId }));
    expect(performance.now() - started).toBeLessThan(5);
    expect(writer.stats().queued).toBe(1);
    await expect
      .poll(
        async () =>
          (await ctx.app.db.select().from(requestLogs).where(eq(requestLogs.requestId, requestId))).length,
      )
      .toBe(1);
    await writer.close();
  });

  it('reads back the stored rows only when someone wants them (the live tail)', async () => {
    let wanted = false;
    const writer = createLogWriter(ctx.app.db, { flushEveryMs: 60_000, wantRows: () => wanted });
    const batches: WrittenBatch[] = [];
    writer.onWritten((batch) => batches.push(batch));
    writer.request(entry());
    await writer.flush();
    wanted = true;
    const requestId = randomUUID();
    writer.request(entry({ requestId }));
    await writer.close();
    expect(batches.map((batch) => batch.requests.length)).toEqual([0, 1]);
    expect(batches[1].requests[0]).toMatchObject({ requestId, id: expect.any(Number) });
    expect(writer.stats().written).toBe(2);
  });

  it('drops the oldest rows when the queue is full, and counts them', async () => {
    const writer = createLogWriter(ctx.app.db, { maxQueue: 5, batchSize: 1000, flushEveryMs: 60_000 });
    const ids = Array.from({ length: 8 }, () => randomUUID());
    for (const requestId of ids) writer.request(entry({ requestId }));
    expect(writer.stats()).toMatchObject({ queued: 5, dropped: 3 });
    await writer.close();
    const stored = await ctx.app.db
      .select({ requestId: requestLogs.requestId })
      .from(requestLogs)
      .where(sql`${requestLogs.requestId} in ${ids}`);
    expect(stored.map((row) => row.requestId).sort()).toEqual(ids.slice(3).sort());
  });

  it('never throws when the database is away: the rows are counted as lost', async () => {
    const gone = connectDatabase(ctx.config.databaseUrl as string, 1);
    await gone.close();
    const failures: unknown[] = [];
    const writer = createLogWriter(gone.db, {
      flushEveryMs: 60_000,
      onError: (error) => failures.push(error),
    });
    writer.request(entry());
    writer.copy.write(line({ level: 50, msg: 'x' }));
    await writer.close();
    expect(writer.stats()).toMatchObject({ queued: 0, failed: 2, written: 0 });
    expect(failures).toHaveLength(1);
  });

  it('stores log lines with their level, request id and redacted context, skipping per-request lines', async () => {
    const writer = createLogWriter(ctx.app.db, { flushEveryMs: 60_000 });
    const reqId = randomUUID();
    // Fastify's own two lines per request, as pino writes them through a request's child logger.
    const requestLog = pino({ level: 'info' }, writer.copy).child({ reqId });
    requestLog.info({ req: { url: '/api/x' } }, 'incoming request');
    requestLog.info({ res: { statusCode: 200 } }, 'request completed');
    writer.copy.write(
      line({
        level: 40,
        reqId,
        msg: 'mail failed for smtp://user:hunter2@mail.example.com token=ABCDEF123',
        password: 'hunter2',
        nested: { apiKey: 'sk-123456', didApiKey: 'd-id-key', courseId: 'c1' },
        headers: {
          authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
          cookie: 'sid=1',
        },
      }),
    );
    writer.copy.write('not json at all\n');
    await writer.close();
    const rows = await ctx.app.db.select().from(appLogs).where(eq(appLogs.requestId, reqId));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row.level).toBe(40);
    expect(row.message).toBe('mail failed for smtp://user:[redacted]@mail.example.com token=[redacted]');
    expect(row.context).toEqual({
      password: '[redacted]',
      nested: { apiKey: '[redacted]', didApiKey: '[redacted]', courseId: 'c1' },
      headers: ['authorization', 'cookie'],
    });
    const text = JSON.stringify(rows);
    for (const secret of ['hunter2', 'sk-123456', 'd-id-key', 'ABCDEF123', 'eyJhbGci'])
      expect(text).not.toContain(secret);
  });
});

describe('error groups', () => {
  const stack = (message: string, frame: string) =>
    `Error: ${message}\n    at ${frame}\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)`;

  it('are one per normalised message and top frame, counted, with first and last seen and the latest request', async () => {
    const writer = createLogWriter(ctx.app.db, { flushEveryMs: 60_000 });
    const frame = `handler (${process.cwd()}/server/modules/probe/routes.ts:${Math.floor(Math.random() * 1000)}:7)`;
    const unique = randomUUID().slice(0, 8);
    const requests = [randomUUID(), randomUUID(), randomUUID()];
    requests.forEach((reqId, i) => {
      const message = `Course ${randomUUID()} exploded after ${i + 1} tries (${unique}x)`;
      writer.copy.write(
        line({
          level: 50,
          reqId,
          msg: 'unhandled error',
          err: { type: 'Error', message, stack: stack(message, frame) },
        }),
      );
      writer.request(entry({ requestId: reqId, status: 500 }));
    });
    // Another place throwing the same words is another group.
    const elsewhere = `Course ${randomUUID()} exploded after 1 tries (${unique}x)`;
    writer.copy.write(
      line({
        level: 50,
        msg: 'x',
        err: { type: 'Error', message: elsewhere, stack: stack(elsewhere, 'other (server/other.ts:1:1)') },
      }),
    );
    await writer.close();
    const groups = await ctx.app.db
      .select()
      .from(errorGroups)
      .where(sql`${errorGroups.message} like ${`%${unique}x%`}`);
    expect(groups.map((group) => group.count).sort()).toEqual([1, 3]);
    const group = groups.find((g) => g.count === 3);
    expect(group).toMatchObject({
      name: 'Error',
      topFrame: 'handler (server/modules/probe/routes.ts)',
      latestRequestId: requests[2],
    });
    expect(group?.latestStack).toContain('exploded after 3 tries');
    const failed = await ctx.app.db
      .select()
      .from(requestLogs)
      .where(sql`${requestLogs.requestId} in ${requests}`);
    expect(failed.map((row) => row.errorFingerprint)).toEqual([
      group?.fingerprint,
      group?.fingerprint,
      group?.fingerprint,
    ]);
  });

  it('fingerprints ignore ids, numbers, quoted values and line numbers', () => {
    expect(
      normaliseMessage('User 6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f paid 42.50 for "Geometry" at a@b.co'),
    ).toBe('User <id> paid <n> for <value> at <email>');
    const a = identifyError({
      type: 'TypeError',
      message: 'x is 1',
      stack: 'TypeError: x\n    at f (/srv/app/server/a.ts:10:2)',
    });
    const b = identifyError({
      type: 'TypeError',
      message: 'x is 2',
      stack: 'TypeError: x\n    at f (/srv/app/server/a.ts:99:9)',
    });
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.fingerprint).toMatch(/^[0-9a-f]{40}$/);
    expect(
      topFrameOf('E\n    at x (/r/node_modules/y/z.js:1:1)\n    at ours (/r/server/q.ts:3:4)', '/r'),
    ).toBe('ours (server/q.ts)');
  });

  it('masks secrets in free text and secret-named fields anywhere', () => {
    expect(scrubText('Authorization: Bearer abc.def-ghi and ?signature=XYZ&ok=1')).toBe(
      'Authorization: Bearer [redacted] and ?signature=[redacted]&ok=1',
    );
    expect(redactValue({ list: [{ secretKey: 's', keep: 1 }], jwtToken: 't', apiKeyHint: 'h' })).toEqual({
      list: [{ secretKey: '[redacted]', keep: 1 }],
      jwtToken: '[redacted]',
      apiKeyHint: '[redacted]',
    });
  });
});

describe('retention', () => {
  it('deletes rows older than the retention and groups not seen since; keeps the rest', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 15 * 24 * 3600 * 1000);
    const recent = new Date(now.getTime() - 13 * 24 * 3600 * 1000);
    const [oldId, newId] = [randomUUID(), randomUUID()];
    await ctx.app.db
      .insert(requestLogs)
      .values([entry({ at: old, requestId: oldId }), entry({ at: recent, requestId: newId })]);
    await ctx.app.db.insert(appLogs).values([
      { at: old, level: 40, message: 'old', requestId: oldId },
      { at: recent, level: 40, message: 'recent', requestId: newId },
    ]);
    const [oldGroup, newGroup] = ['a', 'b'].map((c) => c.repeat(40));
    await ctx.app.db.insert(errorGroups).values([
      { fingerprint: oldGroup, name: 'Error', message: 'old', count: 1, firstSeen: old, lastSeen: old },
      { fingerprint: newGroup, name: 'Error', message: 'new', count: 2, firstSeen: old, lastSeen: recent },
    ]);
    const pruned = await pruneLogs(ctx.app.db, 14, now);
    expect(pruned.requests).toBeGreaterThanOrEqual(1);
    const left = async (table: typeof requestLogs | typeof appLogs) =>
      (
        await ctx.app.db
          .select({ requestId: table.requestId })
          .from(table)
          .where(sql`${table.requestId} in ${[oldId, newId]}`)
      ).map((row) => row.requestId);
    expect(await left(requestLogs)).toEqual([newId]);
    expect(await left(appLogs)).toEqual([newId]);
    const groups = await ctx.app.db
      .select({ f: errorGroups.fingerprint })
      .from(errorGroups)
      .where(sql`${errorGroups.fingerprint} in ${[oldGroup, newGroup]}`);
    expect(groups.map((g) => g.f)).toEqual([newGroup]);
  });

  it('runs as a periodic task with LOG_RETENTION_DAYS', async () => {
    const requestId = randomUUID();
    await ctx.app.db
      .insert(requestLogs)
      .values(entry({ at: new Date(Date.now() - 2 * 24 * 3600 * 1000), requestId }));
    const app = { db: ctx.app.db, config: { ...ctx.config, logStore: { enabled: true, retentionDays: 1 } } };
    await logRetentionTask.run(app as unknown as App);
    expect(await ctx.app.db.select().from(requestLogs).where(eq(requestLogs.requestId, requestId))).toEqual(
      [],
    );
  });
});

describe('the bounded queue', () => {
  it('keeps the newest items in order and counts what it dropped', () => {
    const queue = new BoundedQueue<number>(3);
    for (let i = 1; i <= 5; i += 1) queue.push(i);
    expect(queue.dropped).toBe(2);
    expect(queue.take(2)).toEqual([3, 4]);
    queue.push(6);
    queue.push(7);
    expect(queue.take(10)).toEqual([5, 6, 7]);
    expect(queue.size).toBe(0);
  });
});
