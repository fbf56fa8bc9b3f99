import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionAnswer } from '../../../common/contracts/auth';
import { emailDomain } from '../../../common/contracts/sso';
import { instituteInvites, ssoAttempts, ssoIdentities, ssoTickets, users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { hashLinkToken } from '../../http/tokens';
import { said } from '../../i18n/said';
import { login } from '../auth/service';
import { startSession } from '../auth/sessions';
import { assertSeat, markAccepted, pending } from '../people/invites';
import { authorizationStart, exchangeCode, type IdClaims, SignInRefused } from './issuer-client';
import { configurationOf, type ProviderRow, providerForDomain, redirectUriOf } from './providers';

const ATTEMPT_LIFETIME_MS = 10 * 60 * 1000;
/** The page exchanges its ticket at once; the link ticket waits while the person types their password. */
const TICKET_LIFETIME_MS = { session: 2 * 60 * 1000, link: 15 * 60 * 1000 } as const;

/**
 * Starts a sign-in: state, nonce and PKCE verifier kept server-side, bound to this browser by `browserToken`
 * (the caller sets it as a cookie). Returns where to send the browser.
 */
export async function startSignIn(
  app: App,
  provider: ProviderRow,
  options: { remember: boolean; loginHint?: string },
): Promise<{ url: string; browserToken: string }> {
  const config = await configurationOf(app, provider);
  const start = await authorizationStart(config, redirectUriOf(app), options.loginHint);
  const browserToken = randomBytes(24).toString('base64url');
  await app.db.insert(ssoAttempts).values({
    stateHash: hashLinkToken(start.state),
    providerId: provider.id,
    browserHash: hashLinkToken(browserToken),
    codeVerifier: start.codeVerifier,
    nonce: start.nonce,
    remember: options.remember,
    expiresAt: new Date(Date.now() + ATTEMPT_LIFETIME_MS),
  });
  return { url: start.url.href, browserToken };
}

export type SignInOutcome =
  | { kind: 'session'; ticket: string; remember: boolean }
  | { kind: 'link'; ticket: string; remember: boolean }
  | { kind: 'refused'; refusal: SignInRefused; provider: ProviderRow | null };

/**
 * The issuer sent the browser back. The attempt is used up first (a replayed or forged state finds none), the
 * code is traded and the id_token checked, then the person's account is found, linked or created.
 */
export async function finishSignIn(
  app: App,
  query: Record<string, string | undefined>,
  browserToken: string | undefined,
): Promise<SignInOutcome> {
  const state = query.state ?? '';
  const [attempt] = state
    ? await app.db
        .update(ssoAttempts)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(ssoAttempts.stateHash, hashLinkToken(state)),
            isNull(ssoAttempts.usedAt),
            gt(ssoAttempts.expiresAt, new Date()),
          ),
        )
        .returning()
    : [];
  if (!attempt) return refused('state', 'no sign-in waits for this state (used, expired or never started)');
  if (!browserToken || hashLinkToken(browserToken) !== attempt.browserHash) {
    return refused(
      'state',
      'the sign-in was started in another browser (its cookie is missing or different)',
    );
  }
  const provider = await app.db.query.ssoProviders.findFirst({
    where: (table, { eq: equals }) => equals(table.id, attempt.providerId),
  });
  if (!provider) return refused('not-set', 'the provider was removed during the sign-in');
  try {
    if (query.error) {
      throw new SignInRefused(
        query.error === 'access_denied' ? 'denied' : 'token',
        `${query.error}: ${query.error_description ?? ''}`,
      );
    }
    const callbackUrl = new URL(redirectUriOf(app));
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) callbackUrl.searchParams.set(key, value);
    const config = await configurationOf(app, provider);
    const claims = await exchangeCode(config, callbackUrl, {
      state,
      nonce: attempt.nonce,
      codeVerifier: attempt.codeVerifier,
    });
    return await accountFor(app, provider, claims, attempt.remember);
  } catch (error) {
    if (error instanceof SignInRefused) return { kind: 'refused', refusal: error, provider };
    throw error;
  }
}

function refused(reason: SignInRefused['reason'], detail: string): SignInOutcome {
  return { kind: 'refused', refusal: new SignInRefused(reason, detail), provider: null };
}

