import { eq } from 'drizzle-orm';
import { LIBRARY_MSG } from '../../../common/library';
import { courseLibraries, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { forbidden, notFound } from '../../http/errors';
import { canAuthorFor } from '../../http/policies';

export type LibraryRow = typeof courseLibraries.$inferSelect;

/**
 * A library the actor may open and change: its owner, the institute the owner belongs to, or an admin —
 * the course authoring rule (docs/decisions/014-course-library.md "Model").
 */
export async function loadOwnedLibrary(app: App, actor: Actor, libraryId: string): Promise<LibraryRow> {
  const [row] = await app.db
    .select({ library: courseLibraries, owner: { id: users.id, instituteId: users.instituteId } })
    .from(courseLibraries)
    .innerJoin(users, eq(users.id, courseLibraries.ownerId))
    .where(eq(courseLibraries.id, libraryId))
    .limit(1);
  if (!row) throw notFound(LIBRARY_MSG.notFound);
  if (!canAuthorFor(actor, row.owner)) throw forbidden('You cannot open this course library');
  return row.library;
}
