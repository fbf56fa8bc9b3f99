import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { storedFiles } from './common';
import { courses } from './courses';
import { users } from './users';

/**
 * A help request (SPEC §4 statuses open, inReview, resolved). `number` is what people quote ("ticket #1042");
 * the timestamps are the desk's SLA clock: first response and resolution are measured from `createdAt`.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull().default('normal'),
    status: text('status').notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where the requester was and with what browser, attached by the form (never typed by them). */
    context: jsonb('context').$type<{ route?: string; userAgent?: string }>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The latest message of either side: the queue's "updated". */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Since when the requester has been waiting for support (null: support spoke last or it is resolved). */
    waitingSince: timestamp('waiting_since', { withTimezone: true }).defaultNow(),
    /** The latest reply support wrote: newer than `requesterReadAt` marks the ticket unread for its requester. */
    lastStaffReplyAt: timestamp('last_staff_reply_at', { withTimezone: true }),
    requesterReadAt: timestamp('requester_read_at', { withTimezone: true }).notNull().defaultNow(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    rating: smallint('rating'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('support_tickets_number_unique').on(t.number),
    index('support_tickets_requester_idx').on(t.requesterId, t.lastMessageAt),
    // The desk's default view: unresolved tickets, longest waiting first.
    index('support_tickets_queue_idx').on(t.status, t.waitingSince),
    index('support_tickets_assignee_idx').on(t.assigneeId),
    index('support_tickets_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
  ],
);

/**
 * One entry of a ticket's thread: a `reply` (either side), an internal `note` (admins only, never sent to the
 * requester in any answer or event), or an `event` (a status, assignment or priority change, with who and when).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    body: text('body').notNull().default(''),
    /** For events: what changed, e.g. { field: 'status', from: 'open', to: 'resolved' }. */
    change: jsonb('change').$type<{ field: string; from: string | null; to: string | null }>(),
    // The wall clock, not the transaction's start: a reply and the changes it makes keep their order.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** A file sent with a message; uploaded first (messageId null), then attached when the message is sent. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => supportMessages.id, { onDelete: 'cascade' }),
    filePath: text('file_path')
      .notNull()
      .references(() => storedFiles.path, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    category: text('category').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_attachments_message_idx').on(t.messageId),
    index('support_attachments_owner_idx').on(t.ownerId),
  ],
);

/** Answers the desk reuses, written by admins. */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The desk's targets in hours, per priority (one row, id 1); the admin edits them on /support. */
export const supportSettings = pgTable('support_settings', {
  id: integer('id').primaryKey(),
  targets: jsonb('targets')
    .$type<Record<string, { firstResponseHours: number; resolutionHours: number }>>()
    .notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A student asks the teacher of a subscribed course for a meeting. `pending` waits for the teacher, `proposed`
 * for the student (the teacher offered another time), `accepted` has a time and a link; `declined` and
 * `cancelled` end it. One open (pending or proposed) request per student and course.
 */
export const meetingRequests = pgTable(
  'meeting_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The course's owner when asked: the teacher who answers (their institute may answer too). */
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('pending'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes'),
    meetingLink: text('meeting_link'),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meeting_requests_open_unique')
      .on(t.studentId, t.courseId)
      .where(sql`${t.status} in ('pending', 'proposed')`),
    index('meeting_requests_teacher_idx').on(t.teacherId, t.createdAt),
    index('meeting_requests_student_idx').on(t.studentId, t.createdAt),
  ],
);
