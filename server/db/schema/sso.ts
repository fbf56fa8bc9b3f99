import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An OpenID Connect issuer people may sign in with (issue 34, decision 073): Google or Microsoft, set by the admin
 * for the whole platform (institute null), or an institute's own issuer for its e-mail domains. The client secret
 * is AES-GCM ciphertext bound to the row (server/modules/integrations/crypto.ts).
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'google' | 'microsoft' (platform-wide) or 'oidc' (an institute's own issuer). */
    kind: text('kind').notNull(),
    instituteId: uuid('institute_id').references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    /** The institute's people may not log in with a password (their own institute account still may). */
    requireSso: boolean('require_sso').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_providers_platform_kind_unique').on(t.kind).where(sql`${t.instituteId} is null`),
    uniqueIndex('sso_providers_institute_unique').on(t.instituteId).where(sql`${t.instituteId} is not null`),
  ],
);

/** An e-mail domain an institute claims (lower case): one institute per domain, the database decides. */
export const ssoDomains = pgTable('sso_domains', {
  domain: text('domain').primaryKey(),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => ssoProviders.id, { onDelete: 'cascade' }),
});

/** The person an issuer's `sub` is: a second sign-in lands in the same account whatever its e-mail became. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_identities_subject_unique').on(t.issuer, t.subject),
    index('sso_identities_user_idx').on(t.userId),
  ],
);

/**
 * A sign-in on its way to the issuer: state (its hash), PKCE verifier and nonce kept here, not in the browser,
 * and bound to the browser that started it by a cookie's hash. Used once.
 */
export const ssoAttempts = pgTable('sso_attempts', {
  stateHash: text('state_hash').primaryKey(),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => ssoProviders.id, { onDelete: 'cascade' }),
  browserHash: text('browser_hash').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  remember: boolean('remember').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * What a finished sign-in hands the page (its hash): 'session' opens the account, 'link' asks once for the
 * password of the existing account with the same e-mail before the identity is linked to it. Used once.
 */
export const ssoTickets = pgTable('sso_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  kind: text('kind').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  remember: boolean('remember').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
