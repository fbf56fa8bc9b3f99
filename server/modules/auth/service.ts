import { and, count, eq, gt, isNull, min, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginSchema, signUpSchema } from '../../../common/contracts/auth';
import { AUTH_MSG } from '../../../common/messages';
import { emailTokens, loginFailures, users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { mailText, sayTo } from '../../http/mail-text';
import { hashLinkToken, newLinkToken } from '../../http/tokens';
import { said } from '../../i18n/said';
import { startTrial } from '../plans/trials';
import { DECOY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords';
import { type DbOrTx, dropRevokedSockets, revokeAllSessions, startSession } from './sessions';
import { ssoRequiredBy } from './sso-required';

type LinkPurpose = 'verify-email' | 'reset-password';
const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  'verify-email': 48 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
};

export function findUserByEmail(app: App, email: string) {
  return app.db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email.toLowerCase()}` });
}

/** Creates the account and sends its verification link; returns the new account for what follows a sign-up. */
export async function signUp(
  app: App,
  input: z.output<typeof signUpSchema>,
): Promise<{ id: string; email: string; userType: string }> {
  if (await findUserByEmail(app, input.email))
    throw new AppError('CONFLICT', AUTH_MSG.emailTaken, { email: AUTH_MSG.emailTaken });
  const passwordHash = await hashPassword(input.password);
  const user = await app.db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          fullName: input.fullName,
          userType: input.userType,
          locale: input.locale ?? '',
        })
        .returning();
      if (input.userType === 'teacher' || input.userType === 'institute')
        await startTrial(tx, created.id, input.userType);
      return created;
    })
    .catch((error: unknown) => {
      // Two sign-ups for one address at once: the unique index decides, the loser gets the same 409.
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', AUTH_MSG.emailTaken, { email: AUTH_MSG.emailTaken });
      throw error;
    });
  await sendLink(app, user, 'verify-email');
  return { id: user.id, email: user.email, userType: user.userType };
}

/** Mails a single-use link; only the token's hash is kept. */
export async function sendLink(
  app: App,
  user: { id: string; email: string; fullName: string; locale?: string },
  purpose: LinkPurpose,
) {
  await mailLink(app, user, purpose, await createLink(app, app.db, user, purpose));
}

/** Stores a single-use link's token hash (in the caller's transaction, if any) and returns the link. */
export async function createLink(
  app: App,
  db: DbOrTx,
  user: { id: string },
  purpose: LinkPurpose,
): Promise<string> {
  const { token, hash } = newLinkToken();
  await db.insert(emailTokens).values({
    tokenHash: hash,
    userId: user.id,
    purpose,
    expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[purpose]),
  });
  return `${app.config.publicUrl}/${purpose}?token=${token}`;
}

/** Mails a link made by createLink. */
export async function mailLink(
  app: App,
  user: { email: string; fullName: string; locale?: string },
  purpose: LinkPurpose,
  link: string,
) {
  // In the recipient's language, as they chose it (decision 068); English when they never did.
  const say = sayTo(user);
  const kind = purpose === 'verify-email' ? 'verify' : 'reset';
  await app.mailer.send({
    to: user.email,
    subject: say(`mail.link.${kind}.subject`),
    text: mailText(say, user.fullName, [`${say(`mail.link.${kind}.body`)}\n${link}`, say('mail.ignore')]),
  });
}

/** Consumes a link token; throws TOKEN_INVALID when it is unknown, used, expired or for another purpose. */
async function consumeLink(app: App, token: string, purpose: LinkPurpose): Promise<string> {
  const [row] = await app.db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashLinkToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId });
  if (!row) throw new AppError('TOKEN_INVALID', AUTH_MSG.linkInvalid);
  return row.userId;
}

export async function verifyEmail(app: App, token: string): Promise<void> {
  const userId = await consumeLink(app, token, 'verify-email');
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}

export async function requestPasswordReset(app: App, email: string): Promise<void> {
  const user = await findUserByEmail(app, email);
  // The answer is the same whether or not the account exists, so it reveals nothing.
  if (user?.isActive) await sendLink(app, user, 'reset-password');
}

export async function resetPassword(app: App, token: string, newPassword: string): Promise<void> {
  const userId = await consumeLink(app, token, 'reset-password');
  const passwordHash = await hashPassword(newPassword);
  // Following the link proves the mailbox, so it also verifies the address.
  const revoked = await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId));
    return revokeAllSessions(tx, userId);
  });
  dropRevokedSockets(app, revoked, userId);
}

/**
 * Whether the failed logins in the window lock this e-mail and address, and if so for how many seconds: until
 * the oldest failure that counts leaves the window (app.config.loginFailures).
 */
async function loginLock(app: App, email: string, ip: string): Promise<number | null> {
  const limits = app.config.loginFailures;
  const since = new Date(Date.now() - limits.windowMs);
  const counted = (condition: SQL | undefined) =>
    app.db
      .select({ n: count(), oldest: min(loginFailures.at) })
      .from(loginFailures)
      .where(and(condition, gt(loginFailures.at, since)));
  const [[perAccount], [perAddress]] = await Promise.all([
    counted(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip))),
    counted(eq(loginFailures.ip, ip)),
  ]);
  const locked = [
    perAccount.n >= limits.perAccountAndAddress ? perAccount.oldest : null,
    perAddress.n >= limits.perAddress ? perAddress.oldest : null,
  ].filter((oldest): oldest is Date => oldest !== null);
  if (locked.length === 0) return null;
  const freeAt = Math.max(...locked.map((oldest) => oldest.getTime())) + limits.windowMs;
  return Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
}

/**
 * Checks the password and starts a session. Failures are counted per (e-mail, address) and per address,
 * never per account alone, so guessing from one place cannot lock the owner out from another.
 */
export async function login(
  app: App,
  input: z.output<typeof loginSchema>,
  ip: string,
  options: { linkingSignIn?: boolean } = {},
) {
  const lockedFor = await loginLock(app, input.email, ip);
  if (lockedFor !== null) {
    throw new AppError('RATE_LIMITED', AUTH_MSG.tooManyAttempts, undefined, lockedFor);
  }
  const user = await findUserByEmail(app, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await DECOY_HASH_PROMISE));
  if (!user || !ok) {
    await app.db.insert(loginFailures).values({ email: input.email, ip });
    throw new AppError('INVALID_CREDENTIALS', AUTH_MSG.invalidLogin);
  }
  if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE', AUTH_MSG.inactive);
  // Checked after the password, so it tells nothing to someone who does not know it. Linking a first single
  // sign-on to this account is the one password use that stays allowed (server/modules/sso/sign-in.ts).
  const requiredBy = options.linkingSignIn ? null : await ssoRequiredBy(app, user);
  if (requiredBy) throw new AppError('SSO_REQUIRED', said('server.auth.sso.required', requiredBy));
  if (!user.emailVerifiedAt) {
    await sendLink(app, user, 'verify-email');
    throw new AppError('EMAIL_NOT_VERIFIED', AUTH_MSG.notVerified);
  }
  await app.db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, input.email), eq(loginFailures.ip, ip)));
  // An admin's "Log in as" is not the person's own login, so only this path records it.
  await app.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return startSession(app.db, app.config.jwtSecret, user, { remember: input.isRemember });
}
