import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { REFERRAL_COOKIE } from '../../../common/contracts/partners';
import { readCookie } from '../../http/cookies';

/**
 * The attribution cookie (decision 034): `<linkId>.<click time in ms>.<visitor id>.<HMAC>`, signed with the
 * server's secret under a purpose of its own, so a visitor can neither forge a link nor move a click's time. Only
 * the link, the time and the browser's random visitor id (decision 055: kept from click to click, so a partner's
 * own browser can be recognised) travel: who the partner is, is read from the database at sign-up. A cookie of
 * the older three-part form has no visitor id. A browser a partner signs in on holds at least its visitor id, in
 * the two-part form `<visitor id>.<HMAC>` (no link: never an attribution), so a later click keeps it.
 */
export interface Attribution {
  linkId: string;
  clickedAt: Date;
  visitorId: string | null;
}

const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/** A new browser's visitor id: 16 random bytes, url-safe. */
export const newVisitorId = () => randomBytes(16).toString('base64url');

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`referral-cookie\n${payload}`).digest('base64url');
}

export function signAttribution(
  secret: string,
  attribution: Omit<Attribution, 'visitorId'> & { visitorId?: string | null },
): string {
  const time = `${attribution.linkId}.${attribution.clickedAt.getTime()}`;
  const payload = attribution.visitorId ? `${time}.${attribution.visitorId}` : time;
  return `${payload}.${signature(secret, payload)}`;
}

/** How long a partner's own browser keeps its visitor id (browsers cap a cookie's life at 400 days). */
export const PARTNER_BROWSER_DAYS = 400;

/** The cookie value that holds only a browser's visitor id: no link, so it attributes nothing. */
export function signVisitor(secret: string, visitorId: string): string {
  return `${visitorId}.${signature(secret, visitorId)}`;
}

/**
 * The visitor id any of our cookie values holds (the visitor-only form, or an attribution of any age), or null
 * when there is none or the value is tampered with.
 */
export function readVisitorId(secret: string, value: string | undefined): string | null {
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 2 && parts.length !== 4) return null;
  const given = parts.pop() as string;
  const expected = Buffer.from(signature(secret, parts.join('.')));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const visitorId = parts[parts.length - 1];
  return VISITOR_ID.test(visitorId) ? visitorId : null;
}

/**
 * The attribution a cookie value holds, or null when it is tampered with, malformed, from the future or older
 * than the window.
 */
export function verifyAttribution(
  secret: string,
  value: string | undefined,
  windowDays: number,
  now = new Date(),
): Attribution | null {
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 3 && parts.length !== 4) return null;
  const given = parts.pop() as string;
  const [linkId, ms, visitorId = null] = parts;
  const expected = Buffer.from(signature(secret, parts.join('.')));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (!UUID.test(linkId) || !/^\d{1,15}$/.test(ms)) return null;
  if (visitorId !== null && !VISITOR_ID.test(visitorId)) return null;
  const clickedAt = new Date(Number(ms));
  const age = now.getTime() - clickedAt.getTime();
  if (age < -5 * 60 * 1000 || age > windowDays * DAY_MS) return null;
  return { linkId, clickedAt, visitorId };
}

/** The referral cookie's value from a Cookie header. */
export const readAttributionCookie = (header: string | undefined) => readCookie(header, REFERRAL_COOKIE);

interface CookieOptions {
  publicUrl: string;
  maxAgeSeconds: number;
}

function attributes({ publicUrl, maxAgeSeconds }: CookieOptions): string {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** The Set-Cookie header that holds an attribution for `windowDays`. */
export function attributionCookie(value: string, publicUrl: string, windowDays: number): string {
  return `${REFERRAL_COOKIE}=${value}; ${attributes({ publicUrl, maxAgeSeconds: windowDays * 24 * 60 * 60 })}`;
}

/** The Set-Cookie header that keeps a partner's browser known: its visitor id (or attribution) for 400 days. */
export function partnerBrowserCookie(value: string, publicUrl: string): string {
  return attributionCookie(value, publicUrl, PARTNER_BROWSER_DAYS);
}

/** The Set-Cookie header that removes it (after sign-up). */
export function clearedAttributionCookie(publicUrl: string): string {
  return `${REFERRAL_COOKIE}=; ${attributes({ publicUrl, maxAgeSeconds: 0 })}`;
}
