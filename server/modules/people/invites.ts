import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { InvitationView, Invite, MemberRole, SeatUse } from '../../../common/contracts/people';
import { AUTH_MSG } from '../../../common/messages';
import { instituteInvites, users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import { mailText, sayTo } from '../../http/mail-text';
import { hashLinkToken, newLinkToken } from '../../http/tokens';
import { said } from '../../i18n/said';
import { hashPassword } from '../auth/passwords';
import { dropRevokedSockets, revokeLapsedImpersonations, startSession } from '../auth/sessions';
import { assertWithinLimit, limitOf, type PlanHolder } from '../plans/limits';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An invitation stays valid for two weeks: long enough for a term's start, short enough to expire. */
export const INVITE_LIFETIME_MS = 14 * DAY_MS;
type InviteRow = typeof instituteInvites.$inferSelect;

const SEAT_LIMIT = { teacher: 'teacherSeats', student: 'studentSeats' } as const;

export const pending = (now: Date) =>
  and(
    isNull(instituteInvites.acceptedAt),
    isNull(instituteInvites.revokedAt),
    gt(instituteInvites.expiresAt, now),
  );

/** Members of the institute of one role who are still active, plus invitations still waiting: the seats taken. */
export async function seatsTaken(app: App, instituteId: string, userType: MemberRole, now = new Date()) {
  const [members] = await app.db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.instituteId, instituteId),
        eq(users.userType, userType),
        eq(users.isActive, true),
        isNull(users.deletedAt),
      ),
    );
  const [waiting] = await app.db
    .select({ n: count() })
    .from(instituteInvites)
    .where(
      and(
        eq(instituteInvites.instituteId, instituteId),
        eq(instituteInvites.userType, userType),
        pending(now),
      ),
    );
  return members.n + waiting.n;
}

/** Seats taken and the plan's limit (null: unlimited) for each kind of member, for the institute's pages. */
export async function seatUse(app: App, institute: Actor) {
  const use = async (userType: MemberRole) => ({
    taken: await seatsTaken(app, institute.userId, userType),
    limit: await limitOf(app, institute, SEAT_LIMIT[userType]),
  });
  return { teacher: await use('teacher'), student: await use('student') } satisfies SeatUse;
}

/** Refuses with the plan's message when the institute's plan has no seat left for one more of `userType`. */
export async function assertSeat(app: App, institute: PlanHolder, userType: MemberRole, adding = 1) {
  const taken = await seatsTaken(app, institute.userId, userType);
  await assertWithinLimit(app, institute, SEAT_LIMIT[userType], taken, adding);
}

/**
 * Why this address cannot be invited as `userType` by this institute, or null when it can: an account of
 * another kind, one already in this or another institute, a deactivated one, or an invitation waiting.
 */
