import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { LtiFailure } from '../../../common/contracts/lti';
import { emailDomain } from '../../../common/contracts/sso';
import {
  ltiIdentities,
  ltiPlatforms,
  ltiStates,
  ssoDomains,
  ssoProviders,
  users,
} from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { hashLinkToken } from '../../http/tokens';
import { assertSeat } from '../people/invites';
import { startTrial } from '../plans/trials';
import { issuerUrlProblem } from '../sso/issuer-client';
import { issueTicket } from '../sso/sign-in';
import { type PlatformRow, trimSlash } from './registrations';

/**
 * LTI 1.3 launches as the 1EdTech Security Framework (v1.0, §5.1) and LTI Core (v1.3, §5) describe them
 * (decision 074): the platform starts an OpenID Connect third-party initiated login, Gurukul answers with an
 * authentication request carrying a state and a nonce it keeps itself (no cookie: the launch runs in the LMS's
 * frame, where third-party cookies are blocked), and the platform posts back an id_token, checked here claim by
 * claim. Each refusal has its own reason.
 */
export class LaunchRefused extends Error {
  constructor(
    readonly reason: LtiFailure,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const STATE_LIFETIME_MS = 10 * 60 * 1000;
const CLOCK_TOLERANCE_S = 30;

export interface LoginParams {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
}

/** Which registration a login or launch is for: its issuer, and its client id when the platform sends one. */
async function platformFor(app: App, issuer: string, clientId: string | undefined): Promise<PlatformRow> {
  const rows = await app.db
    .select()
    .from(ltiPlatforms)
    .where(eq(ltiPlatforms.issuer, trimSlash(issuer)));
  if (rows.length === 0)
    throw new LaunchRefused('lti-unknown-issuer', `no platform is registered with issuer ${issuer}`);
  const row = clientId
    ? rows.find((candidate) => candidate.clientId === clientId)
    : rows.length === 1
      ? rows[0]
      : undefined;
  if (!row) {
    throw new LaunchRefused(
      'lti-unknown-client',
      `issuer ${issuer} has no registration with client id ${clientId ?? '(none sent)'}`,
    );
  }
  return row;
}

/** A target inside Gurukul (what the launch opens); anything else is refused. */
function ownTarget(app: App, target: string | undefined): string {
  if (!target) throw new LaunchRefused('lti-target', 'no target_link_uri');
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new LaunchRefused('lti-target', `target_link_uri ${target} is not a URL`);
  }
  if (url.origin !== new URL(app.config.publicUrl).origin) {
    throw new LaunchRefused('lti-target', `target_link_uri ${target} is not on ${app.config.publicUrl}`);
  }
  return url.pathname + url.search;
}

/** Third-party initiated login: the authentication request to send the browser to. */
export async function loginRedirect(app: App, params: LoginParams): Promise<string> {
  if (!params.iss || !params.login_hint)
    throw new LaunchRefused('lti-claims', 'iss and login_hint are required');
  const platform = await platformFor(app, params.iss, params.client_id);
  if (params.lti_deployment_id && !platform.deploymentIds.includes(params.lti_deployment_id)) {
    throw new LaunchRefused('lti-deployment', `deployment ${params.lti_deployment_id} is not registered`);
  }
  ownTarget(app, params.target_link_uri);
  const state = randomBytes(24).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  await app.db.insert(ltiStates).values({
    stateHash: hashLinkToken(state),
    platformId: platform.id,
    nonce,
    expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
  });
  const url = new URL(platform.loginUrl);
  const query: Record<string, string | undefined> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: `${app.config.publicUrl}/api/lti/launch`,
    login_hint: params.login_hint,
    lti_message_hint: params.lti_message_hint,
    state,
    nonce,
  };
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}

// A platform's keyset, fetched when a token names a key not yet seen and kept by jose (cooldown 30 s).
const keysets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keysetOf(app: App, platform: PlatformRow) {
  const problem = issuerUrlProblem(platform.keysetUrl, app.config.sso.allowHttpIssuers);
  if (problem) throw new LaunchRefused('lti-keyset', `${platform.keysetUrl}: ${problem}`);
  let keyset = keysets.get(platform.keysetUrl);
  if (!keyset) {
    keyset = createRemoteJWKSet(new URL(platform.keysetUrl), { timeoutDuration: 5000 });
    keysets.set(platform.keysetUrl, keyset);
  }
  return keyset;
}

