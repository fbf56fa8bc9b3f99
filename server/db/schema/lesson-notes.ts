import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { GlossaryEntry, SummaryLine } from '../../../common/contracts/lesson-notes';
import { courseVideos } from './courses';

/**
 * A lesson's summary and glossary for its students (issue 37, item 3). Drafted from the lesson's text; drafted
 * again when that text changes (`sourceHash`), unless the teacher edited them (then kept, and marked stale).
 */
export const lessonNotes = pgTable('lesson_notes', {
  videoId: uuid('video_id')
    .primaryKey()
    .references(() => courseVideos.id, { onDelete: 'cascade' }),
  /** The hash of the lesson text the notes were drafted from or edited against. */
  sourceHash: text('source_hash').notNull(),
  summary: jsonb('summary').$type<SummaryLine[]>().notNull(),
  glossary: jsonb('glossary').$type<GlossaryEntry[]>().notNull(),
  edited: boolean('edited').notNull().default(false),
  summaryHidden: boolean('summary_hidden').notNull().default(false),
  glossaryHidden: boolean('glossary_hidden').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LessonNotesRow = typeof lessonNotes.$inferSelect;
