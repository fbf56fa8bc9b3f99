import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isUserType, type UserType } from '../../common/roles';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/index';
import { type AccountState, accountState } from './account-state';
import { actingRightHolds } from './impersonation-right';
import { verifySessionToken } from './tokens';

/** Who is asking, as the database says right now. */
export interface Actor extends AccountState {
  userId: string;
  userType: UserType;
  fullName: string;
  email: string;
  instituteId: string | null;
  sessionId: string;
  impersonatorId: string | null;
  /** A developer an admin has granted access to the outbox and logs (never true for other roles). */
  developerAccessGranted: boolean;
  /** The interface language the person chose, '' if never (server/http/locale.ts localeOf). */
  locale: string;
}

const impersonators = alias(users, 'impersonator');

/**
 * Resolves a JWT to an actor: valid signature, live session, active user, and for a "Log in as" session a real
 * person who may still act as that user (decision 052). Null otherwise. One query: the impersonator is a join on
 * its primary key, so checking the right costs no round trip.
 */
export async function resolveActor(db: Db, token: string | null, secret: string): Promise<Actor | null> {
  if (!token) return null;
  const claims = await verifySessionToken(token, secret);
  if (!claims) return null;
  const [row] = await db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId))
    .where(
      and(
        eq(sessions.id, claims.sid),
        eq(sessions.userId, claims.sub),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.isActive, true),
        or(isNull(sessions.impersonatorId), actingRightHolds(impersonators, users)),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { user, session } = row;
  const userType = user.userType;
  if (!isUserType(userType)) return null;
  const state = await accountState(db, { id: user.id, userType, instituteId: user.instituteId });
  return {
    ...state,
    userId: user.id,
    userType,
    fullName: user.fullName,
    email: user.email,
    instituteId: user.instituteId,
    sessionId: session.id,
    impersonatorId: session.impersonatorId,
    developerAccessGranted: userType === 'developer' && user.developerAccessGrantedAt !== null,
    locale: user.locale,
  };
}