/** The id_token's signature, issuer, audience and times, each failure as the reason an LMS admin can act on. */
async function verifiedClaims(app: App, platform: PlatformRow, idToken: string): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(idToken, keysetOf(app, platform), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'PS256'],
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['iat', 'exp', 'sub', 'nonce'],
      // Issued at most ten minutes ago (Security Framework §5.1.3 step 7: "a tool MAY reject … iat too far away").
      maxTokenAge: 600,
    });
    // jose checks an iat only against the past; one from the future is a platform whose clock runs ahead.
    if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + CLOCK_TOLERANCE_S) {
      throw new LaunchRefused(
        'lti-clock',
        `iat ${payload.iat} is in the future: the platform's clock runs ahead`,
      );
    }
    return payload;
  } catch (error) {
    throw refusalOf(error, platform);
  }
}

function refusalOf(error: unknown, platform: PlatformRow): LaunchRefused {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof LaunchRefused) return error;
  if (error instanceof joseErrors.JWTExpired) return new LaunchRefused('lti-clock', detail);
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return new LaunchRefused('lti-audience', detail);
    if (error.claim === 'iat' || error.claim === 'nbf' || error.claim === 'exp')
      return new LaunchRefused('lti-clock', detail);
    return new LaunchRefused('lti-claims', detail);
  }
  if (
    error instanceof joseErrors.JWKSNoMatchingKey ||
    error instanceof joseErrors.JWSSignatureVerificationFailed
  ) {
    return new LaunchRefused('lti-signature', detail);
  }
  if (
    error instanceof joseErrors.JWKSTimeout ||
    error instanceof joseErrors.JWKSInvalid ||
    error instanceof TypeError ||
    (error instanceof Error &&
      /fetch|ECONNREFUSED|Expected 200 OK/u.test(`${error.message} ${error.cause ?? ''}`))
  ) {
    return new LaunchRefused('lti-keyset', `${platform.keysetUrl}: ${detail}`);
  }
  return new LaunchRefused('lti-signature', detail);
}

/** An id the launch names — a query parameter of its target, or a value of its custom claim — when it is a uuid. */
export function launchedId(
  launch: Launch,
  name: string,
  from: 'target' | 'custom' = 'target',
): string | null {
  const value =
    from === 'target'
      ? new URL(launch.target, 'http://gurukul.invalid').searchParams.get(name)
      : (launch.claims[`${LTI}custom`] as Record<string, unknown> | undefined)?.[name];
  return z.uuid().safeParse(value).success ? (value as string) : null;
}

const INSTRUCTOR_ROLES =
  /(membership#(Instructor|ContentDeveloper|Mentor)|membership\/Instructor#TeachingAssistant|institution\/person#(Faculty|Instructor))$/u;

export interface Launch {
  platform: PlatformRow;
  claims: JWTPayload;
  messageType: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
  target: string;
  userId: string;
  /** Launched in an instructor's role (a teacher's account). */
  instructor: boolean;
}

/**
 * The launch's id_token, posted by the browser from the platform: the state is used up first (a replayed post or
 * another launch's state finds none), then the token is checked and the person's account found or made.
 */
export async function acceptLaunch(app: App, body: { id_token?: string; state?: string }): Promise<Launch> {
  if (!body.state || !body.id_token)
    throw new LaunchRefused('lti-state', 'the post carries no state or id_token');
  const [state] = await app.db
    .update(ltiStates)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(ltiStates.stateHash, hashLinkToken(body.state)),
        isNull(ltiStates.usedAt),
        gt(ltiStates.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!state)
    throw new LaunchRefused(
      'lti-state',
      'no launch waits for this state (used, expired or never started here)',
    );
  const platform = await app.db.query.ltiPlatforms.findFirst({
    where: eq(ltiPlatforms.id, state.platformId),
  });
  if (!platform)
    throw new LaunchRefused('lti-unknown-client', 'the registration was removed during the launch');
  const claims = await verifiedClaims(app, platform, body.id_token);
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== platform.clientId) {
    throw new LaunchRefused('lti-audience', `azp ${String(claims.azp)} is not ${platform.clientId}`);
  }
  if (claims.nonce !== state.nonce)
    throw new LaunchRefused('lti-nonce', 'the nonce is not the one this launch sent');
  const deployment = claims[`${LTI}deployment_id`];
  if (typeof deployment !== 'string' || !platform.deploymentIds.includes(deployment)) {
    throw new LaunchRefused(
      'lti-deployment',
      `deployment ${String(deployment)} is not registered for ${platform.name}`,
    );
  }
  const messageType = claims[`${LTI}message_type`];
  if (messageType !== 'LtiResourceLinkRequest' && messageType !== 'LtiDeepLinkingRequest') {
    throw new LaunchRefused(
      'lti-message-type',
      `message type ${String(messageType)} is not one Gurukul accepts`,
    );
  }
  if (claims[`${LTI}version`] !== '1.3.0') {
    throw new LaunchRefused('lti-version', `version ${String(claims[`${LTI}version`])} is not 1.3.0`);
  }
  const roles = claims[`${LTI}roles`];
  if (!Array.isArray(roles)) throw new LaunchRefused('lti-claims', 'the roles claim is missing');
  if (messageType === 'LtiResourceLinkRequest') {
    const link = claims[`${LTI}resource_link`] as { id?: unknown } | undefined;
    if (typeof link?.id !== 'string' || !link.id)
      throw new LaunchRefused('lti-claims', 'the resource_link id is missing');
  }
  const target = ownTarget(app, claims[`${LTI}target_link_uri`] as string | undefined);
  const instructor = roles.some((role) => typeof role === 'string' && INSTRUCTOR_ROLES.test(role));
  if (messageType === 'LtiDeepLinkingRequest' && !instructor) {
    throw new LaunchRefused('lti-role', 'only an instructor may place Gurukul content (Deep Linking)');
  }
  const userId = await accountFor(app, platform, claims, instructor ? 'teacher' : 'student');
  return { platform, claims, messageType, target, userId, instructor };
}

