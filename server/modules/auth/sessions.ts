import { and, eq, isNotNull, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SessionAnswer, UserObj } from '../../../common/contracts/auth';
import { PLAN_MODULES, type PlanModule } from '../../../common/plans';
import { isUserType } from '../../../common/roles';
import type { Db } from '../../db/client';
import { type PlanRow, plans, sessions, users } from '../../db/schema/index';
import { type AccountState, accountState } from '../../http/account-state';
import type { App } from '../../http/app-type';
import { actingRightHolds } from '../../http/impersonation-right';
import { signSessionToken } from '../../http/tokens';
import { fullModules } from '../plans/presenters';

type UserRow = typeof users.$inferSelect;
type SessionRow = typeof sessions.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction on it: revocations happen in the transaction of the change that causes them. */
export type DbOrTx = Db | Tx;

const HOUR_MS = 60 * 60 * 1000;
/** "Remember me" keeps a session for 30 days, otherwise for 12 hours. */
export const sessionLifetimeMs = (remember: boolean) => (remember ? 30 * 24 * HOUR_MS : 12 * HOUR_MS);

/** Starts a session row and signs its token; the row is what logout and revocation end. */
export async function startSession(
  db: Db,
  secret: string,
  user: UserRow,
  options: { remember: boolean; impersonatorId?: string | null },
): Promise<SessionAnswer> {
  return answerSession(db, secret, user, await insertSession(db, user, options));
}

/** The session row alone, for a caller that writes it in one transaction with its audit row. */
export async function insertSession(
  db: DbOrTx,
  user: UserRow,
  options: { remember: boolean; impersonatorId?: string | null },
): Promise<SessionRow> {
  const expiresAt = new Date(Date.now() + sessionLifetimeMs(options.remember));
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, expiresAt, impersonatorId: options.impersonatorId ?? null })
    .returning();
  return session;
}

/** The login answer for a stored session: its signed token and the account. */
export async function answerSession(
  db: Db,
  secret: string,
  user: UserRow,
  session: SessionRow,
): Promise<SessionAnswer> {
  const jwtToken = await signSessionToken({ sub: user.id, sid: session.id }, session.expiresAt, secret);
  return { jwtToken, impersonatedBy: session.impersonatorId, ...(await presentAccount(db, user)) };
}

/** The plan state and modules a request's actor query already read (server/http/actor.ts). */
export interface KnownPlan {
  state: AccountState;
  planModules: PlanRow['modules'] | null;
}

/**
 * The login answer's user object and ended flags, from the database; `known` spares GET /api/auth/me the plan's
 * two reads when its actor query has just made them.
 */
export async function presentAccount(
  db: Db,
  user: UserRow,
  known?: KnownPlan,
): Promise<Omit<SessionAnswer, 'jwtToken' | 'impersonatedBy'>> {
  if (!isUserType(user.userType)) throw new Error(`Unknown user type ${user.userType}`);
  const state =
    known?.state ??
    (await accountState(db, {
      id: user.id,
      userType: user.userType,
      instituteId: user.instituteId,
    }));
  const userObj: UserObj = {
    userId: user.id,
    fullName: user.fullName,
    email: user.email,
    userType: user.userType,
    enrollmentDate: user.createdAt.toISOString(),
    instituteId: user.instituteId,
    isDarkTheme: user.isDarkTheme,
    themeColor: user.themeColor,
    font: user.font,
    locale: user.locale,
    planName: state.planName,
    planId: state.planId,
    isFreeTrial: state.isFreeTrial,
    remainingTrialDays: state.remainingTrialDays,
    hasProfileImage: Boolean(user.profileImagePath),
    hasBrandLogo: Boolean(user.brandLogoPath),
    ...modulesLeftOut(
      state.planId ? (known ? known.planModules : await planModulesOf(db, state.planId)) : null,
    ),
  };
  return { userObj, trialEnded: state.trialEnded, subscriptionEnded: state.subscriptionEnded };
}

async function planModulesOf(db: Db, planId: string): Promise<PlanRow['modules'] | null> {
  const [plan] = await db.select({ modules: plans.modules }).from(plans).where(eq(plans.id, planId));
  return plan?.modules ?? null;
}

/**
 * The modules the plan gives NONE, for the side navigation to hide, and those it gives PARTIAL, whose "add"
 * controls the pages lock (the server refuses them: assertModule's 'create'). No plan: nothing left out.
 */
function modulesLeftOut(planModules: PlanRow['modules'] | null): {
  hiddenModules: PlanModule[];
  addLockedModules: PlanModule[];
} {
  if (!planModules) return { hiddenModules: [], addLockedModules: [] };
  const modules = fullModules(planModules);
  return {
    hiddenModules: PLAN_MODULES.filter((module) => modules[module] === 'NONE'),
    addLockedModules: PLAN_MODULES.filter((module) => modules[module] === 'PARTIAL'),
  };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** A revoked session: its id and whose account it was in. */
export interface RevokedSession {
  id: string;
  userId: string;
}

/**
 * Ends every live session of a user, optionally sparing one (the caller's own), and every session they opened
 * as someone else ("Log in as"): a right that ends (deactivation, a new password, erasure) ends what it made
 * (decision 052).
 */
export async function revokeAllSessions(
  db: DbOrTx,
  userId: string,
  exceptSessionId?: string,
): Promise<RevokedSession[]> {
  const conditions = [
    or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
    isNull(sessions.revokedAt),
  ];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  return db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: sessions.id, userId: sessions.userId });
}

const targets = alias(users, 'target');
const actingPeople = alias(users, 'acting_person');

/**
 * Ends the "Log in as" sessions in or by this account whose real person may no longer act as their target, e.g.
 * once a student has left the institute that switched into them. Each request re-checks the same rule
 * (server/http/actor.ts); revoking as well keeps a right given back later from reviving an old token.
 */
export async function revokeLapsedImpersonations(db: DbOrTx, userId: string): Promise<RevokedSession[]> {
  return db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        isNull(sessions.revokedAt),
        isNotNull(sessions.impersonatorId),
        or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(targets)
            .innerJoin(actingPeople, eq(actingPeople.id, sessions.impersonatorId))
            .where(and(eq(targets.id, sessions.userId), actingRightHolds(actingPeople, targets))),
        ),
      ),
    )
    .returning({ id: sessions.id, userId: sessions.userId });
}

/**
 * Drops the open sockets of sessions just revoked (after the commit): every socket of `userId` at once, and the
 * sessions someone else's account was used through one by one.
 */
export function dropRevokedSockets(app: Pick<App, 'realtime'>, revoked: RevokedSession[], userId?: string) {
  if (userId) app.realtime.disconnectSessions({ userId });
  for (const session of revoked) {
    if (session.userId !== userId) app.realtime.disconnectSessions({ sessionId: session.id });
  }
}
