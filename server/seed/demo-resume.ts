import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { courseLibraries, courseSubscriptions, courses, users } from '../db/schema/index';
import type { App } from '../http/app-type';
import { deleteCourse } from '../modules/courses/service';
import { deleteLibrary } from '../modules/library/service';
import { DEMO_COURSE_TITLE } from './demo-content';
import { DEMO_DECKS } from './demo-deck';
import { DEMO_PAID_COURSE_TITLE } from './demo-partners';

/** What seedDemoContent makes for teacher@ by rendering: the two courses and a library per deck. */
const DEMO_COURSES = [DEMO_COURSE_TITLE, DEMO_PAID_COURSE_TITLE];
const DEMO_LIBRARIES = [
  ...DEMO_DECKS.foundations,
  DEMO_DECKS.foundationsPreview,
  ...DEMO_DECKS.trigonometry,
].map((deck) => deck.title);

/**
 * `npm start` makes the demo course in the background (decision 060), so a person may stop the server before it
 * is done. A marker file in DATA_DIR says a demo is being made; the next start that finds it discards what the
 * stopped one left and makes the demo again, instead of keeping a half-made course forever.
 */
const markerOf = (dataDir: string) => path.join(dataDir, 'demo-content.pending');

export const demoContentPending = (dataDir: string) => existsSync(markerOf(dataDir));

export function markDemoContentPending(dataDir: string): void {
  writeFileSync(markerOf(dataDir), `${new Date().toISOString()}\n`);
}

export function clearDemoContentPending(dataDir: string): void {
  rmSync(markerOf(dataDir), { force: true });
}

/**
 * Deletes teacher@'s demo courses and the libraries of the demo decks, the part of the demo that takes minutes
 * (rendering) and that a second run would otherwise make twice; the accounts' own rows (seedDemo's two pending
 * courses) stay. Subscriptions go first: a course with learners cannot be deleted.
 */
export async function discardUnfinishedDemo(app: App): Promise<{ courses: number; libraries: number }> {
  const teacher = await app.db.query.users.findFirst({
    where: eq(sql`lower(${users.email})`, 'teacher@gurukul.test'),
  });
  if (!teacher) return { courses: 0, libraries: 0 };
  const owned = await app.db
    .select()
    .from(courses)
    .where(and(eq(courses.ownerId, teacher.id), inArray(courses.title, DEMO_COURSES)));
  for (const course of owned) {
    await app.db.delete(courseSubscriptions).where(eq(courseSubscriptions.courseId, course.id));
    await deleteCourse(app, course);
  }
  const libraries = await app.db
    .select()
    .from(courseLibraries)
    .where(and(eq(courseLibraries.ownerId, teacher.id), inArray(courseLibraries.title, DEMO_LIBRARIES)));
  for (const library of libraries) await deleteLibrary(app, library);
  return { courses: owned.length, libraries: libraries.length };
}
