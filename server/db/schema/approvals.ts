import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { users } from './users';

/**
 * The admin's comments on single items of a rejected course (a lesson, a quiz, an FAQ…), beside the overall
 * reason in courses.review_comment. Each rejection replaces the course's comments; an approval clears them
 * (docs/decisions/045-approval-review.md). `label` is the item as it was named when the comment was written,
 * so a comment on an item the teacher then deletes still reads sensibly.
 */
export const courseReviewItems = pgTable(
  'course_review_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    area: text('area').notNull(),
    itemId: text('item_id').notNull(),
    label: text('label').notNull(),
    comment: text('comment').notNull(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_review_items_course_idx').on(t.courseId)],
);

export type CourseReviewItemRow = typeof courseReviewItems.$inferSelect;
