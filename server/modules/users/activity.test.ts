import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { buildUser } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { markLearning } from './activity';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const lastLearned = async (userId: string) =>
  (await ctx.app.db.query.users.findFirst({ where: eq(users.id, userId) }))?.lastLearnedAt ?? null;

describe('markLearning', () => {
  it('records learning at most once an hour per person', async () => {
    const student = await buildUser(ctx.app, { userType: 'student' });
    expect(await lastLearned(student.id)).toBeNull();
    const first = new Date('2026-11-25T10:00:00Z');
    await markLearning(ctx.app.db, student.id, first);
    expect(await lastLearned(student.id)).toEqual(first);
    await markLearning(ctx.app.db, student.id, new Date('2026-11-25T10:40:00Z'));
    expect(await lastLearned(student.id)).toEqual(first);
    const later = new Date('2026-11-25T11:05:00Z');
    await markLearning(ctx.app.db, student.id, later);
    expect(await lastLearned(student.id)).toEqual(later);
  });
});
