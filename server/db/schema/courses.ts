import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LibraryCue } from '../../../common/library';
import type { WatchRange } from '../../../common/watch-ranges';
import { courseLibraries } from './library';
import { users } from './users';

/**
 * A course as its author is editing it (the working version). approval_status is the state of that
 * version: DRAFT → PENDING → APPROVED | REJECTED; editing an approved course → PENDING_REAPPROVAL.
 * approved_snapshot is what students see: it is written when an admin approves and stays live while a
 * newer version waits for approval.
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    level: text('level').notNull().default(''),
    language: text('language').notNull().default(''),
    thumbnailPath: text('thumbnail_path'),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('INR'),
    passingScore: integer('passing_score').notNull().default(0),
    approvalStatus: text('approval_status').notNull().default('DRAFT'),
    reviewComment: text('review_comment'),
    reviewedBy: uuid('reviewed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    approvedSnapshot: jsonb('approved_snapshot'),
    shareToken: text('share_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courses_approval_idx').on(t.approvalStatus),
    index('courses_owner_idx').on(t.ownerId),
    uniqueIndex('courses_share_token_unique').on(t.shareToken),
  ],
);

/** Lesson and preview videos; processing_status follows the packaging job. */
export const courseVideos = pgTable(
  'course_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('lesson'),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    sourcePath: text('source_path'),
    hlsPath: text('hls_path'),
    posterPath: text('poster_path'),
    captionsPath: text('captions_path'),
    durationSeconds: real('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    processingStatus: text('processing_status').notNull().default('processing'),
    processingProgress: integer('processing_progress').notNull().default(0),
    processingError: text('processing_error'),
    /**
     * A lesson chosen from a course library: the library it came from and, copied when it was chosen, where
     * each segment sits in this video (guru training cites the slide and moment). The video is a copy, so a
     * later regeneration of the library does not change a lesson students are watching.
     */
    libraryId: uuid('library_id').references(() => courseLibraries.id, { onDelete: 'set null' }),
    libraryCues: jsonb('library_cues').$type<LibraryCue[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_videos_course_idx').on(t.courseId, t.kind, t.position)],
);

export const courseFaqs = pgTable(
  'course_faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('course_faqs_course_idx').on(t.courseId)],
);

export const courseMaterials = pgTable(
  'course_materials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    filePath: text('file_path').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_materials_course_idx').on(t.courseId)],
);

export const courseSubscriptions = pgTable(
  'course_subscriptions',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('course_subscriptions_user_idx').on(t.userId),
    // Insights: courses with new subscribers since their last refresh.
    index('course_subscriptions_course_created_idx').on(t.courseId, t.createdAt),
  ],
);

/** Where a learner is in a video, and which parts of it they have watched. */
export const videoProgress = pgTable(
  'video_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => courseVideos.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull().default(0),
    /** Seconds actually watched: the length of watched_ranges (see common/watch-ranges.ts). */
    watchedSeconds: real('watched_seconds').notNull().default(0),
    watchedRanges: jsonb('watched_ranges').$type<WatchRange[]>().notNull().default([]),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    // Learners active this week (admin dashboard).
    index('video_progress_updated_idx').on(t.updatedAt, t.userId),
    // Insights: a lesson's viewers, and courses watched since their last refresh.
    index('video_progress_video_updated_idx').on(t.videoId, t.updatedAt),
  ],
);

export type CourseRow = typeof courses.$inferSelect;
export type CourseVideoRow = typeof courseVideos.$inferSelect;
