import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    userType: text('user_type').notNull(),
    instituteId: uuid('institute_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    isDarkTheme: boolean('is_dark_theme').notNull().default(false),
    themeColor: text('theme_color').notNull().default('indigo'),
    font: text('font').notNull().default('Lato'),
    /** The interface language the person chose (common/i18n/locales.ts); '' = never chose (decision 068). */
    locale: text('locale').notNull().default(''),
    profileImagePath: text('profile_image_path'),
    brandLogoPath: text('brand_logo_path'),
    // Developers read the outbox and logs only once an admin has granted it (a sign-up alone gives nothing).
    developerAccessGrantedAt: timestamp('developer_access_granted_at', { withTimezone: true }),
    /** Set on every successful login (people lists sort and filter by it). */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * When the person last learnt (saved progress or started a quiz), to the hour: the dashboard's "active this
     * week" reads one index instead of a week of attempts (modules/users/activity.ts).
     */
    lastLearnedAt: timestamp('last_learned_at', { withTimezone: true }),
    /** Why an admin deactivated the account (shown on its page; cleared on reactivation). */
    deactivationReason: text('deactivation_reason'),
    /** When a teacher or institute hid their finished getting-started checklist (decision 061). */
    gettingStartedDismissedAt: timestamp('getting_started_dismissed_at', { withTimezone: true }),
    /** Erased on request: personal data replaced, the row kept for invoices and payments (decision 030). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_institute_idx').on(t.instituteId, t.userType),
    // People lists: one role in each sort order, a page at a time, erased accounts left out (bench/people.ts,
    // 100,000 students). Last login has one index per direction, as never-logged-in sorts last both ways.
    index('users_type_created_idx').on(t.userType, t.createdAt).where(sql`${t.deletedAt} is null`),
    index('users_created_idx').on(t.createdAt),
    index('users_type_name_idx').on(t.userType, t.fullName).where(sql`${t.deletedAt} is null`),
    index('users_type_email_idx').on(t.userType, t.email).where(sql`${t.deletedAt} is null`),
    index('users_type_login_idx').on(t.userType, t.lastLoginAt).where(sql`${t.deletedAt} is null`),
    index('users_type_login_desc_idx')
      .on(t.userType, t.lastLoginAt.desc().nullsLast())
      .where(sql`${t.deletedAt} is null`),
    index('users_last_learned_idx').on(t.lastLearnedAt),
    // Counts by account state on every list page.
    index('users_type_active_idx').on(t.userType, t.isActive).where(sql`${t.deletedAt} is null`),
    // Search by any part of a name or an e-mail (ILIKE '%…%') through trigrams.
    index('users_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/**
 * An institute's invitation to a teacher or student, sent by e-mail. Accepting signs the person up bound to
 * the institute, or links their existing account. Only the token's hash is kept; one pending invitation per
 * address and institute.
 */
export const instituteInvites = pgTable(
  'institute_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instituteId: uuid('institute_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fullName: text('full_name').notNull().default(''),
    userType: text('user_type').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('institute_invites_token_unique').on(t.tokenHash),
    uniqueIndex('institute_invites_pending_unique')
      .on(t.instituteId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/** One row per issued token; revoking the row makes the JWT useless at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Set when an admin or institute switched into this account.
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // The sessions someone opened as others, ended with their right (decision 052).
    index('sessions_impersonator_idx').on(t.impersonatorId).where(sql`${t.impersonatorId} is not null`),
  ],
);

/** Single-use links sent by e-mail (verify e-mail, reset password); only the hash is stored. */
export const emailTokens = pgTable('email_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed logins per (e-mail, address) so an attacker elsewhere cannot lock a real user out. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.email, t.ip, t.at)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetId: uuid('target_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_target_idx').on(t.targetId, t.at)],
);
