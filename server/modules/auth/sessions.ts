import { and, eq, isNull, ne } from 'drizzle-orm';
import type { SessionAnswer, UserObj } from '../../../common/contracts/auth';
import { PLAN_MODULES, type PlanModule } from '../../../common/plans';
import { isUserType } from '../../../common/roles';
import type { Db } from '../../db/client';
import { plans, sessions, type users } from '../../db/schema/index';
import { accountState } from '../../http/account-state';
import { signSessionToken } from '../../http/tokens';
import { fullModules } from '../plans/presenters';

type UserRow = typeof users.$inferSelect;

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
  const expiresAt = new Date(Date.now() + sessionLifetimeMs(options.remember));
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, expiresAt, impersonatorId: options.impersonatorId ?? null })
    .returning();
  const jwtToken = await signSessionToken({ sub: user.id, sid: session.id }, expiresAt, secret);
  return { jwtToken, impersonatedBy: session.impersonatorId, ...(await presentAccount(db, user)) };
}

/** The login answer's user object and ended flags, from the database. */
export async function presentAccount(
  db: Db,
  user: UserRow,
): Promise<Omit<SessionAnswer, 'jwtToken' | 'impersonatedBy'>> {
  if (!isUserType(user.userType)) throw new Error(`Unknown user type ${user.userType}`);
  const state = await accountState(db, {
    id: user.id,
    userType: user.userType,
    instituteId: user.instituteId,
  });
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
    planName: state.planName,
    planId: state.planId,
    isFreeTrial: state.isFreeTrial,
    remainingTrialDays: state.remainingTrialDays,
    hasProfileImage: Boolean(user.profileImagePath),
    hasBrandLogo: Boolean(user.brandLogoPath),
    hiddenModules: await hiddenModules(db, state.planId),
  };
  return { userObj, trialEnded: state.trialEnded, subscriptionEnded: state.subscriptionEnded };
}

/** The modules the plan gives NONE, for the side navigation to hide. */
async function hiddenModules(db: Db, planId: string | null): Promise<PlanModule[]> {
  if (!planId) return [];
  const [plan] = await db.select({ modules: plans.modules }).from(plans).where(eq(plans.id, planId));
  const modules = fullModules(plan?.modules);
  return PLAN_MODULES.filter((module) => modules[module] === 'NONE');
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, optionally sparing one (the caller's own). */
export async function revokeAllSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
