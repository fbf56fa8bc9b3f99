import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MessageValues } from '../../../common/i18n/catalog';
import type { QuestionDraftContent } from '../../../common/question-drafts';
import { courses, courseVideos } from './courses';
import { quizQuestions, quizzes } from './quizzes';
import { users } from './users';

/** One drafting run of a quiz (issue 37, decision 080): queued → running → done | failed, with its progress. */
export const questionDraftRuns = pgTable(
  'question_draft_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id').references(() => courseVideos.id, { onDelete: 'set null' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    count: integer('count').notNull(),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    made: integer('made').notNull().default(0),
    /** Why it failed or made nothing: a server text key, shown in the reader's language. */
    messageKey: text('message_key'),
    messageValues: jsonb('message_values').$type<MessageValues>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('question_draft_runs_quiz_idx').on(t.quizId, t.createdAt)],
);

/** A drafted question: offered until the teacher accepts (then `questionId`) or rejects it (then never again). */
export const questionDrafts = pgTable(
  'question_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').references(() => questionDraftRuns.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    /** 'offered' | 'accepted' | 'rejected' | 'replaced' (regenerated: not a judgement, offered again later). */
    status: text('status').notNull().default('offered'),
    content: jsonb('content').$type<QuestionDraftContent>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    rewritten: boolean('rewritten').notNull().default(false),
    rejectReason: text('reject_reason'),
    questionId: uuid('question_id').references(() => quizQuestions.id, { onDelete: 'set null' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('question_drafts_quiz_idx').on(t.quizId, t.status, t.position),
    index('question_drafts_fingerprint_idx').on(t.courseId, t.fingerprint),
  ],
);
