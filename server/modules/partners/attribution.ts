import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { REFERRAL_MSG, type ReferralVisitResult } from '../../../common/contracts/partners';
import { referralClicks, referralLinks, referrals, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest, conflict, notFound } from '../../http/errors';
import { type Attribution, signAttribution, verifyAttribution } from './attribution-cookie';
import { ensureMainLink, linkByCode } from './links';
import { defaultRule } from './rules';

const DAY_MS = 24 * 60 * 60 * 1000;
const REPEAT_CLICK_MS = 30 * 60 * 1000;

/**
 * Obvious robots by user agent (decision 034): link previews and crawlers fetch shared links all day and must
 * not count as visits. A short list on purpose; a missing user agent counts as a robot too.
 */
const BOT_AGENT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|curl|wget|python|headless|httpclient/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

/** A keyed hash of address and browser: enough to tell repeat visits apart, never the address itself. */
export function visitorHash(secret: string, address: string, userAgent: string): string {
  return createHmac('sha256', secret)
    .update(`referral-visitor\n${address}\n${userAgent}`)
    .digest('base64url')
    .slice(0, 32);
}

const hasControlCharacter = (text: string) => [...text].some((char) => char.charCodeAt(0) < 32);

/** Only a path on this site, so a referral link is never an open redirect. */
export function safeLandingPath(to: string | undefined): string {
  if (!to?.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return '/';
  if (hasControlCharacter(to) || to.length > 500) return '/';
  return to;
}

export interface Visit {
  code: string;
  landing: string | null;
  address: string;
  userAgent: string | undefined;
}

export type ClickOutcome =
  | { kind: 'attributed'; cookie: string; expiresAt: Date; windowDays: number }
  | { kind: 'ignored'; expiresAt: Date }
  | { kind: 'unknown' }
  | { kind: 'archived' };

/** Records one visit through a link and signs its attribution (last click wins: the new cookie replaces any). */
export async function recordClick(app: App, visit: Visit, now = new Date()): Promise<ClickOutcome> {
  const link = await linkByCode(app.db, visit.code);
  if (!link) return { kind: 'unknown' };
  if (link.archivedAt) return { kind: 'archived' };
  const partner = await app.db.query.users.findFirst({
    where: and(eq(users.id, link.partnerId), eq(users.isActive, true), isNull(users.deletedAt)),
    columns: { id: true },
  });
  if (!partner) return { kind: 'unknown' };
  const { windowDays } = await defaultRule(app.db);
  const expiresAt = new Date(now.getTime() + windowDays * DAY_MS);
  if (isBot(visit.userAgent)) return { kind: 'ignored', expiresAt };
  const visitor = visitorHash(app.config.jwtSecret, visit.address, visit.userAgent ?? '');
  // The same browser following the same link again within 30 minutes (a reload, a double click, a script) is one
  // click, not many: the figures a partner is paid beside cannot be inflated from one place.
  const [recent] = await app.db
    .select({ id: referralClicks.id })
    .from(referralClicks)
    .where(
      and(
        eq(referralClicks.linkId, link.id),
        eq(referralClicks.visitorHash, visitor),
        gt(referralClicks.at, new Date(now.getTime() - REPEAT_CLICK_MS)),
      ),
    )
    .limit(1);
  if (!recent) {
    await app.db.insert(referralClicks).values({
      linkId: link.id,
      partnerId: link.partnerId,
      visitorHash: visitor,
      landing: visit.landing?.slice(0, 500) ?? null,
      at: now,
    });
  }
  const cookie = signAttribution(app.config.jwtSecret, { linkId: link.id, clickedAt: now });
  return { kind: 'attributed', cookie, expiresAt, windowDays };
}

/**
 * POST /api/referrals/visit: the `?ref=` form. A signed-in visitor gets no attribution: the partner themself is
 * told they cannot refer themselves, anyone else that links are for new accounts.
 */
export async function visitFromApp(
  app: App,
  actor: Actor | null,
  visit: Visit,
): Promise<{ result: ReferralVisitResult; cookie: { value: string; windowDays: number } | null }> {
  if (actor) {
    const link = await linkByCode(app.db, visit.code);
    if (!link) throw notFound(REFERRAL_MSG.unknownCode);
    if (link.partnerId === actor.userId) throw badRequest(REFERRAL_MSG.selfReferral);
    throw conflict(REFERRAL_MSG.alreadyCustomer);
  }
  const outcome = await recordClick(app, visit);
  if (outcome.kind === 'unknown') throw notFound(REFERRAL_MSG.unknownCode);
  if (outcome.kind === 'archived') throw notFound(REFERRAL_MSG.archivedCode);
  return {
    result: { attributed: outcome.kind === 'attributed', expiresAt: outcome.expiresAt.toISOString() },
    cookie: outcome.kind === 'attributed' ? { value: outcome.cookie, windowDays: outcome.windowDays } : null,
  };
}

interface NewAccount {
  id: string;
  email: string;
  userType: string;
}

const REFERABLE = new Set(['teacher', 'institute', 'student']);

/**
 * Runs after an account is created: a partner gets their main link; a teacher, institute or student whose
 * browser holds a valid attribution is stored as referred, once and for good. A tampered, expired or unknown
 * cookie is ignored, and nothing here can fail the sign-up: errors are logged.
 */
export async function afterSignUp(app: App, account: NewAccount, cookieValue: string | undefined) {
  try {
    if (account.userType === 'partner') {
      await ensureMainLink(app.db, account.id);
      return;
    }
    if (!REFERABLE.has(account.userType)) return;
    const { windowDays } = await defaultRule(app.db);
    const attribution = verifyAttribution(app.config.jwtSecret, cookieValue, windowDays);
    if (attribution) await storeReferral(app, account, attribution);
  } catch (error) {
    app.log.error({ err: error, userId: account.id }, 'could not record the referral of a sign-up');
  }
}

async function storeReferral(app: App, account: NewAccount, attribution: Attribution) {
  const [link] = await app.db
    .select({ id: referralLinks.id, partnerId: referralLinks.partnerId, partnerEmail: users.email })
    .from(referralLinks)
    .innerJoin(users, eq(users.id, referralLinks.partnerId))
    .where(
      and(
        eq(referralLinks.id, attribution.linkId),
        eq(users.userType, 'partner'),
        eq(users.isActive, true),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!link) return;
  // Self-referral: the partner's own id or exact e-mail (decision 034: a shared domain is not refused).
  if (link.partnerId === account.id || link.partnerEmail.toLowerCase() === account.email.toLowerCase())
    return;
  await app.db
    .insert(referrals)
    .values({ referredUserId: account.id, partnerId: link.partnerId, linkId: link.id })
    .onConflictDoNothing({ target: referrals.referredUserId });
}
