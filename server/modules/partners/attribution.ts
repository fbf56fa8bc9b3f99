import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { REFERRAL_MSG, type ReferralVisitResult } from '../../../common/contracts/partners';
import { partnerBrowsers, referralClicks, referralLinks, referrals, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  type Attribution,
  newVisitorId,
  PARTNER_BROWSER_DAYS,
  readVisitorId,
  signAttribution,
  signVisitor,
  verifyAttribution,
} from './attribution-cookie';
import { ensureMainLink, linkByCode } from './links';
import { defaultRule } from './rules';
import { normaliseEmail } from './same-person';

/** Why a referral or its payment earns nothing (decision 055): shown to the admin beside the commission. */
export const SELF_REFERRAL = {
  sameEmail: "Self-referral: the same e-mail address as the partner's",
  sameBrowser: 'Self-referral: signed up in a browser the partner uses',
  samePayer: "Self-referral: paid with the partner's payment details",
} as const;

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

/**
 * A keyed hash of the address: enough to tell repeat visits apart, never the address itself. The user agent is
 * not part of it (decision 055): a script that changes it on every request is still one visitor.
 */
export function visitorHash(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`referral-visitor\n${address}`).digest('base64url').slice(0, 32);
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
  /** The attribution cookie the browser already holds: its visitor id is kept. */
  cookie?: string | undefined;
}

export type ClickOutcome =
  | { kind: 'attributed'; cookie: string; expiresAt: Date; windowDays: number; cookieDays: number }
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
  const visitor = visitorHash(app.config.jwtSecret, visit.address);
  // The same address following the same link again within 30 minutes (a reload, a double click, a script that
  // changes its user agent each time) is one click, not many: the figures a partner is paid beside cannot be
  // inflated from one place. Counted under a lock of its own, so even concurrent requests count once.
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral-click:${link.id}:${visitor}`}))`);
    const [recent] = await tx
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
    if (recent) return;
    await tx.insert(referralClicks).values({
      linkId: link.id,
      partnerId: link.partnerId,
      visitorHash: visitor,
      landing: visit.landing?.slice(0, 500) ?? null,
      at: now,
    });
  });
  // The browser keeps its visitor id from click to click (any earlier cookie of ours, even an expired one or the
  // visitor-only one a partner's browser gets at sign-in). A partner's own browser keeps it for 400 days, not
  // just the window: the attribution itself still lapses after the window (its click time is signed).
  const earlier = readVisitorId(app.config.jwtSecret, visit.cookie);
  const visitorId = earlier ?? newVisitorId();
  const cookie = signAttribution(app.config.jwtSecret, { linkId: link.id, clickedAt: now, visitorId });
  const cookieDays =
    earlier && (await isPartnerBrowser(app, earlier))
      ? Math.max(windowDays, PARTNER_BROWSER_DAYS)
      : windowDays;
  return { kind: 'attributed', cookie, expiresAt, windowDays, cookieDays };
}

/**
 * POST /api/referrals/visit: the `?ref=` form. A signed-in visitor gets no attribution: the partner themself is
 * told they cannot refer themselves, anyone else that links are for new accounts.
 */
export async function visitFromApp(
  app: App,
  actor: Actor | null,
  visit: Visit,
): Promise<{ result: ReferralVisitResult; cookie: { value: string; cookieDays: number } | null }> {
  if (actor) {
    await notePartnerBrowser(app, actor, visit.cookie);
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
    cookie: outcome.kind === 'attributed' ? { value: outcome.cookie, cookieDays: outcome.cookieDays } : null,
  };
}

interface NewAccount {
  id: string;
  email: string;
  userType: string;
}

const REFERABLE = new Set(['teacher', 'institute', 'student']);

/** Whether some partner has used the browser with this visitor id while signed in. */
async function isPartnerBrowser(app: App, visitorId: string): Promise<boolean> {
  const [seen] = await app.db
    .select({ partnerId: partnerBrowsers.partnerId })
    .from(partnerBrowsers)
    .where(eq(partnerBrowsers.visitorId, visitorId))
    .limit(1);
  return Boolean(seen);
}

/**
 * A partner signed in on this browser (decision 055): its visitor id — the one its referral cookie carries, or a
 * new one when it holds none — is remembered as the partner's, so a later sign-up from it through their link is a
 * self-referral, signed in or not. Returns the cookie value the browser keeps for 400 days (its attribution, if
 * any, with that visitor id; else the visitor id alone), or null. Not for a session an admin opened as the
 * partner ("Log in as" is the admin's browser); a robot's or script's request (decision 034's user agents) gets
 * no new id, so cookie-less API calls add no rows. Never fails the request.
 */