/**
 * The account a platform's user id is: the one it launched before; or, the first time, a new account in the
 * registering institute (Learner → student, Instructor → teacher), or — when its e-mail already has an account of
 * that institute and role — that account. An e-mail's account elsewhere is never taken over by a launch.
 */
export async function accountFor(
  app: App,
  platform: PlatformRow,
  claims: JWTPayload,
  userType: 'student' | 'teacher',
): Promise<string> {
  const subject = String(claims.sub);
  const [known] = await app.db
    .select({ user: users })
    .from(ltiIdentities)
    .innerJoin(users, eq(users.id, ltiIdentities.userId))
    .where(and(eq(ltiIdentities.platformId, platform.id), eq(ltiIdentities.subject, subject)));
  if (known) {
    if (!known.user.isActive || known.user.deletedAt)
      throw new LaunchRefused('lti-account', 'the account is deactivated');
    return known.user.id;
  }
  const given =
    typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : null;
  // A new account keeps the platform's e-mail only at a domain the institute has shown is its own (decision 073
  // "Whose domains"); otherwise an LMS could take any address — anyone's — for an account of its making. Without
  // one, the person gets an address of their own that cannot receive mail.
  const owned = given !== null && (await institutesDomain(app, platform.ownerId, given));
  const madeUp = `lti-${hashLinkToken(`${platform.id}:${subject}`).slice(0, 20)}@${new URL(platform.issuer).hostname}.invalid`;
  const email = owned && given ? given : madeUp;
  // An account of that e-mail already in the institute, in the same role, is the person (the institute holds it).
  const existing = await app.db.query.users.findFirst({
    where: sql`lower(${users.email}) = ${given ?? madeUp}`,
  });
  let userId: string;
  if (existing) {
    if (!platform.ownerId || existing.instituteId !== platform.ownerId || existing.userType !== userType) {
      throw new LaunchRefused(
        'lti-account',
        `${email} already has a Gurukul account that is not a ${userType} of the institute that registered ${platform.name}`,
      );
    }
    userId = existing.id;
  } else {
    if (platform.ownerId) {
      await assertSeat(
        app,
        { userId: platform.ownerId, userType: 'institute', instituteId: null },
        userType,
      ).catch((error: unknown) => {
        throw new LaunchRefused('lti-no-seat', error instanceof Error ? error.message : 'no seat left');
      });
    }
    const name = [claims.name, [claims.given_name, claims.family_name].filter(Boolean).join(' ')].find(
      (value) => typeof value === 'string' && value.trim(),
    ) as string | undefined;
    userId = await app.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: '',
          fullName: (name ?? email.slice(0, email.indexOf('@'))).trim().slice(0, 100),
          userType,
          instituteId: platform.ownerId,
          emailVerifiedAt: owned ? new Date() : null,
        })
        .returning();
      // A teacher of no institute (a platform-wide registration) holds a plan of their own, as a sign-up does.
      if (userType === 'teacher' && !platform.ownerId) await startTrial(tx, created.id, 'teacher');
      return created.id;
    });
  }
  await app.db
    .insert(ltiIdentities)
    .values({ platformId: platform.id, subject, userId })
    .onConflictDoNothing();
  return userId;
}

/** Whether `email` is at one of the domains the institute signs in with its own issuer (and so has shown it owns). */
async function institutesDomain(app: App, instituteId: string | null, email: string): Promise<boolean> {
  if (!instituteId) return false;
  const domain = emailDomain(email);
  const [row] = await app.db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomains.providerId))
    .where(and(eq(ssoProviders.instituteId, instituteId), eq(ssoDomains.domain, domain)));
  return Boolean(row);
}

/** The ticket the /sso page trades for the session, and where it then goes. */
export async function ticketForLaunch(app: App, launch: Launch): Promise<string> {
  return issueTicket(
    app,
    'session',
    launch.userId,
    { iss: launch.platform.issuer, sub: String(launch.claims.sub) },
    false,
  );
}
