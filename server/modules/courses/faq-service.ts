import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CourseFaq, faqSchema, faqUpdateSchema } from '../../../common/contracts/course-content';
import { type CourseRow, courseFaqs } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { courseSourcesChanged } from '../gurus/training/course-changes';
import { touchCourse } from './service';

type FaqRow = typeof courseFaqs.$inferSelect;

export const presentFaq = (faq: FaqRow): CourseFaq => ({
  id: faq.id,
  courseId: faq.courseId,
  question: faq.question,
  answer: faq.answer,
  position: faq.position,
});

export async function listFaqs(app: App, course: CourseRow): Promise<FaqRow[]> {
  return app.db
    .select()
    .from(courseFaqs)
    .where(eq(courseFaqs.courseId, course.id))
    .orderBy(asc(courseFaqs.position), asc(courseFaqs.id));
}

export async function loadFaq(app: App, course: CourseRow, faqId: string): Promise<FaqRow> {
  const [faq] = await app.db
    .select()
    .from(courseFaqs)
    .where(and(eq(courseFaqs.id, faqId), eq(courseFaqs.courseId, course.id)));
  if (!faq) throw notFound(said('server.courses.faqNotFound'));
  return faq;
}

/** Adds an entry at the end of the list. */
export async function createFaq(app: App, course: CourseRow, input: z.output<typeof faqSchema>) {
  const [faq] = await app.db
    .insert(courseFaqs)
    .values({
      courseId: course.id,
      ...input,
      position: sql`(select coalesce(max(${courseFaqs.position}) + 1, 0) from ${courseFaqs} where ${courseFaqs.courseId} = ${course.id})`,
    })
    .returning();
  await touchCourse(app, course);
  await courseSourcesChanged(app, course.id);
  return faq;
}

/** Edits the texts and/or moves the entry; the others close up around it, so positions stay 0..n-1. */
export async function updateFaq(
  app: App,
  course: CourseRow,
  faq: FaqRow,
  changes: z.output<typeof faqUpdateSchema>,
): Promise<FaqRow> {
  const { position, ...texts } = changes;
  await app.db.transaction(async (tx) => {
    if (Object.keys(texts).length > 0) {
      await tx.update(courseFaqs).set(texts).where(eq(courseFaqs.id, faq.id));
    }
    if (position === undefined) return;
    const siblings = await tx
      .select({ id: courseFaqs.id, position: courseFaqs.position })
      .from(courseFaqs)
      .where(eq(courseFaqs.courseId, course.id))
      .orderBy(asc(courseFaqs.position), asc(courseFaqs.id))
      .for('update');
    const order = siblings.filter((s) => s.id !== faq.id);
    order.splice(Math.min(position, order.length), 0, { id: faq.id, position: -1 });
    for (const [index, sibling] of order.entries()) {
      if (sibling.position !== index) {
        await tx.update(courseFaqs).set({ position: index }).where(eq(courseFaqs.id, sibling.id));
      }
    }
  });
  await touchCourse(app, course);
  // Only the texts are indexed; a move alone changes nothing a guru learned.
  if (Object.keys(texts).length > 0) await courseSourcesChanged(app, course.id);
  return loadFaq(app, course, faq.id);
}

export async function deleteFaq(app: App, course: CourseRow, faq: FaqRow): Promise<void> {
  await app.db.delete(courseFaqs).where(eq(courseFaqs.id, faq.id));
  await touchCourse(app, course);
  await courseSourcesChanged(app, course.id);
}