export async function notePartnerBrowser(
  app: App,
  actor: Pick<Actor, 'userId' | 'userType' | 'impersonatorId'> | null,
  cookieValue: string | undefined,
  userAgent?: string | undefined,
): Promise<string | null> {
  if (actor?.userType !== 'partner' || actor.impersonatorId) return null;
  try {
    const secret = app.config.jwtSecret;
    const held = readVisitorId(secret, cookieValue);
    if (!held && isBot(userAgent)) return null;
    const visitorId = held ?? newVisitorId();
    await app.db
      .insert(partnerBrowsers)
      .values({ partnerId: actor.userId, visitorId })
      .onConflictDoUpdate({
        target: [partnerBrowsers.partnerId, partnerBrowsers.visitorId],
        set: { seenAt: new Date() },
      });
    const attribution = verifyAttribution(secret, cookieValue, Number.MAX_SAFE_INTEGER / DAY_MS);
    return attribution
      ? signAttribution(secret, { ...attribution, visitorId })
      : signVisitor(secret, visitorId);
  } catch (error) {
    app.log.error({ err: error, userId: actor.userId }, "could not remember a partner's browser");
    return null;
  }
}

/** The visitor-only cookie value a partner's browser keeps after a sign-up from it, or null to clear it. */
async function keptAfterSignUp(app: App, cookieValue: string | undefined): Promise<string | null> {
  const visitorId = readVisitorId(app.config.jwtSecret, cookieValue);
  if (!visitorId || !(await isPartnerBrowser(app, visitorId))) return null;
  return signVisitor(app.config.jwtSecret, visitorId);
}

/**
 * Runs after an account is created: a partner gets their main link; a teacher, institute or student whose
 * browser holds a valid attribution is stored as referred, once and for good. A tampered, expired or unknown
 * cookie is ignored, and nothing here can fail the sign-up: errors are logged. `signedInAs` is whoever the
 * sign-up request itself was sent as (a partner signing up a second account from their own session). Returns the
 * visitor-only cookie value a partner's browser keeps (decision 055), or null: the cookie is then cleared.
 */
export async function afterSignUp(
  app: App,
  account: NewAccount,
  cookieValue: string | undefined,
  signedInAs: Pick<Actor, 'userId' | 'userType' | 'impersonatorId'> | null = null,
  userAgent?: string | undefined,
): Promise<string | null> {
  try {
    if (account.userType === 'partner') {
      await ensureMainLink(app.db, account.id);
      return await keptAfterSignUp(app, cookieValue);
    }
    if (!REFERABLE.has(account.userType)) return await keptAfterSignUp(app, cookieValue);
    const noted = await notePartnerBrowser(app, signedInAs, cookieValue, userAgent);
    const { windowDays } = await defaultRule(app.db);
    const attribution = verifyAttribution(app.config.jwtSecret, cookieValue, windowDays);
    if (attribution) await storeReferral(app, account, attribution);
    return await keptAfterSignUp(app, noted ?? cookieValue);
  } catch (error) {
    app.log.error({ err: error, userId: account.id }, 'could not record the referral of a sign-up');
    return null;
  }
}

/** Why this sign-up is the partner themself (decision 055), or null when it is a fair referral. */
async function selfReferral(
  app: App,
  account: NewAccount,
  partner: { id: string; email: string },
  attribution: Attribution,
): Promise<string | null> {
  // The mailbox, not the spelling: case, plus-addressing and Gmail's dots (a shared domain is still fair).
  if (normaliseEmail(partner.email) === normaliseEmail(account.email)) return SELF_REFERRAL.sameEmail;
  if (attribution.visitorId) {
    const seen = await app.db.query.partnerBrowsers.findFirst({
      where: and(
        eq(partnerBrowsers.partnerId, partner.id),
        eq(partnerBrowsers.visitorId, attribution.visitorId),
      ),
    });
    if (seen) return SELF_REFERRAL.sameBrowser;
  }
  return null;
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
  if (!link || link.partnerId === account.id) return;
  // A self-referral is stored refused, with its reason: its payments are then listed, refused, for the admin.
  const refusedReason = await selfReferral(
    app,
    account,
    { id: link.partnerId, email: link.partnerEmail },
    attribution,
  );
  await app.db
    .insert(referrals)
    .values({ referredUserId: account.id, partnerId: link.partnerId, linkId: link.id, refusedReason })
    .onConflictDoNothing({ target: referrals.referredUserId });
}
