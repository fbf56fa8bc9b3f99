import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import {
  auditLog,
  conversations,
  emailTokens,
  instituteInvites,
  loginFailures,
  meetingRequests,
  plans,
  subscriptions,
  supportAttachments,
  supportTickets,
  users,
} from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { hashPassword } from '../auth/passwords';
import { createLink, mailLink } from '../auth/service';
import { type DbOrTx, dropRevokedSockets, revokeAllSessions } from '../auth/sessions';
import { removeStoredFile, removeStoredImage } from '../files/uploads';
import { eraseReferralData } from '../partners/privacy';

const DAY_MS = 24 * 60 * 60 * 1000;
type UserRow = typeof users.$inferSelect;

/** The account an admin acts on: it exists, is not an admin (admins never act on admins) and is not erased. */
export async function loadManageable(app: App, userId: string): Promise<UserRow> {
  const user = await app.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw notFound(said('server.people.userNotFound'));
  if (user.userType === 'admin') throw forbidden(said('server.people.adminsUntouchable'));
  if (user.deletedAt) throw conflict(said('server.people.erased'));
  return user;
}

/**
 * Records who did what to whom: the real person behind an impersonated session. Always inside the transaction
 * of the change it records, so a change is never left without its row, nor a row without its change.
 */
export async function audit(
  db: DbOrTx,
  actor: Actor,
  action: string,
  targetId: string,
  details: Record<string, unknown> = {},
) {
  await db
    .insert(auditLog)
    .values({ actorId: actor.impersonatorId ?? actor.userId, action, targetId, details });
}

export async function deactivate(app: App, actor: Actor, userId: string, reason: string) {
  const user = await loadManageable(app, userId);
  if (!user.isActive) throw conflict(said('server.people.alreadyDeactivated'));
  // Every session of the account, and every one it opened as someone else, ends with it (decision 052).
  const revoked = await app.db.transaction(async (tx) => {
    await tx.update(users).set({ isActive: false, deactivationReason: reason }).where(eq(users.id, user.id));
    const ended = await revokeAllSessions(tx, user.id);
    await audit(tx, actor, 'deactivate-user', user.id, { reason });
    return ended;
  });
  // Open tabs are logged out at once.
  dropRevokedSockets(app, revoked, user.id);
}

export async function reactivate(app: App, actor: Actor, userId: string, reason?: string) {
  const user = await loadManageable(app, userId);
  if (user.isActive) throw conflict(said('server.people.alreadyActive'));
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ isActive: true, deactivationReason: null }).where(eq(users.id, user.id));
    await audit(tx, actor, 'reactivate-user', user.id, reason ? { reason } : {});
  });
}

export async function sendPasswordReset(app: App, actor: Actor, userId: string) {
  const user = await loadManageable(app, userId);
  if (!user.isActive) throw conflict(said('server.people.reactivateFirst'));
  // The link and its audit row are stored together; the e-mail leaves once both are.
  const link = await app.db.transaction(async (tx) => {
    const created = await createLink(app, tx, user, 'reset-password');
    await audit(tx, actor, 'send-password-reset', user.id);
    return created;
  });
  await mailLink(app, user, 'reset-password', link);
}

/** The latest subscription the account pays for itself; teachers of an institute share the institute's. */
async function ownSubscription(app: App, user: UserRow) {
  if (user.userType !== 'teacher' && user.userType !== 'institute') {
    throw badRequest(said('server.people.planOnlyForPayers'));
  }
  if (user.userType === 'teacher' && user.instituteId) {
    throw badRequest(said('server.people.coveredByInstitute'));
  }
  const [latest] = await app.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return latest ?? null;
}

/** Adds days to a trial (one that has ended starts again from today), so a school can finish evaluating. */
export async function extendTrial(app: App, actor: Actor, userId: string, days: number, now = new Date()) {
  const user = await loadManageable(app, userId);
  const latest = await ownSubscription(app, user);
  const isTrial =
    latest && (latest.status === 'trial' || (latest.status === 'ended' && latest.currentPeriodEnd === null));
  if (!latest || !isTrial) throw conflict(said('server.people.notOnTrial'));
  const from = Math.max(now.getTime(), latest.trialEndsAt?.getTime() ?? 0);
  const trialEndsAt = new Date(from + days * DAY_MS);
  await app.db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ status: 'trial', trialEndsAt, endedAt: null, notices: [] })
      .where(eq(subscriptions.id, latest.id));
    await audit(tx, actor, 'extend-trial', user.id, { days, trialEndsAt: trialEndsAt.toISOString() });
  });
}

