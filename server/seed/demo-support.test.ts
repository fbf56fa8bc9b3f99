import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskList, TicketDetail, TicketList } from '../../common/contracts/support';
import { supportTickets } from '../db/schema/index';
import { buildAndLogin } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { DEMO_SUPPORT_MARKER, seedDemoSupport } from './demo-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

describe('the help desk demo data', () => {
  it('gives student@ a resolved, rated ticket and teacher@ an open one the desk waits on, once', async () => {
    const admin = await buildAndLogin(ctx.app, { userType: 'admin', email: 'admin@gurukul.test' });
    const student = await buildAndLogin(ctx.app, { userType: 'student', email: 'student@gurukul.test' });
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', email: 'teacher@gurukul.test' });
    await seedDemoSupport(ctx.app);
    await seedDemoSupport(ctx.app);
    expect(await ctx.app.db.$count(supportTickets)).toBe(2);

    const get = async <T>(session: typeof admin, url: string) =>
      (await ctx.app.inject({ url, headers: session.headers })).json() as T;
    const mine = await get<TicketList>(student, '/api/support/tickets');
    expect(mine.rows).toMatchObject([{ subject: DEMO_SUPPORT_MARKER, status: 'resolved', unread: false }]);
    const thread = await get<TicketDetail>(student, `/api/support/tickets/${mine.rows[0].id}`);
    expect(thread.rating).toBe(5);
    expect(thread.messages.some((message) => message.kind === 'note')).toBe(false);

    const teachers = await get<TicketList>(teacher, '/api/support/tickets');
    expect(teachers.rows).toMatchObject([{ status: 'open', priority: 'high' }]);
    const queue = await get<DeskList>(admin, '/api/admin/support/tickets');
    expect(queue.rows.map((row) => row.requester.email)).toEqual(['teacher@gurukul.test']);
    expect(queue.rows[0].waitingSince).not.toBeNull();
    const canned = await get<{ replies: unknown[] }>(admin, '/api/admin/support/canned-replies');
    expect(canned.replies).toHaveLength(3);
  });
});
