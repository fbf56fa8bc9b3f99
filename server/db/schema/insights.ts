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
  uuid,
} from 'drizzle-orm/pg-core';
import type { WatchRange } from '../../../common/watch-ranges';
import { courses, courseVideos } from './courses';
import { guruQuestions, gurus } from './gurus';
import { users } from './users';

/**
 * Teacher insights (docs/decisions/042-teacher-insights.md): figures per course computed by the
 * 'insights-refresh' job from the raw tables (questions to gurus, quiz answers, watch progress) and read as they
 * are by the insights page, so a page load never scans raw rows. Every refresh replaces a course's rows in one
 * transaction.
 */
export const insightCourses = pgTable('insight_courses', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  students: integer('students').notNull().default(0),
  questionsTotal: integer('questions_total').notNull().default(0),
  questionsThisWeek: integer('questions_this_week').notNull().default(0),
  questionsLastWeek: integer('questions_last_week').notNull().default(0),
  unansweredTotal: integer('unanswered_total').notNull().default(0),
  /** Questions whose answer leaned on a moment, every moment counted (insight_moments keeps the top 12). */
  momentAsks: integer('moment_asks').notNull().default(0),
  /** When the figures were read (the refresh's start): activity after it queues the next refresh. */
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  /** When a refresh was last asked for: later than refreshedAt means one is queued or running. */
  requestedAt: timestamp('requested_at', { withTimezone: true }),
  /** How long the last refresh took, for the logs and the bench. */
  refreshMs: integer('refresh_ms'),
});

/** The most asked moments of a course (top 12), rank 1 first. `key` is InsightMoment.key. */
export const insightMoments = pgTable(
  'insight_moments',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    rank: integer('rank').notNull(),
    guruId: uuid('guru_id')
      .notNull()
      .references(() => gurus.id, { onDelete: 'cascade' }),
    guruName: text('guru_name').notNull(),
    /** 'video' | 'slide' | 'material' | 'faq' */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    heading: text('heading'),
    videoId: uuid('video_id'),
    startSeconds: real('start_seconds'),
    slide: integer('slide'),
    materialId: uuid('material_id'),
    page: integer('page'),
    asks: integer('asks').notNull(),
    thisWeek: integer('this_week').notNull(),
    lastWeek: integer('last_week').notNull(),
    examples: jsonb('examples').$type<string[]>().notNull().default([]),
    libraryId: uuid('library_id'),
    strugglingStudents: integer('struggling_students').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.key] })],
);

/** Asks per stretch (lessonStretchSeconds, whole seconds) of each lesson of a course: the heat strip. */
export const insightLessonHeat = pgTable(
  'insight_lesson_heat',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    bucketSeconds: integer('bucket_seconds').notNull(),
    buckets: integer('buckets').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.videoId] })],
);

/** Questions a guru of the course could not answer, grouped by a shared term. `key` is UnansweredGroup.key. */
export const insightUnansweredGroups = pgTable(
  'insight_unanswered_groups',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    rank: integer('rank').notNull(),
    guruId: uuid('guru_id')
      .notNull()
      .references(() => gurus.id, { onDelete: 'cascade' }),
    guruName: text('guru_name').notNull(),
    /** The term the group was made by (its questions all hold it); fixes are recorded against it. */
    term: text('term').notNull(),
    terms: text('terms').array().notNull(),
    /** The question as students wrote it most often: the group's title. */
    wording: text('wording').notNull(),
    asks: integer('asks').notNull(),
    thisWeek: integer('this_week').notNull(),
    lastWeek: integer('last_week').notNull(),
    examples: jsonb('examples').$type<string[]>().notNull().default([]),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull(),
    fixedAt: timestamp('fixed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.key] }),
    // Adding an FAQ from a group marks that group done on every course of the guru at once.
    index('insight_unanswered_groups_guru_idx').on(t.guruId, t.term),
  ],
);

/** The quiz questions of a course answered wrong most often (top 15), rank 1 first. */
export const insightQuizQuestions = pgTable(
  'insight_quiz_questions',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull(),
    rank: integer('rank').notNull(),
    quizId: uuid('quiz_id').notNull(),
    quizTitle: text('quiz_title').notNull(),
    prompt: text('prompt').notNull(),
    answers: integer('answers').notNull(),
    right: integer('right').notNull(),
    rightRate: real('right_rate').notNull(),
    wrongOptions: jsonb('wrong_options').$type<{ label: string; count: number }[]>().notNull().default([]),
    momentVideoId: uuid('moment_video_id'),
    momentTitle: text('moment_title'),
    momentSeconds: real('moment_seconds'),
    wrongAndAsked: integer('wrong_and_asked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.questionId] })],
);

/** How each lesson of a course is watched. */
export const insightViewing = pgTable(
  'insight_viewing',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    viewers: integer('viewers').notNull(),
    partSeconds: real('part_seconds').notNull(),
    parts: real('parts').array().notNull(),
    rewatched: jsonb('rewatched').$type<{ startSeconds: number; count: number }[]>().notNull().default([]),
    dropOffSeconds: real('drop_off_seconds'),
    dropOffShare: real('drop_off_share'),
    /** Viewers stopped at the drop-off part: what the weekly digest ranks drop-offs by. */
    dropOffViewers: integer('drop_off_viewers').notNull().default(0),
    completed: integer('completed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.videoId] })],
);

/**
 * Re-watches per stretch of a lesson (lessonStretchSeconds of its length), counted as progress is saved (learning's recordProgress):
 * incremental, so no refresh ever reads every learner's ranges again to find them.
 */
export const insightRewatchCounts = pgTable(
  'insight_rewatch_counts',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => courseVideos.id, { onDelete: 'cascade' }),
    /** The stretch's number from 0: startSeconds / lessonStretchSeconds(duration). */
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.bucket] })],
);

/**
 * What a learner's player last reported for a lesson (`video.played` since the player opened, merged): the
 * next report minus this is what was played since, so a range reported again is not taken for a re-watch.
 */
export const insightWatchReports = pgTable(
  'insight_watch_reports',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => courseVideos.id, { onDelete: 'cascade' }),
    reported: jsonb('reported').$type<WatchRange[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

/** An FAQ entry added from an unanswered group: questions of that group asked before fixedAt show as done. */
export const insightGroupFixes = pgTable(
  'insight_group_fixes',
  {
    guruId: uuid('guru_id')
      .notNull()
      .references(() => gurus.id, { onDelete: 'cascade' }),
    /** The group's term (insightUnansweredGroups.term). */
    term: text('term').notNull(),
    faqId: uuid('faq_id').references(() => guruQuestions.id, { onDelete: 'set null' }),
    fixedAt: timestamp('fixed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guruId, t.term] })],
);

/** The weekly digest setting; no row means on. */
export const insightDigestSettings = pgTable('insight_digest_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weeklyDigest: boolean('weekly_digest').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per person and ISO week once their digest was handled (claimed before the mail goes out, so two
 * servers or a restart never send it twice); `items` 0 means there was nothing to say and no mail went.
 */
export const insightDigests = pgTable(
  'insight_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO week, e.g. '2026-W48'. */
    week: text('week').notNull(),
    items: integer('items').notNull().default(0),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);