/**
 * Gives a plan for a period without a payment (a pilot, a partner school, a goodwill gesture): a new
 * subscription that ends by itself at the period end (it never renews: nothing was paid).
 */
export async function grantPlan(
  app: App,
  actor: Actor,
  userId: string,
  input: { planId: string; days: number },
  now = new Date(),
) {
  const user = await loadManageable(app, userId);
  const latest = await ownSubscription(app, user);
  const plan = await app.db.query.plans.findFirst({ where: eq(plans.id, input.planId) });
  if (!plan) throw notFound(said('server.people.planNotFound'));
  if (plan.audience !== user.userType)
    throw badRequest(said('server.people.planForAudience', { audience: plan.audience }));
  const currentPeriodEnd = new Date(now.getTime() + input.days * DAY_MS);
  await app.db.transaction(async (tx) => {
    if (latest && latest.status !== 'ended') {
      await tx
        .update(subscriptions)
        .set({ status: 'ended', endedAt: now })
        .where(eq(subscriptions.id, latest.id));
    }
    await tx.insert(subscriptions).values({
      userId: user.id,
      planId: plan.id,
      status: 'active',
      billingPeriod: 'grant',
      amount: 0,
      currency: plan.baseCurrency,
      currentPeriodStart: now,
      currentPeriodEnd,
      cancelAtPeriodEnd: true,
    });
    await audit(tx, actor, 'grant-plan', user.id, {
      planName: plan.name,
      days: input.days,
      until: currentPeriodEnd.toISOString(),
    });
  });
}

/**
 * Erases an account on its owner's request (decision 030): the personal data (name, e-mail, password,
 * images, conversations with gurus, pending links) is removed and the row is kept anonymous, because
 * invoices and payments must be kept as issued and learning records keep teachers' figures true.
 * The admin confirms by typing the account's e-mail.
 */
export async function erase(app: App, actor: Actor, userId: string, confirmEmail: string) {
  const user = await loadManageable(app, userId);
  if (confirmEmail.toLowerCase() !== user.email.toLowerCase()) {
    throw badRequest(said('server.people.typeEmailToConfirm'), {
      confirmEmail: said('server.people.notTheEmail'),
    });
  }
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  // Read before the tickets go: deleting them deletes these rows too, and the files would stay behind.
  const attachments = await app.db
    .select({ path: supportAttachments.filePath })
    .from(supportAttachments)
    .where(eq(supportAttachments.ownerId, user.id));
  const revoked = await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        fullName: 'Deleted user',
        email: `erased-${user.id}@erased.invalid`,
        passwordHash,
        isActive: false,
        deactivationReason: 'Erased on request',
        deletedAt: new Date(),
        profileImagePath: null,
        brandLogoPath: null,
        instituteId: null,
      })
      .where(eq(users.id, user.id));
    await tx.delete(emailTokens).where(eq(emailTokens.userId, user.id));
    await tx.delete(loginFailures).where(sql`lower(${loginFailures.email}) = ${user.email.toLowerCase()}`);
    await tx
      .delete(instituteInvites)
      .where(sql`lower(${instituteInvites.email}) = ${user.email.toLowerCase()}`);
    await tx.delete(conversations).where(eq(conversations.userId, user.id));
    // Help tickets and meeting requests are their words: erased with them (decision 031).
    await tx.delete(supportTickets).where(eq(supportTickets.requesterId, user.id));
    await tx.delete(meetingRequests).where(eq(meetingRequests.studentId, user.id));
    // Referral links and clicks, or the record of who referred them; commissions keep their amounts (decision 034).
    await eraseReferralData(tx, user.id);
    const ended = await revokeAllSessions(tx, user.id);
    await audit(tx, actor, 'erase-user', user.id, { userType: user.userType });
    return ended;
  });
  dropRevokedSockets(app, revoked, user.id);
  // Pictures go with their smaller copies (tiny, medium): an erased person leaves no picture behind.
  for (const key of [user.profileImagePath, user.brandLogoPath]) if (key) await removeStoredImage(app, key);
  for (const row of attachments) await removeStoredFile(app, row.path);
}