/** A one-use ticket the /sso page trades for a session (or, 'link', for linking after the password). */
export async function issueTicket(
  app: App,
  kind: 'session' | 'link',
  userId: string,
  claims: Pick<IdClaims, 'iss' | 'sub'>,
  remember: boolean,
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await app.db.insert(ssoTickets).values({
    ticketHash: hashLinkToken(ticket),
    kind,
    userId,
    issuer: claims.iss,
    subject: claims.sub,
    remember,
    expiresAt: new Date(Date.now() + TICKET_LIFETIME_MS[kind]),
  });
  return ticket;
}

/**
 * Who this identity is: the account it signed in before; or, for a new identity, the account with its verified
 * e-mail (linked only after that account's password, so a provider cannot take over an account it does not
 * own); or a new account in the right place.
 */
async function accountFor(
  app: App,
  provider: ProviderRow,
  claims: IdClaims,
  remember: boolean,
): Promise<SignInOutcome> {
  const known = await app.db
    .select({ user: users })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.issuer, claims.iss), eq(ssoIdentities.subject, claims.sub)));
  if (known[0]) {
    if (!known[0].user.isActive || known[0].user.deletedAt)
      throw new SignInRefused('inactive', 'the account is deactivated');
    return {
      kind: 'session',
      ticket: await issueTicket(app, 'session', known[0].user.id, claims, remember),
      remember,
    };
  }
  if (!claims.email)
    throw new SignInRefused('no-email', 'the id_token carries no e-mail (is the "email" scope allowed?)');
  const verified = claims.emailVerified || (provider.kind === 'microsoft' && claims.microsoftDomainVerified);
  if (!verified) {
    throw new SignInRefused('unverified-email', `email_verified is not true for ${claims.email}`);
  }
  const email = claims.email.toLowerCase();
  const domain = emailDomain(email);
  let instituteId = provider.instituteId;
  if (instituteId) {
    const own = await app.db.query.ssoDomains.findMany({
      where: (table, { eq: equals }) => equals(table.providerId, provider.id),
    });
    if (!own.some((row) => row.domain === domain)) {
      throw new SignInRefused(
        'wrong-domain',
        `${email}: ${domain} is not one of ${own.map((row) => row.domain).join(', ')}`,
      );
    }
  } else {
    instituteId = (await providerForDomain(app, domain))?.institute.id ?? null;
  }
  const existing = await app.db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email}` });
  if (existing) {
    if (!existing.isActive || existing.deletedAt)
      throw new SignInRefused('inactive', 'the account is deactivated');
    // A member the institute's own issuer signed in before it changed issuer (no password of their own): the
    // institute owns the domain (decision 073 "Whose domains"), so its new issuer speaks for them.
    if (
      provider.instituteId &&
      existing.instituteId === provider.instituteId &&
      existing.passwordHash === ''
    ) {
      await app.db
        .insert(ssoIdentities)
        .values({ userId: existing.id, issuer: claims.iss, subject: claims.sub });
      return {
        kind: 'session',
        ticket: await issueTicket(app, 'session', existing.id, claims, remember),
        remember,
      };
    }
    const ticket = await issueTicket(app, 'link', existing.id, claims, remember);
    return { kind: 'link', ticket, remember };
  }
  const created = await createAccount(app, { email, name: claims.name, instituteId });
  await app.db.insert(ssoIdentities).values({ userId: created.id, issuer: claims.iss, subject: claims.sub });
  return {
    kind: 'session',
    ticket: await issueTicket(app, 'session', created.id, claims, remember),
    remember,
  };
}

/**
 * A first sign-in's account: the role and institute of an invitation waiting for this address (the institute's
 * first), otherwise a student, of the institute that claims the domain if one does (a seat of its plan).
 */
async function createAccount(
  app: App,
  person: { email: string; name: string | null; instituteId: string | null },
) {
  const [invite] = await app.db
    .select()
    .from(instituteInvites)
    .where(and(sql`lower(${instituteInvites.email}) = ${person.email}`, pending(new Date())))
    .orderBy(
      person.instituteId
        ? desc(sql`${instituteInvites.instituteId} = ${person.instituteId}`)
        : desc(instituteInvites.createdAt),
      desc(instituteInvites.createdAt),
    )
    .limit(1);
  const userType = invite?.userType ?? 'student';
  const instituteId = invite?.instituteId ?? person.instituteId;
  if (instituteId && !invite) {
    await assertSeat(app, { userId: instituteId, userType: 'institute', instituteId: null }, 'student').catch(
      (error: unknown) => {
        throw new SignInRefused('no-seat', error instanceof Error ? error.message : 'no seat left');
      },
    );
  }
  const [created] = await app.db
    .insert(users)
    .values({
      email: person.email,
      // No password: the person signs in through the issuer (or sets one with "Forgot password").
      passwordHash: '',
      fullName: (person.name ?? invite?.fullName ?? person.email.slice(0, person.email.indexOf('@'))).slice(
        0,
        100,
      ),
      userType,
      instituteId,
      emailVerifiedAt: new Date(),
    })
    .returning();
  if (invite) await markAccepted(app, invite, created.id);
  return created;
}

/** Uses a ticket of `kind` once; null when it is unknown, used or expired. */
async function takeTicket(app: App, ticket: string, kind: 'session' | 'link') {
  const [row] = await app.db
    .update(ssoTickets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(ssoTickets.ticketHash, hashLinkToken(ticket)),
        eq(ssoTickets.kind, kind),
        isNull(ssoTickets.usedAt),
        gt(ssoTickets.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** The session a finished sign-in opens. */
export async function sessionForTicket(app: App, ticket: string): Promise<SessionAnswer> {
  const row = await takeTicket(app, ticket, 'session');
  if (!row) throw new AppError('TOKEN_INVALID', said('server.auth.sso.ticketInvalid'));
  const user = await app.db.query.users.findFirst({ where: eq(users.id, row.userId) });
  if (!user?.isActive || user.deletedAt)
    throw new AppError('ACCOUNT_INACTIVE', said('server.auth.sso.inactive'));
  await app.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return startSession(app.db, app.config.jwtSecret, user, { remember: row.remember });
}

/** The account an unused, unexpired ticket of `kind` is for, without using it up (else TOKEN_INVALID). */
async function peekTicket(app: App, ticket: string, kind: 'session' | 'link') {
  const [row] = await app.db
    .select({ userId: users.id, fullName: users.fullName, email: users.email })
    .from(ssoTickets)
    .innerJoin(users, eq(users.id, ssoTickets.userId))
    .where(
      and(
        eq(ssoTickets.ticketHash, hashLinkToken(ticket)),
        eq(ssoTickets.kind, kind),
        isNull(ssoTickets.usedAt),
        gt(ssoTickets.expiresAt, new Date()),
      ),
    );
  if (!row) throw new AppError('TOKEN_INVALID', said('server.auth.sso.ticketInvalid'));
  return row;
}

/**
 * Whose session a ticket opens: the page asks before a launch or sign-in replaces the session this browser
 * already holds with another account's (a ticket handed to someone else must not switch them silently into an
 * account of the sender's choosing).
 */
export async function sessionTicketAccount(
  app: App,
  ticket: string,
): Promise<{ userId: string; fullName: string }> {
  const { userId, fullName } = await peekTicket(app, ticket, 'session');
  return { userId, fullName };
}

/** The address a link ticket is for, so the page names it (never from its own address bar, which anyone can write). */
export async function linkTicketEmail(app: App, ticket: string): Promise<string> {
  return (await peekTicket(app, ticket, 'link')).email;
}

/**
 * Links the identity to the existing account with its e-mail once that account's password is given: the same
 * checks and failure counters as the login form. A wrong password leaves the ticket usable until it expires.
 */
export async function linkWithPassword(
  app: App,
  input: { ticket: string; password: string },
  ip: string,
): Promise<SessionAnswer> {
  const hash = hashLinkToken(input.ticket);
  const row = await app.db.query.ssoTickets.findFirst({
    where: and(
      eq(ssoTickets.ticketHash, hash),
      eq(ssoTickets.kind, 'link'),
      isNull(ssoTickets.usedAt),
      gt(ssoTickets.expiresAt, new Date()),
    ),
  });
  if (!row) throw new AppError('TOKEN_INVALID', said('server.auth.sso.ticketInvalid'));
  const user = await app.db.query.users.findFirst({ where: eq(users.id, row.userId) });
  if (!user) throw new AppError('TOKEN_INVALID', said('server.auth.sso.ticketInvalid'));
  const session = await login(
    app,
    { email: user.email, password: input.password, isRemember: row.remember },
    ip,
    {
      linkingSignIn: true,
    },
  );
  if (!(await takeTicket(app, input.ticket, 'link')))
    throw new AppError('TOKEN_INVALID', said('server.auth.sso.ticketInvalid'));
  await app.db
    .insert(ssoIdentities)
    .values({ userId: user.id, issuer: row.issuer, subject: row.subject })
    .onConflictDoNothing();
  return session;
}
