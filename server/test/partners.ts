import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { REFERRAL_COOKIE } from '../../common/contracts/partners';
import { referrals, users } from '../db/schema/index';
import type { App } from '../http/app-type';
import { ensureMainLink } from '../modules/partners/links';
import { type BuildUserOptions, buildUser, nextRemoteAddress, TEST_PASSWORD } from './factories';

/** A browser's user agent: the referral link ignores robots, and light-my-request's own looks like none. */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140 Safari/537.36';

/** GET /r/:code as a browser would follow it. */
export function followLink(
  app: App,
  code: string,
  options: { to?: string; userAgent?: string; remoteAddress?: string } = {},
) {
  const query = options.to === undefined ? '' : `?to=${encodeURIComponent(options.to)}`;
  return app.inject({
    method: 'GET',
    url: `/r/${code}${query}`,
    headers: { 'user-agent': options.userAgent ?? BROWSER },
    remoteAddress: options.remoteAddress ?? nextRemoteAddress(),
  });
}

/** The attribution cookie's value a response sets ('' when it clears it), or undefined when it sets none. */
export function referralCookieOf(response: { headers: Record<string, unknown> }): string | undefined {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  const line = lines.find((candidate: string) => candidate.startsWith(`${REFERRAL_COOKIE}=`));
  return line?.slice(REFERRAL_COOKIE.length + 1).split(';')[0];
}

/** Signs up through the real endpoint with the attribution cookie (if any); returns the answer and the account. */
export async function signUpWithCookie(
  app: App,
  cookie: string | undefined,
  userType: 'teacher' | 'institute' | 'student' | 'partner' = 'student',
) {
  const email = `${userType}-${randomBytes(4).toString('hex')}@signup.test`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: cookie === undefined ? {} : { cookie: `theme=dark; ${REFERRAL_COOKIE}=${cookie}` },
    payload: {
      fullName: 'Nova Referred Person',
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      userType,
      terms: true,
    },
    remoteAddress: nextRemoteAddress(),
  });
  const user = await app.db.query.users.findFirst({ where: eq(users.email, email) });
  return { response, user };
}

/** A partner with their main link, straight in the database. */
export async function buildPartner(app: App, options: Partial<BuildUserOptions> = {}) {
  const partner = await buildUser(app, { userType: 'partner', ...options });
  const link = await ensureMainLink(app.db, partner.id);
  return { partner, link };
}

/** An account referred by `partnerId` (the referral row written as sign-up would, at `referredAt`). */
export async function buildReferred(
  app: App,
  partnerId: string,
  options: BuildUserOptions & { referredAt?: Date; linkId?: string },
) {
  const { referredAt, linkId, ...userOptions } = options;
  const user = await buildUser(app, userOptions);
  await app.db.insert(referrals).values({
    referredUserId: user.id,
    partnerId,
    linkId: linkId ?? null,
    createdAt: referredAt ?? new Date(),
  });
  return user;
}
