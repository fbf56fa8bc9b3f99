import { eq, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { forbidden, notFound } from '../../http/errors';
import { mayActAs } from '../../http/impersonation-right';
import { said } from '../../i18n/said';
import { answerSession, insertSession } from './sessions';

type UserRow = typeof users.$inferSelect;

/** Admins may act as any non-admin; an institute as its own teachers and students (server/http/impersonation-right.ts). */
export function canImpersonate(actor: Pick<Actor, 'userId' | 'userType'>, target: UserRow): boolean {
  // A resolved actor is always an active account.
  return mayActAs({ id: actor.userId, userType: actor.userType, isActive: true }, target);
}

/**
 * Starts a session as the target, remembering the real person behind it (the first impersonator
 * of a chain), and records it in the audit log, in one transaction. The session lasts only while that real
 * person may act as the target (decision 052).
 */
export async function impersonate(app: App, actor: Actor, by: { userId?: string; email?: string }) {
  const where = by.userId ? eq(users.id, by.userId) : sql`lower(${users.email}) = ${by.email ?? ''}`;
  const target = await app.db.query.users.findFirst({ where });
  if (!target) throw notFound(said('server.auth.userNotFound'));
  if (!canImpersonate(actor, target)) throw forbidden(said('server.auth.cannotImpersonate'));
  const realPerson = actor.impersonatorId ?? actor.userId;
  const session = await app.db.transaction(async (tx) => {
    await tx.insert(auditLog).values({
      actorId: realPerson,
      action: 'impersonate',
      targetId: target.id,
      details: { viaUserId: actor.userId, viaUserType: actor.userType },
    });
    return insertSession(tx, target, { remember: false, impersonatorId: realPerson });
  });
  return answerSession(app.db, app.config.jwtSecret, target, session);
}
