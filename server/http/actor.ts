import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isUserType, type UserType } from '../../common/roles';
import type { Db } from '../db/client';
import { plans, sessions, subscriptions, users } from '../db/schema/index';
import { type AccountState, NO_PLAN, payerIdOf, planStateOf } from './account-state';
import { actingRightHolds } from './impersonation-right';
import { verifySessionToken } from './tokens';

type UserRow = typeof users.$inferSelect;
type PlanModules = typeof plans.$inferSelect.modules;

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
  /** The account's row as this request read it: GET /api/auth/me answers from it without reading it again. */
  account: UserRow;
  /** The modules of the payer's plan (null without one), read in the same query as the plan state. */
  planModules: PlanModules | null;
}

const impersonators = alias(users, 'impersonator');

/**
 * Whose subscription covers the user, in SQL: payerIdOf's rule (an institute's own; a teacher's institute's, or
 * their own; nobody else's), inside the query so the plan costs no second round trip.
 */
const payerId = sql`case ${users.userType} when 'institute' then ${users.id} when 'teacher' then coalesce(${users.instituteId}, ${users.id}) end`;

function prepareActorQuery(db: Db) {
  const payerSubscription = db
    .select({
      planId: subscriptions.planId,
      status: subscriptions.status,
      trialEndsAt: subscriptions.trialEndsAt,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      planName: sql<string>`${plans.name}`.as('plan_name'),
      planModules: sql<PlanModules>`${plans.modules}`.as('plan_modules'),
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, payerId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .as('payer_subscription');
  return db
    .select({
      user: users,
      sessionId: sessions.id,
      sessionUserId: sessions.userId,
      impersonatorId: sessions.impersonatorId,
      sub: {
        planId: payerSubscription.planId,
        status: payerSubscription.status,
        trialEndsAt: payerSubscription.trialEndsAt,
        currentPeriodEnd: payerSubscription.currentPeriodEnd,
        planName: payerSubscription.planName,
        planModules: payerSubscription.planModules,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId))
    .leftJoinLateral(payerSubscription, sql`true`)
    .where(
      and(
        sql`(${sessions.id}, ${sessions.userId}) in (select * from unnest(${sql.placeholder('sessionIds')}::uuid[], ${sql.placeholder('userIds')}::uuid[]))`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.isActive, true),
        or(isNull(sessions.impersonatorId), actingRightHolds(impersonators, users)),
      ),
    )
    .prepare('resolve_actors');
}

type ActorRow = Awaited<ReturnType<ReturnType<typeof prepareActorQuery>['execute']>>[number];

interface Lookup {
  sessionId: string;
  userId: string;
  found: (row: ActorRow | undefined) => void;
  failed: (error: unknown) => void;
}

/**
 * Session lookups asked in the same turn of the event loop, read in one query (issue 38, decision 081): under load
 * a few dozen requests arrive together, and one round trip for all of them costs about what one cost alone. Each
 * request's lookup is sent after it arrived, so it reads the database as it is then; nothing is kept afterwards.
 */
function sessionLookups(db: Db) {
  const statement = prepareActorQuery(db);
  let waiting: Lookup[] = [];
  const flush = async () => {
    const batch = waiting;
    waiting = [];
    try {
      const rows = await statement.execute({
        sessionIds: batch.map((lookup) => lookup.sessionId),
        userIds: batch.map((lookup) => lookup.userId),
        now: new Date(),
      });
      const bySession = new Map(rows.map((row) => [`${row.sessionId} ${row.sessionUserId}`, row]));
      for (const lookup of batch) lookup.found(bySession.get(`${lookup.sessionId} ${lookup.userId}`));
    } catch (error) {
      for (const lookup of batch) lookup.failed(error);
    }
  };
  return (sessionId: string, userId: string) =>
    new Promise<ActorRow | undefined>((found, failed) => {
      if (waiting.length === 0) nextTurn(() => void flush());
      waiting.push({ sessionId, userId, found, failed });
    });
}

/** The real one, taken at load: a test's fake timers must not hold every request's session lookup. */
const nextTurn = setImmediate;

/** One batcher (and its prepared statement) per database. */
const lookupsByDb = new WeakMap<Db, ReturnType<typeof sessionLookups>>();

/**
 * Resolves a JWT to an actor: valid signature, live session, active user, and for a "Log in as" session a real
 * person who may still act as that user (decision 052), with the payer's plan state. Null otherwise. One query,
 * every time: the impersonator is a join on its primary key and the payer's newest subscription a lateral join, so
 * nothing is cached and a revoked session or a changed plan counts at the next request.
 */
export async function resolveActor(db: Db, token: string | null, secret: string): Promise<Actor | null> {
  if (!token) return null;
  const claims = await verifySessionToken(token, secret);
  if (!claims) return null;
  let lookup = lookupsByDb.get(db);
  if (!lookup) {
    lookup = sessionLookups(db);
    lookupsByDb.set(db, lookup);
  }
  const row = await lookup(claims.sid, claims.sub);
  if (!row) return null;
  const now = new Date();
  const { user } = row;
  const userType = user.userType;
  if (!isUserType(userType)) return null;
  const paying = payerIdOf({ id: user.id, userType, instituteId: user.instituteId }) !== null;
  const state = paying ? planStateOf(row.sub, now) : NO_PLAN;
  return {
    ...state,
    userId: user.id,
    userType,
    fullName: user.fullName,
    email: user.email,
    instituteId: user.instituteId,
    sessionId: row.sessionId,
    impersonatorId: row.impersonatorId,
    developerAccessGranted: userType === 'developer' && user.developerAccessGrantedAt !== null,
    locale: user.locale,
    account: user,
    planModules: paying ? (row.sub?.planModules ?? null) : null,
  };
}
