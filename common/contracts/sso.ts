import { z } from 'zod';
import { MSG } from '../messages';
import { emailField, existingPasswordField } from './fields';

/**
 * Single sign-on through OpenID Connect (issue 34, docs/decisions/073-single-sign-on.md).
 *
 * Signing in (public):
 *   GET  /api/sso/options                      → SsoOptions (which buttons the login page shows)
 *   POST /api/sso/school     { email }           → SchoolSignIn, or 404 when no institute signs in that domain
 *   GET  /api/sso/start?provider=&remember=    → 302 to the issuer (provider: google, microsoft, or an id)
 *   GET  /api/sso/callback?code&state          → 302 to /sso#ticket=… | #link=… | #error=…
 *   POST /api/sso/session  { ticket }           → SessionAnswer
 *   POST /api/sso/ticket-account { ticket }      → { userId, fullName } whose session it opens (not used up)
 *   POST /api/sso/link-info  { ticket }          → { email } the link page names
 *   POST /api/sso/link     { ticket, password } → SessionAnswer (the existing account's password, once)
 * Settings (admin: Google and Microsoft; institute: its own issuer):
 *   GET    /api/sso-settings                         → SsoSettingsView (admin, institute)
 *   PUT    /api/sso-settings/platform/:kind  PlatformSsoInput  → SsoProviderView (admin: google, microsoft)
 *   DELETE /api/sso-settings/platform/:kind  → 204
 *   PUT    /api/sso-settings/institute       InstituteSsoInput → SsoProviderView (institute)
 *   DELETE /api/sso-settings/institute       → 204
 */

export const PLATFORM_SSO_KINDS = ['google', 'microsoft'] as const;
export const SSO_KINDS = [...PLATFORM_SSO_KINDS, 'oidc'] as const;
export type SsoKind = (typeof SSO_KINDS)[number];
export type PlatformSsoKind = (typeof PLATFORM_SSO_KINDS)[number];

/**
 * Why a sign-in did not finish: the /sso page says each in words an IT admin can act on (auth.sso.failure.*),
 * and the developer logs keep it with its detail.
 */
export const SSO_FAILURES = [
  'not-set',
  'state',
  'denied',
  'audience',
  'nonce',
  'issuer',
  'clock',
  'grant',
  'client',
  'unreachable',
  'token',
  'no-email',
  'unverified-email',
  'wrong-domain',
  'inactive',
  'no-seat',
  'failed',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

export const SSO_MSG = {
  issuer: 'Please enter the issuer URL, for example https://login.myschool.edu',
  domain: 'Please enter e-mail domains such as myschool.edu, separated by commas',
  domainTaken: 'Another institute already signs people in with this domain',
  /** Decision 073 "Whose domains": an institute proves a domain by its own account's verified address. */
  domainNotOwned: 'You can use the domain of your institute account’s e-mail address and its subdomains only',
  domainPublic: 'A public e-mail domain (such as gmail.com) cannot be a school’s domain',
  secretFirst: 'Please enter the client secret',
  noSchool: 'No school sign-in is set up for this e-mail address. Please log in with your password.',
  /** A ticket that cannot be one (a made-up or cut address): said as a used one is (server.auth.sso.ticketInvalid). */
  ticket: 'This sign-in has expired or was already used. Please sign in again.',
} as const;

const clientId = z.string({ error: MSG.required }).trim().min(1, MSG.required).max(300);
const clientSecret = z.string({ error: MSG.required }).trim().max(1000);

/** Google's or Microsoft's client id and secret (the admin, Integrations); the secret is kept if left empty. */
export const platformSsoSchema = z.object({ clientId, clientSecret: clientSecret.optional().default('') });
export type PlatformSsoInput = z.input<typeof platformSsoSchema>;

/**
 * Addresses anyone can get: no institute's issuer may vouch for them (decision 073). India's common providers and
 * the large international ones.
 */
export const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.in',
  'yahoo.in',
  'ymail.com',
  'rocketmail.com',
  'outlook.com',
  'outlook.in',
  'hotmail.com',
  'hotmail.co.in',
  'live.com',
  'live.in',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'protonmail.com',
  'proton.me',
  'pm.me',
  'zoho.com',
  'zohomail.in',
  'rediffmail.com',
  'rediff.com',
  'mail.com',
  'gmx.com',
  'gmx.net',
  'yandex.com',
  'yandex.ru',
  'tutanota.com',
  'fastmail.com',
  'hey.com',
  'inbox.com',
  'sify.com',
  'indiatimes.com',
  'in.com',
]);

/** The domain of an e-mail address, lower-cased ("Asha@MySchool.edu" → "myschool.edu"). */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Whether `domain` is `owned` or one of its subdomains. */
export const withinDomain = (domain: string, owned: string) =>
  domain === owned || domain.endsWith(`.${owned}`);

// Labels in any script: Devanagari's vowel signs and viramas are marks (\p{M}), as in विद्यालय.भारत.
const DOMAIN =
  /^(?=.{1,253}$)([\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?\.)+\p{L}[\p{L}\p{M}]{1,62}$/u;

/** "myschool.edu, Students.MySchool.edu" → ["myschool.edu", "students.myschool.edu"], or null when one is not a domain. */
export function parseDomains(text: string): string[] | null {
  const domains = text
    .split(/[\s,;]+/u)
    .map((part) => part.trim().replace(/^@/u, '').toLowerCase())
    .filter(Boolean);
  if (domains.length === 0 || domains.length > 20 || !domains.every((domain) => DOMAIN.test(domain)))
    return null;
  return [...new Set(domains)];
}

/** An institute's own issuer for its e-mail domains. */
export const instituteSsoSchema = z.object({
  issuer: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(500)
    .refine((value) => /^https?:\/\/[^\s]+$/iu.test(value), SSO_MSG.issuer),
  clientId,
  clientSecret: clientSecret.optional().default(''),
  domains: z
    .string({ error: MSG.required })
    .min(1, MSG.required)
    .max(2000)
    .refine((value) => parseDomains(value) !== null, SSO_MSG.domain),
  requireSso: z.boolean().default(false),
});
export type InstituteSsoInput = z.input<typeof instituteSsoSchema>;

export interface SsoProviderView {
  kind: SsoKind;
  issuer: string;
  clientId: string;
  domains: string[];
  requireSso: boolean;
  updatedAt: string;
}

export interface SsoSettingsView {
  /** What to register at the provider as the redirect (callback) URI. */
  redirectUri: string;
  providers: SsoProviderView[];
}

export interface SsoOptions {
  google: boolean;
  microsoft: boolean;
  /** Whether any institute signs its people in with its own issuer (the login page offers "school account"). */
  school: boolean;
}

export interface SchoolSignIn {
  providerId: string;
  instituteName: string;
}

export const schoolQuerySchema = z.object({ email: emailField });
export const ssoStartSchema = z.object({
  provider: z.union([z.enum(PLATFORM_SSO_KINDS), z.uuid()]),
  remember: z.enum(['true', 'false']).optional(),
});
const ticketField = z.string({ error: SSO_MSG.ticket }).min(20, SSO_MSG.ticket).max(200, SSO_MSG.ticket);
export const ssoTicketSchema = z.object({ ticket: ticketField });
export const ssoLinkSchema = z.object({
  ticket: ticketField,
  password: existingPasswordField,
});
export type SsoLinkInput = z.input<typeof ssoLinkSchema>;
