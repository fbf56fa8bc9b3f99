import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GURU_MSG } from '../../../common/gurus';
import { conversations } from '../../db/schema/index';
import { insertConversation, readyGuruWithStudent } from '../../test/fixtures/conversations';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

describe('the monthly session limit under concurrent starts', () => {
  it('lets exactly one of several sessions started at once take the last place', async () => {
    const { owner, guru, student } = await readyGuruWithStudent(ctx.app);
    const plan = await insertPlan(ctx.app, { limits: { guruSessionsPerMonth: 3 } });
    await putOnPlan(ctx.app, owner.user.id, plan.id);
    await insertConversation(ctx.app, guru.id, student.user.id);
    await insertConversation(ctx.app, guru.id, student.user.id);

    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/gurus/${guru.id}/sessions`,
          headers: student.headers,
          payload: {},
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 403, 403, 403]);
    for (const refused of responses.filter((response) => response.statusCode === 403)) {
      expect(refused.json().message).toBe(GURU_MSG.sessionLimit);
    }
    const saved = await ctx.app.db.select().from(conversations).where(eq(conversations.guruId, guru.id));
    expect(saved).toHaveLength(3);
  });

  it('still starts sessions side by side when the plan has room for all of them', async () => {
    const { owner, guru, student } = await readyGuruWithStudent(ctx.app);
    const plan = await insertPlan(ctx.app, { limits: { guruSessionsPerMonth: 10 } });
    await putOnPlan(ctx.app, owner.user.id, plan.id);
    const responses = await Promise.all(
      Array.from({ length: 3 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/gurus/${guru.id}/sessions`,
          headers: student.headers,
          payload: {},
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(responses.map((response) => response.json().conversationId));
    expect(ids.size).toBe(3);
  });
});
