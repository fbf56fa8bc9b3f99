import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { type CourseRow, courses } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';

/** The course's share token, created on first ask. */
export async function shareToken(app: App, course: CourseRow): Promise<string> {
  if (course.shareToken) return course.shareToken;
  const [updated] = await app.db
    .update(courses)
    .set({ shareToken: randomBytes(18).toString('base64url') })
    .where(and(eq(courses.id, course.id), isNull(courses.shareToken)))
    .returning({ shareToken: courses.shareToken });
  if (updated?.shareToken) return updated.shareToken;
  const [current] = await app.db
    .select({ shareToken: courses.shareToken })
    .from(courses)
    .where(eq(courses.id, course.id));
  if (!current?.shareToken) throw notFound(said('server.courses.notFound'));
  return current.shareToken;
}
