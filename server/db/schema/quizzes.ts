import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnswerResponse, PaperQuestion, QuestionImage, QuestionOption } from '../../../common/quizzes';
import { courses, courseVideos } from './courses';
import { users } from './users';

/**
 * A quiz of a course, as its author is editing it (the working version). Students take the version in the
 * course's approved snapshot; editing a quiz counts as editing the course (see docs/decisions/010).
 */
export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    /** 0 = no time limit. */
    timeLimitMinutes: integer('time_limit_minutes').notNull().default(0),
    /** 0 = unlimited attempts. */
    attemptsAllowed: integer('attempts_allowed').notNull().default(1),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** 'one' question at a time or 'all' at once. */
    displayMode: text('display_mode').notNull().default('one'),
    /** Percentage of the maximum score needed to pass (0-100). */
    passPercent: integer('pass_percent').notNull().default(50),
    position: integer('position').notNull().default(0),
    /**
     * Set when an author deletes a quiz that students have attempted or that the approved version still
     * shows: it disappears from the working version but stays for the live version and attempt history.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quizzes_course_idx').on(t.courseId, t.position)],
);

/**
 * One question. single, multiple and true_false are answered by choosing options (options carry `correct`);
 * short answers are compared with accepted_answers ignoring case and spacing; long and file answers are
 * marked by hand. video_id/video_seconds point at the course video moment that teaches the question.
 */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    type: text('type').notNull(),
    prompt: text('prompt').notNull(),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    acceptedAnswers: jsonb('accepted_answers').$type<string[]>().notNull().default([]),
    marks: real('marks').notNull().default(1),
    negativeMarks: real('negative_marks').notNull().default(0),
    explanation: text('explanation').notNull().default(''),
    videoId: uuid('video_id').references(() => courseVideos.id, { onDelete: 'set null' }),
    videoSeconds: real('video_seconds'),
    /** Pictures shown with the prompt (stored files), in order: questions imported from a bank keep theirs. */
    images: jsonb('images').$type<QuestionImage[]>().notNull().default([]),
    /** The bank's categories and tags, kept so a teacher can tell imported questions apart. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quiz_questions_quiz_idx').on(t.quizId, t.position)],
);

/**
 * One student's attempt. `paper` freezes the questions as given (order, option order, correct answers,
 * marks) so later edits to the quiz never change an attempt or its result; it never leaves the server
 * with the answers in it before submission. status: in_progress → submitted (waiting for marking) → marked;
 * an attempt with nothing to mark by hand goes straight to marked.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status').notNull().default('in_progress'),
    quizTitle: text('quiz_title').notNull(),
    displayMode: text('display_mode').notNull().default('one'),
    passPercent: integer('pass_percent').notNull(),
    paper: jsonb('paper').$type<PaperQuestion[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null when the quiz has no time limit. The server refuses answers after it. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set at submission (auto-graded part) and again when marking completes. */
    score: real('score'),
    maxScore: real('max_score').notNull(),
    passed: boolean('passed'),
  },
  (t) => [
    index('quiz_attempts_user_idx').on(t.userId, t.startedAt),
    // Learners active this week (admin dashboard), over a million attempts.
    index('quiz_attempts_started_idx').on(t.startedAt, t.userId),
    index('quiz_attempts_course_idx').on(t.courseId, t.status),
    // Insights: courses with answers submitted or marked since their last refresh.
    index('quiz_attempts_course_finished_idx').on(t.courseId, sql`greatest(${t.submittedAt}, ${t.markedAt})`),
    uniqueIndex('quiz_attempts_number_unique').on(t.quizId, t.userId, t.number),
    // At most one open attempt per student and quiz: a double click on "Start" cannot open two.
    uniqueIndex('quiz_attempts_one_open').on(t.quizId, t.userId).where(sql`${t.status} = 'in_progress'`),
  ],
);

/** A student's answer to one question of an attempt, saved as it is given. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull(),
    response: jsonb('response').$type<AnswerResponse>().notNull(),
    /** File answers: the stored file's key. */
    filePath: text('file_path'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** Auto-graded score, or the marker's score; null while waiting for marking. */
    score: real('score'),
    feedback: text('feedback'),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    // Insights read a question's answers (right rates, wrong options).
    index('quiz_answers_question_idx').on(t.questionId),
  ],
);

export type QuizRow = typeof quizzes.$inferSelect;
export type QuizQuestionRow = typeof quizQuestions.$inferSelect;
export type QuizAttemptRow = typeof quizAttempts.$inferSelect;
export type QuizAnswerRow = typeof quizAnswers.$inferSelect;