export async function refusalFor(app: App, instituteId: string, email: string, userType: MemberRole) {
  const existing = await app.db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email}` });
  if (existing) {
    if (existing.instituteId === instituteId) return said('server.people.alreadyInYours');
    if (existing.userType !== userType)
      return said('server.people.emailOfOtherType', { userType: existing.userType });
    if (!existing.isActive) return said('server.people.accountDeactivated');
    if (existing.instituteId) return said('server.people.otherInstitute');
  }
  const [waiting] = await app.db
    .select({ id: instituteInvites.id })
    .from(instituteInvites)
    .where(
      and(
        eq(instituteInvites.instituteId, instituteId),
        sql`lower(${instituteInvites.email}) = ${email}`,
        pending(new Date()),
      ),
    );
  return waiting ? said('server.people.inviteWaiting') : null;
}

/** Creates the invitation and mails its link; an expired one for the same address is replaced. */
export async function createInvite(
  app: App,
  institute: Actor,
  input: { email: string; fullName?: string; userType: MemberRole },
): Promise<Invite> {
  const refusal = await refusalFor(app, institute.userId, input.email, input.userType);
  if (refusal) throw conflict(refusal, { email: refusal });
  await assertSeat(app, institute, input.userType);
  return sendInvite(app, institute, input);
}

/** Writes and mails one invitation (checks done by the caller: one invite, or each row of an import). */
export async function sendInvite(
  app: App,
  institute: Actor,
  input: { email: string; fullName?: string; userType: MemberRole },
): Promise<Invite> {
  const { token, hash } = newLinkToken();
  const now = new Date();
  // An expired invitation still holds the "one pending per address" index: close it first.
  await app.db
    .update(instituteInvites)
    .set({ revokedAt: now })
    .where(
      and(
        eq(instituteInvites.instituteId, institute.userId),
        sql`lower(${instituteInvites.email}) = ${input.email}`,
        isNull(instituteInvites.acceptedAt),
        isNull(instituteInvites.revokedAt),
      ),
    );
  const [row] = await app.db
    .insert(instituteInvites)
    .values({
      instituteId: institute.userId,
      email: input.email,
      fullName: input.fullName ?? '',
      userType: input.userType,
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS),
    })
    .returning()
    .catch((error: unknown) => {
      // Two invitations for one address at once: the unique index decides.
      if (isUniqueViolation(error)) {
        throw conflict(said('server.people.inviteWaiting'));
      }
      throw error;
    });
  const link = `${app.config.publicUrl}/invitation?token=${token}`;
  // Someone with an account is greeted by their own name, not by whatever a CSV called them.
  const existing = await app.db.query.users.findFirst({ where: sql`lower(${users.email}) = ${input.email}` });
  const name = existing?.fullName ?? input.fullName;
  // In the invitee's language when they have an account, else in the institute's (decision 068).
  const say = sayTo(existing ?? institute);
  const from = { institute: institute.fullName, role: input.userType };
  await app.mailer.send({
    to: input.email,
    subject: say('mail.invite.subject', from),
    text: mailText(say, name, [
      `${say('mail.invite.body', from)}\n${say('mail.invite.open')}\n${link}`,
      say('mail.invite.ignore', from),
    ]),
  });
  return presentInvite(row, now);
}

export function presentInvite(row: InviteRow, now = new Date()): Invite {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    userType: row.userType as MemberRole,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

/** Invitations not yet accepted or withdrawn (expired ones too, marked, so they can be sent again). */
export async function listInvites(app: App, instituteId: string, userType?: MemberRole): Promise<Invite[]> {
  const rows = await app.db
    .select()
    .from(instituteInvites)
    .where(
      and(
        eq(instituteInvites.instituteId, instituteId),
        isNull(instituteInvites.acceptedAt),
        isNull(instituteInvites.revokedAt),
        userType
          ? eq(instituteInvites.userType, userType)
          : inArray(instituteInvites.userType, ['teacher', 'student']),
      ),
    )
    .orderBy(desc(instituteInvites.createdAt))
    .limit(500);
  const now = new Date();
  return rows.map((row) => presentInvite(row, now));
}

export async function revokeInvite(app: App, instituteId: string, inviteId: string) {
  const [row] = await app.db
    .update(instituteInvites)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(instituteInvites.id, inviteId),
        eq(instituteInvites.instituteId, instituteId),
        isNull(instituteInvites.acceptedAt),
        isNull(instituteInvites.revokedAt),
      ),
    )
    .returning({ id: instituteInvites.id });
  if (!row) throw notFound(said('server.people.inviteNotFound'));
}

/** The invitation behind a link, still usable; the same answer for unknown, used, withdrawn and expired. */
async function usableInvite(app: App, token: string) {
  const row = await app.db.query.instituteInvites.findFirst({
    where: and(eq(instituteInvites.tokenHash, hashLinkToken(token)), pending(new Date())),
  });
  if (!row) throw new AppError('TOKEN_INVALID', said('server.people.inviteInvalid'));
  const institute = await app.db.query.users.findFirst({ where: eq(users.id, row.instituteId) });
  if (!institute?.isActive || institute.deletedAt) {
    throw new AppError('TOKEN_INVALID', said('server.people.inviteInvalid'));
  }
  return { row, institute };
}

export async function viewInvitation(app: App, token: string): Promise<InvitationView> {
  const { row, institute } = await usableInvite(app, token);
  const existing = await app.db.query.users.findFirst({
    where: sql`lower(${users.email}) = ${row.email.toLowerCase()}`,
  });
  return {
    instituteName: institute.fullName,
    email: row.email,
    fullName: row.fullName,
    userType: row.userType as MemberRole,
    accountExists: Boolean(existing),
  };
}

export const markAccepted = (app: App, row: InviteRow, userId: string) =>
  app.db
    .update(instituteInvites)
    .set({ acceptedAt: new Date(), acceptedUserId: userId })
    .where(and(eq(instituteInvites.id, row.id), isNull(instituteInvites.acceptedAt)));

/**
 * Signs a new person up from the link: the address is proven by the link, so the account is verified at
 * once; it belongs to the institute, whose plan covers its teachers (no trial of their own).
 */
export async function signUpFromInvitation(
  app: App,
  token: string,
  input: { fullName: string; password: string },
) {
  const { row } = await usableInvite(app, token);
  const existing = await app.db.query.users.findFirst({
    where: sql`lower(${users.email}) = ${row.email.toLowerCase()}`,
  });
  if (existing) throw conflict(AUTH_MSG.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const [created] = await app.db
    .insert(users)
    .values({
      email: row.email,
      passwordHash,
      fullName: input.fullName,
      userType: row.userType,
      instituteId: row.instituteId,
      emailVerifiedAt: new Date(),
      lastLoginAt: new Date(),
    })
    .returning();
  await markAccepted(app, row, created.id);
  return startSession(app.db, app.config.jwtSecret, created, { remember: false });
}

/** An existing account joins the institute: only the person the invitation was sent to, logged in. */
export async function acceptInvitation(app: App, actor: Actor, token: string) {
  const { row } = await usableInvite(app, token);
  if (actor.email.toLowerCase() !== row.email.toLowerCase()) {
    throw forbidden(said('server.people.inviteSentTo', { email: row.email }));
  }
  if (actor.userType !== row.userType)
    throw forbidden(said('server.people.inviteForType', { userType: row.userType }));
  if (actor.instituteId && actor.instituteId !== row.instituteId)
    throw conflict(said('server.people.otherInstitute'));
  await app.db.update(users).set({ instituteId: row.instituteId }).where(eq(users.id, actor.userId));
  // A person who moves here from another institute: that institute's "Log in as" sessions stay ended (decision 052).
  dropRevokedSockets(app, await revokeLapsedImpersonations(app.db, actor.userId));
  await markAccepted(app, row, actor.userId);
}
