import { afterAll, beforeAll, expect, it } from 'vitest';
import { ltiDeepLinks, ltiPlatforms, ltiStates, ssoTickets } from '../../db/schema/index';
import { buildUser } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { removeExpiredSignIns } from './expired-rows';

/** One-use sign-in and launch rows go a day after they expire; fresher ones stay (decision 075). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

it('removes tickets, launch states and Deep Linking requests a day past their expiry, and nothing newer', async () => {
  const user = await buildUser(ctx.app, { userType: 'teacher' });
  const [platform] = await ctx.app.db
    .insert(ltiPlatforms)
    .values({
      name: 'Moodle',
      issuer: 'https://moodle.example.edu',
      clientId: 'tool',
      deploymentIds: ['1'],
      loginUrl: 'https://moodle.example.edu/auth',
      tokenUrl: 'https://moodle.example.edu/token',
      keysetUrl: 'https://moodle.example.edu/jwks',
    })
    .returning();
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
  const ticket = (hash: string, expiresAt: Date) => ({
    ticketHash: hash,
    kind: 'session',
    userId: user.id,
    issuer: platform.issuer,
    subject: 's',
    expiresAt,
  });
  await ctx.app.db.insert(ssoTickets).values([ticket('old', hoursAgo(25)), ticket('recent', hoursAgo(2))]);
  await ctx.app.db.insert(ltiStates).values([
    { stateHash: 'old', platformId: platform.id, nonce: 'n', expiresAt: hoursAgo(48) },
    { stateHash: 'live', platformId: platform.id, nonce: 'n', expiresAt: new Date(Date.now() + 600_000) },
  ]);
  const request = { platformId: platform.id, userId: user.id, deploymentId: '1', returnUrl: 'https://m/r' };
  await ctx.app.db.insert(ltiDeepLinks).values([
    { ...request, expiresAt: hoursAgo(30) },
    { ...request, expiresAt: hoursAgo(1) },
  ]);

  expect(await removeExpiredSignIns(ctx.app)).toBe(3);
  expect((await ctx.app.db.select().from(ssoTickets)).map((row) => row.ticketHash)).toEqual(['recent']);
  expect((await ctx.app.db.select().from(ltiStates)).map((row) => row.stateHash)).toEqual(['live']);
  expect(await ctx.app.db.select().from(ltiDeepLinks)).toHaveLength(1);
  expect(await removeExpiredSignIns(ctx.app)).toBe(0);
});
