import { and, eq, lt, or, sql } from 'drizzle-orm';
import { courseExports } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { said } from '../../i18n/said';
import type { PeriodicTask } from '../../jobs/periodic';
import { COURSE_EXPORT_EXPIRE_SECONDS } from '../courses/export-routes';
import { removeStoredFile } from '../files/uploads';

/** How long a package is kept: long enough to download it, not so long that old copies fill the owner's storage. */
export const EXPORT_KEEP_DAYS = 7;

/**
 * Removes old course packages: any older than 7 days, and every one but the newest of its course and format (a new
 * export replaces the last one). A build still "working" after its job's time limit was lost (the server stopped):
 * it is marked failed, so its author is told to export again.
 */
export async function removeOldExports(app: App, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - EXPORT_KEEP_DAYS * 24 * 60 * 60_000);
  const stuck = new Date(now.getTime() - (COURSE_EXPORT_EXPIRE_SECONDS + 15 * 60) * 1000);
  await app.db
    .update(courseExports)
    .set({ status: 'failed', error: said('server.course-export.interrupted').english, finishedAt: now })
    .where(and(eq(courseExports.status, 'working'), lt(courseExports.createdAt, stuck)));
  const newer = sql`exists (select 1 from course_exports n where n.course_id = ${courseExports.courseId} and n.format = ${courseExports.format} and n.created_at > ${courseExports.createdAt} and n.status <> 'failed')`;
  const old = await app.db
    .select({ id: courseExports.id, filePath: courseExports.filePath })
    .from(courseExports)
    .where(
      or(
        and(lt(courseExports.createdAt, cutoff), sql`${courseExports.status} <> 'working'`),
        and(sql`${courseExports.status} <> 'working'`, newer),
      ),
    );
  for (const row of old) {
    if (row.filePath) await removeStoredFile(app, row.filePath);
    await app.db.delete(courseExports).where(eq(courseExports.id, row.id));
  }
  return old.length;
}

export const oldExportsTask: PeriodicTask = {
  name: 'removing old course exports',
  everyMs: 60 * 60_000,
  atStart: 'background',
  // Nothing here is urgent: the first clean-up waits its hour, so a starting server's connections go to what is.
  first: async () => 0,
  run: removeOldExports,
};
