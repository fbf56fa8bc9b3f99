import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { users } from './users';

/**
 * A course packaged for another learning platform (issue 35, decision 077): SCORM 1.2, SCORM 2004 4th edition or
 * IMS Common Cartridge 1.3, built by a background job. status: working → ready (file_path set) | failed (error).
 * The zip is a stored file of the course owner (it counts toward their storage); the newest per course and format
 * is kept, older ones and any older than 7 days are deleted by the hourly sweep.
 */
export const courseExports = pgTable(
  'course_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    format: text('format').notNull(),
    status: text('status').notNull().default('working'),
    progress: integer('progress').notNull().default(0),
    filePath: text('file_path'),
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('course_exports_course_idx').on(t.courseId, t.format, t.createdAt)],
);

export type CourseExportRow = typeof courseExports.$inferSelect;
