import { eq, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { forbidden, notFound } from '../../http/errors';
import { startSession } from './sessions';

type UserRow = typeof users.$inferSelect;

/** Admins may act as any non-admin; an institute as its own teachers and students. */
export function canImpersonate(actor: Pick<Actor, 'userId' | 'userType'>, target: UserRow): boolean {
  if (!target.isActive || target.id === actor.userId) return false;
  if (actor.userType === 'admin') return target.userType !== 'admin';
  if (actor.userType === 'institute') {
    return (
      (target.userType === 'teacher' || target.userType === 'student') && target.instituteId === actor.userId
    );
  }
  return false;
}

/**
 * Starts a session as the target, remembering the real person behind it (the first impersonator
 * of a chain), and records it in the audit log.
 */
export async function impersonate(app: App, actor: Actor, by: { userId?: string; email?: string }) {
  const where = by.userId ? eq(users.id, by.userId) : sql`lower(${users.email}) = ${by.email ?? ''}`;
  const target = await app.db.query.users.findFirst({ where });
  if (!target) throw notFound('User not found');
  if (!canImpersonate(actor, target)) throw forbidden('You cannot log in as this user');
  const realPerson = actor.impersonatorId ?? actor.userId;
  await app.db.insert(auditLog).values({
    actorId: realPerson,
    action: 'impersonate',
    targetId: target.id,
    details: { viaUserId: actor.userId, viaUserType: actor.userType },
  });
  return startSession(app.db, app.config.jwtSecret, target, { remember: false, impersonatorId: realPerson });
}
