import { LIBRARY_MSG } from '../../../common/library';
import { courseLibraries } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { loadAuthored } from '../../http/load-authored';
import { said } from '../../i18n/said';

export type LibraryRow = typeof courseLibraries.$inferSelect;

/**
 * A library the actor may open and change: its owner, the institute the owner belongs to, or an admin —
 * the course authoring rule (docs/decisions/014-course-library.md "Model").
 */
export function loadOwnedLibrary(app: App, actor: Actor, libraryId: string): Promise<LibraryRow> {
  return loadAuthored(app, actor, courseLibraries, libraryId, {
    notFound: LIBRARY_MSG.notFound,
    forbidden: said('server.library.cannotOpen'),
  });
}
