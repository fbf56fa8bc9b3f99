import { and, count, eq, inArray } from 'drizzle-orm';
import {
  courseSubscriptions,
  guruCourses,
  gurus,
  type gurus as gurusTable,
  users,
} from '../../db/schema/index';
import { payerIdOf } from '../../http/account-state';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { forbidden, notFound } from '../../http/errors';
import { loadAuthored } from '../../http/load-authored';
import { said } from '../../i18n/said';
import { coveredBy } from '../plans/limits';

export type GuruRow = typeof gurusTable.$inferSelect;

/**
 * Who may build a guru and read its conversations: its owner, the institute the owner belongs to, and
 * admins — the same rule as authoring a course (an institute runs its teachers' work).
 */
export function loadOwnedGuru(app: App, actor: Actor, guruId: string): Promise<GuruRow> {
  return loadAuthored(app, actor, gurus, guruId, {
    notFound: 'Guru not found',
    forbidden: said('server.gurus.cannotOpen'),
  });
}

/** Whether the actor is on the guru's owner side (owner, their institute, admin). */
export async function isGuruOwnerSide(app: App, actor: Actor, guru: GuruRow): Promise<boolean> {
  if (actor.userType === 'admin' || actor.userId === guru.ownerId) return true;
  if (actor.userType !== 'institute') return false;
  const owner = await app.db.query.users.findFirst({ where: eq(users.id, guru.ownerId) });
  return owner?.instituteId === actor.userId;
}

/** Whether the user is subscribed to at least one course the guru learns from. */
export async function isSubscribedToGuru(app: App, userId: string, guruId: string): Promise<boolean> {
  const [row] = await app.db
    .select({ n: count() })
    .from(guruCourses)
    .innerJoin(
      courseSubscriptions,
      and(eq(courseSubscriptions.courseId, guruCourses.courseId), eq(courseSubscriptions.userId, userId)),
    )
    .where(eq(guruCourses.guruId, guruId));
  return Number(row?.n ?? 0) > 0;
}

/** Loads a guru the actor may talk to: a learner subscribed to one of its courses, or the owner side. */
export async function loadTalkableGuru(app: App, actor: Actor, guruId: string): Promise<GuruRow> {
  const guru = await app.db.query.gurus.findFirst({ where: eq(gurus.id, guruId) });
  if (!guru) throw notFound(said('server.gurus.notFound'));
  if (await isGuruOwnerSide(app, actor, guru)) return guru;
  if (await isSubscribedToGuru(app, actor.userId, guru.id)) return guru;
  throw forbidden(said('server.gurus.subscribeToAsk'));
}

/** Ids of the users whose gurus count against one payer's plan: the payer and, for institutes, its teachers. */
export const payerScope = coveredBy;

/** Gurus of the payer and of the teachers it pays for. */
export async function gurusCoveredBy(app: App, payerId: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(gurus)
    .innerJoin(users, eq(users.id, gurus.ownerId))
    .where(coveredBy(payerId));
  return Number(row?.n ?? 0);
}

/** The number of gurus the actor's payer has (what the 'gurus' limit counts). */
export async function payerGuruCount(app: App, actor: Pick<Actor, 'userId' | 'userType' | 'instituteId'>) {
  const payerId = payerIdOf({ id: actor.userId, userType: actor.userType, instituteId: actor.instituteId });
  return payerId ? gurusCoveredBy(app, payerId) : 0;
}

/** Guru ids owned by the given users (for conversation lists). */
export async function guruIdsOwnedBy(app: App, ownerIds: string[]): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await app.db.select({ id: gurus.id }).from(gurus).where(inArray(gurus.ownerId, ownerIds));
  return rows.map((row) => row.id);
}
