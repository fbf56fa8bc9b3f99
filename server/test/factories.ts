import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SessionAnswer } from '../../common/contracts/auth';
import type { UserType } from '../../common/roles';
import { plans, subscriptions, users } from '../db/schema/index';
import type { App } from '../http/app-type';
import { hashPassword } from '../modules/auth/passwords';

export const TEST_PASSWORD = 'Passw0rdOk';
const DAY_MS = 24 * 60 * 60 * 1000;
let passwordHash: Promise<string> | null = null;

export type PlanState = 'trial' | 'trial-ended' | 'paid' | 'paid-ended';

export interface BuildUserOptions {
  userType: UserType;
  email?: string;
  fullName?: string;
  instituteId?: string | null;
  verified?: boolean;
  /** For teachers and institutes; defaults to a running trial. */
  plan?: PlanState;
  /** For developers: granted by an admin (the default) or still waiting after sign-up. */
  developerAccess?: 'granted' | 'pending';
}

/** Inserts a user straight into the database, with a subscription for teachers and institutes. */
export async function buildUser(app: Pick<App, 'db'>, options: BuildUserOptions) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = options.email ?? `${options.userType}-${randomBytes(4).toString('hex')}@example.test`;
  const [user] = await app.db
    .insert(users)
    .values({
      email,
      fullName: options.fullName ?? `Test ${options.userType}`,
      userType: options.userType,
      passwordHash: await passwordHash,
      instituteId: options.instituteId ?? null,
      emailVerifiedAt: options.verified === false ? null : new Date(),
      developerAccessGrantedAt:
        options.userType === 'developer' && options.developerAccess !== 'pending' ? new Date() : null,
    })
    .returning();
  const ownsPlan =
    options.userType === 'institute' || (options.userType === 'teacher' && !options.instituteId);
  if (ownsPlan) {
    const plan = await app.db.query.plans.findFirst({ where: eq(plans.audience, options.userType) });
    if (!plan) throw new Error('template has no plans');
    const now = Date.now();
    const state = options.plan ?? 'trial';
    await app.db.insert(subscriptions).values({
      userId: user.id,
      planId: plan.id,
      status: state === 'paid' ? 'active' : state === 'paid-ended' ? 'ended' : 'trial',
      trialEndsAt:
        state === 'trial'
          ? new Date(now + 7 * DAY_MS)
          : state === 'trial-ended'
            ? new Date(now - DAY_MS)
            : null,
      currentPeriodEnd:
        state === 'paid'
          ? new Date(now + 30 * DAY_MS)
          : state === 'paid-ended'
            ? new Date(now - DAY_MS)
            : null,
    });
  }
  return user;
}

export interface LoginOptions {
  password?: string;
  isRemember?: boolean;
  /** The connecting address; a fresh one from nextRemoteAddress() when left out. */
  remoteAddress?: string;
}

let addressCounter = 0;

/**
 * A connecting address no earlier call has given: 10.0.0.1, 10.0.0.2, … Login and the other auth routes
 * have a budget per address (config.rateLimits.auth), so tests that log in often take a new address for
 * each call.
 */
export function nextRemoteAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** Posts to the real login endpoint and returns the raw response, whatever its status. */
export function loginRequest(app: App, email: string, options: LoginOptions = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: options.password ?? TEST_PASSWORD, isRemember: options.isRemember },
    remoteAddress: options.remoteAddress ?? nextRemoteAddress(),
  });
}

/** Logs in through the real endpoint and returns the answer; any status but 200 throws. */
export async function login(app: App, email: string, options: LoginOptions = {}): Promise<SessionAnswer> {
  const response = await loginRequest(app, email, options);
  if (response.statusCode !== 200)
    throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
  return response.json() as SessionAnswer;
}

/** The spec's Authorization header: a JSON value with the token and claims the server must ignore. */
export function authHeader(
  session: Pick<SessionAnswer, 'jwtToken' | 'userObj'>,
  claims: Record<string, unknown> = {},
) {
  return {
    authorization: JSON.stringify({
      jwtToken: session.jwtToken,
      userId: session.userObj.userId,
      userType: session.userObj.userType,
      planId: session.userObj.planId,
      trialEnded: false,
      subscriptionEnded: false,
      ...claims,
    }),
  };
}

/** Inserts a user and logs it in from a fresh address: the user, the session answer and its header. */
export async function buildAndLogin(app: App, options: BuildUserOptions) {
  const user = await buildUser(app, options);
  const session = await login(app, user.email);
  return { user, session, headers: authHeader(session) };
}

/**
 * Switches the account behind these headers to an interface language through the real route, PUT
 * /api/common/locale, so that what the test asks next is answered in it; any status but 200 throws. Tests of
 * that route itself (server/http/locale.test.ts) send the request by hand to read its refusals.
 */
export async function chooseLocale(
  app: App,
  headers: Record<string, string>,
  locale: 'en' | 'hi',
): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/common/locale',
    payload: { locale },
    headers,
  });
  if (response.statusCode !== 200)
    throw new Error(`choosing the locale ${locale} failed: ${response.statusCode} ${response.body}`);
}
