import { z } from 'zod';
import { MSG } from '../messages';
import { numberField } from './numbers';

/**
 * The guru on the teacher's own website (docs/decisions/041-embedded-guru.md): the site's address registered
 * in /integrations, the embed snippets, and what the embed page asks and is told.
 */

/** The example the URL message gives (SPEC §5 'Please enter a valid URL (e.g., {host})'). */
export const APPLICATION_URL_EXAMPLE = 'https://www.myschool.com';

export const EMBED_MSG = {
  urlFirst: 'Please provide the application URL first',
  invalidUrl: MSG.url(APPLICATION_URL_EXAMPLE),
  fileUrl: MSG.fileUrl,
  /** The embed API asked for a site that is not the owner's registered one (or none is). */
  notThisSite: 'This guru is not available on this website.',
  signInToAsk: 'Please sign in to ask this guru.',
  sessionFull: 'This session has reached its question limit. Please start a new one.',
  /** The site's share of the plan's monthly sessions for visitors without an account is used up (decision 053). */
  visitorShareUsed:
    'Visitors without an account have used all their sessions here this month. Please sign in to ask.',
  /** One visitor, or one address, started the most anonymous sessions a day allows on the site. */
  visitorDailyLimit:
    'You have started the most sessions a visitor may start here today. Please sign in to ask, or come back tomorrow.',
} as const;

/** The share of the plan's monthly guru sessions visitors without an account may use, unless the owner sets it. */
export const DEFAULT_ANONYMOUS_SHARE_PERCENT = 25;

/** The most anonymous sessions a month under a plan's limit (null: unlimited) and a site's share: rounded down. */
export function anonymousSessionCap(planLimit: number | null, sharePercent: number): number | null {
  if (sharePercent <= 0) return 0;
  return planLimit === null ? null : Math.floor((planLimit * sharePercent) / 100);
}

/**
 * Addresses of files rather than of a site or app: documents, images, media and archives. A page address
 * (`/`, `/learn`, `/app.html`) is fine; `…/notes.pdf` is not.
 */
const FILE_PATH =
  /\.(pdf|docx?|xlsx?|pptx?|csv|txt|rtf|odt|json|xml|png|jpe?g|gif|webp|svg|bmp|ico|tiff?|avif|heic|mp4|m4v|mov|webm|mkv|avi|mp3|wav|ogg|m4a|aac|flac|zip|rar|7z|gz|tgz|tar|exe|dmg|apk|glb|gltf)$/i;

/** Loopback hosts may use plain http (a teacher trying it on their own machine; our journeys). */
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/** What the owner typed, with https:// put in front when they gave only the address (www.myschool.com). */
export function withScheme(value: string): string {
  const typed = value.trim();
  return !typed || /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`;
}

/** Why a typed application URL is refused, or null when it is a site's address. */
export function applicationUrlProblem(value: string): string | null {
  const typed = withScheme(value);
  if (!typed) return EMBED_MSG.urlFirst;
  if (/^(file|data|blob):/i.test(typed)) return EMBED_MSG.fileUrl;
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return EMBED_MSG.invalidUrl;
  }
  const loopback = LOOPBACK.test(url.hostname);
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
  // A real site's host has a dot (www.myschool.com); credentials in a URL are never a site's address.
  const siteHost = loopback || /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname);
  if (!secure || !siteHost || url.username || url.password || typed.length > 2000)
    return EMBED_MSG.invalidUrl;
  if (FILE_PATH.test(url.pathname)) return EMBED_MSG.fileUrl;
  return null;
}

/** The application URL field: the three messages of the spec, one at a time. */
export const applicationUrlField = z
  .string({ error: EMBED_MSG.urlFirst })
  .superRefine((value, context) => {
    const problem = applicationUrlProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => new URL(withScheme(value)).href);

export const embedSiteSchema = z.object({
  url: applicationUrlField,
  allowAnonymous: z.boolean({ error: MSG.selectOption }).default(false),
  /** A whole percentage from 0 to 100 (the spec's number texts); older clients that send none get the default. */
  anonymousSharePercent: numberField({
    max: 100,
    maxMessage: MSG.percentage,
    allowZero: true,
    integer: true,
  }).default(DEFAULT_ANONYMOUS_SHARE_PERCENT),
});
export type EmbedSiteInput = z.input<typeof embedSiteSchema>;

export interface EmbedSiteView {
  url: string;
  origin: string;
  allowAnonymous: boolean;
  anonymousSharePercent: number;
}

/** GET /api/embed/site: the site (null until registered) and the gurus that can be embedded. */
export interface EmbedSettings {
  site: EmbedSiteView | null;
  /** For a teacher of an institute with no site of their own: the institute's, where their gurus are embedded. */
  instituteSite: EmbedSiteView | null;
  gurus: { id: string; name: string; ready: boolean }[];
  /** Anonymous sessions started on the site this month (they count against the plan like any session). */
  anonymousSessionsThisMonth: number;
  /**
   * The most anonymous sessions this month under the own site's share of the plan (null: the plan has no
   * monthly limit, or there is no own site).
   */
  anonymousSessionLimit: number | null;
}

/** GET /api/embed/gurus/:guruId/snippet: what the teacher pastes into their site. */
export interface EmbedSnippet {
  iframe: string;
  script: string;
  pageUrl: string;
}

/** GET /api/embed/gurus/:guruId: what the embed page shows before a session. */
export interface EmbedGuru {
  id: string;
  name: string;
  subject: string;
  introductionText: string;
  avatarImageUrl: string | null;
  brandLogoUrl: string | null;
  demoQuestions: string[];
  allowAnonymous: boolean;
  available: boolean;
  unavailableReason: string | null;
}

/** POST /api/embed/gurus/:guruId/sessions: a session, with the visitor's key when anonymous. */
export interface EmbedSession {
  conversationId: string;
  visitorKey: string | null;
}

/** The header the embed page sends with the origin of the page that frames it. */
export const EMBED_ORIGIN_HEADER = 'x-embed-origin';
/** The header an anonymous visitor's key travels in. */
export const VISITOR_KEY_HEADER = 'x-visitor-key';
