import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/index';
import type { Text } from '../i18n/said';
import type { Actor } from './actor';
import type { App } from './app-type';
import { forbidden, notFound } from './errors';
import { canAuthorFor } from './policies';

/** A table of things a teacher authors: each row has an id and the id of the user who owns it. */
type AuthoredTable = PgTable & { id: PgColumn; ownerId: PgColumn };

/** What the caller is told when the row is missing, or is someone else's. */
export interface AuthoredMessages {
  notFound: Text;
  forbidden: Text;
}

/**
 * Loads something authored (a course, a guru, a course library) for an actor who may author it — its owner,
 * the institute the owner belongs to, or an admin (canAuthorFor) — or answers 404 when it does not exist and
 * 403 when it is someone else's. The owner is read from the database in the same query, never from the
 * request. The one load-and-authorize step for every authored kind (docs/decisions/026-capability-map.md).
 */
export async function loadAuthored<T extends AuthoredTable>(
  app: App,
  actor: Actor,
  table: T,
  id: string,
  messages: AuthoredMessages,
): Promise<T['$inferSelect']> {
  const authored = table as AuthoredTable;
  const [found] = await app.db
    .select({ row: authored, owner: { id: users.id, instituteId: users.instituteId } } as never)
    .from(authored)
    .innerJoin(users, eq(users.id, authored.ownerId))
    .where(eq(authored.id, id))
    .limit(1);
  const row = found as
    | { row: T['$inferSelect']; owner: { id: string; instituteId: string | null } }
    | undefined;
  if (!row) throw notFound(messages.notFound);
  if (!canAuthorFor(actor, row.owner)) throw forbidden(messages.forbidden);
  return row.row;
}
