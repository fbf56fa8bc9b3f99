import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { quizzes } from './quizzes';
import { users } from './users';

/**
 * LTI 1.3 (issue 34, decision 074). The tool's own signing keys: the newest unretired one signs, every one is
 * published in the keyset until removed, so a platform that cached an older key still verifies. The private key
 * is AES-GCM ciphertext bound to its kid (server/modules/integrations/crypto.ts).
 */
export const ltiToolKeys = pgTable(
  'lti_tool_keys',
  {
    kid: text('kid').primaryKey(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    privateJwkEncrypted: text('private_jwk_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  // One signing key at a time, whichever instance made it first.
  (t) => [uniqueIndex('lti_tool_keys_current_unique').on(sql`(true)`).where(sql`${t.retiredAt} is null`)],
);

/** A learning platform (Moodle, Canvas…) registered by an institute (owner) or the admin (owner null). */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    deploymentIds: text('deployment_ids').array().notNull(),
    loginUrl: text('login_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    keysetUrl: text('keyset_url').notNull(),
    /** Where the LMS's pages are, when not at the origins above (Canvas cloud): allowed to frame Gurukul. */
    siteUrl: text('site_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_platforms_client_unique').on(t.issuer, t.clientId),
    index('lti_platforms_owner_idx').on(t.ownerId),
  ],
);

/** A launch on its way: the state (its hash) and nonce sent with the authentication request, used once. */
export const ltiStates = pgTable('lti_states', {
  stateHash: text('state_hash').primaryKey(),
  platformId: uuid('platform_id')
    .notNull()
    .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** The Gurukul account a platform's user id is: every later launch of that person lands in it. */
export const ltiIdentities = pgTable(
  'lti_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_identities_subject_unique').on(t.platformId, t.subject),
    index('lti_identities_user_idx').on(t.userId),
  ],
);

/** A teacher's Deep Linking request from the LMS (Deep Linking 2.0 §4.4), kept until they pick content; used once. */
export const ltiDeepLinks = pgTable('lti_deep_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  platformId: uuid('platform_id')
    .notNull()
    .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  deploymentId: text('deployment_id').notNull(),
  returnUrl: text('return_url').notNull(),
  /** The platform's opaque `data`, returned as it came. */
  data: text('data'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A learner's launch of a quiz whose LMS link has a line item (Assignment and Grade Services 2.0): the quiz's
 * marked score is sent to that line item for that platform user id (decision 075).
 */
export const ltiGradeLinks = pgTable(
  'lti_grade_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    /** The platform's user id, the score's `userId`. */
    subject: text('subject').notNull(),
    lineItemUrl: text('line_item_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('lti_grade_links_unique').on(t.platformId, t.userId, t.quizId, t.lineItemUrl),
    index('lti_grade_links_learner_idx').on(t.userId, t.quizId),
  ],
);

/** An LMS course seen in a launch, with its roster URL (Names and Role Provisioning Services 2.0) when offered. */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    contextId: text('context_id').notNull(),
    title: text('title').notNull(),
    membershipsUrl: text('memberships_url'),
    lastLaunchAt: timestamp('last_launch_at', { withTimezone: true }).notNull().defaultNow(),
    rosterPulledAt: timestamp('roster_pulled_at', { withTimezone: true }),
    rosterAdded: integer('roster_added'),
  },
  (t) => [uniqueIndex('lti_contexts_unique').on(t.platformId, t.contextId)],
);
