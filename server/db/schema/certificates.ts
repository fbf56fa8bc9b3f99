import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { CertificateQuizRule, CertificateTemplate, IssuedContent } from '../../../common/certificates';
import { courses } from './courses';
import { users } from './users';

/**
 * A course's completion rules (issue 36, decision 079), saved by its author; a course without a row uses the
 * defaults (certificates/rules.ts). quizzes: null = every quiz of the live version at its own pass mark.
 */
export const certificateRules = pgTable('certificate_rules', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  lessonPercent: integer('lesson_percent').notNull().default(90),
  quizzes: jsonb('quizzes').$type<CertificateQuizRule[] | null>(),
  guruQuestions: integer('guru_questions').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How certificates look, by scope: `course:<id>`, `institute:<id>` or `teacher:<id>` (the nearest wins). */
export const certificateTemplates = pgTable('certificate_templates', {
  scope: text('scope').primaryKey(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  template: jsonb('template').$type<CertificateTemplate>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The moment the server found a learner had met a course's rules; recorded once, never from a client's claim. */
export const courseCompletions = pgTable(
  'course_completions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** The name a learner wants printed on their certificates (asked once; each certificate keeps its own copy). */
export const certificateNames = pgTable('certificate_names', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An issued certificate. Everything it prints is frozen in `content`, signed into `credential` (Open Badges 3.0);
 * course_id has no foreign key, so a certificate outlives its course. owner_id: the course's owner when issued.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').notNull(),
    ownerId: uuid('owner_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    content: jsonb('content').$type<IssuedContent>().notNull(),
    credential: jsonb('credential').$type<Record<string, unknown>>().notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('certificates_one_per_course').on(t.userId, t.courseId),
    index('certificates_course_idx').on(t.courseId, t.issuedAt),
  ],
);

/** The platform's Ed25519 keys; the private half AES-GCM encrypted (integrations/crypto.ts). */
export const certificateSigningKeys = pgTable(
  'certificate_signing_keys',
  {
    keyId: text('key_id').primaryKey(),
    publicKeyMultibase: text('public_key_multibase').notNull(),
    privateKeyEncrypted: text('private_key_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificate_signing_keys_one_current').on(sql`(true)`).where(sql`${t.retiredAt} is null`),
  ],
);

export type CertificateRow = typeof certificates.$inferSelect;
