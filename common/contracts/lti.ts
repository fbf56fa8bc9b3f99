import { z } from 'zod';
import { MSG } from '../messages';

/**
 * LTI 1.3 (issue 34, docs/decisions/074-lti-tool.md). Gurukul is the tool; a school's Moodle, Canvas, Blackboard or
 * Brightspace is the platform.
 *
 * The platform's calls (public; their checks are the 1EdTech Security Framework's):
 *   GET|POST /api/lti/login     third-party initiated login → 302 to the platform's authentication URL
 *   POST     /api/lti/launch    form_post { id_token, state } → 303 to /sso#ticket=…&to=… or /sso#error=…
 *   GET      /api/lti/jwks      the tool's public keyset
 * Deep Linking 2.0 (the teacher who launched the request):
 *   GET  /api/lti/deep-links/:requestId                    → DeepLinkView (what they may place)
 *   POST /api/lti/deep-links/:requestId  DeepLinkChoice    → DeepLinkAnswer (the signed response to post back)
 * Registrations (an institute its own, the admin platform-wide):
 *   GET    /api/lti/platforms                 → LtiSettingsView
 *   POST   /api/lti/platforms   LtiPlatformInput → LtiPlatformView
 *   PUT    /api/lti/platforms/:platformId       → LtiPlatformView
 *   DELETE /api/lti/platforms/:platformId       → 204
 *   POST   /api/lti/platforms/:platformId/contexts/:contextId/roster → RosterOutcome (NRPS: learners as students)
 * Grades (Assignment and Grade Services): no route; a quiz's marked score is queued to its line item.
 */

/** Why a launch did not open; the /sso page words each for an LMS admin (auth.ssoPage.failure.lti-*). */
export const LTI_FAILURES = [
  'lti-unknown-issuer',
  'lti-unknown-client',
  'lti-state',
  'lti-signature',
  'lti-keyset',
  'lti-audience',
  'lti-clock',
  'lti-nonce',
  'lti-deployment',
  'lti-message-type',
  'lti-version',
  'lti-claims',
  'lti-target',
  'lti-account',
  'lti-no-seat',
  'lti-role',
] as const;
export type LtiFailure = (typeof LTI_FAILURES)[number];

export const LTI_MSG = {
  url: 'Please enter a full https:// address',
  deployments: 'Please enter at least one deployment ID',
  taken: 'This issuer and client ID are already registered',
} as const;

const httpsUrl = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(1000)
  .refine((value) => /^https?:\/\/\S+$/iu.test(value), LTI_MSG.url);

export const ltiPlatformSchema = z.object({
  name: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(100),
  issuer: httpsUrl,
  clientId: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(300),
  /** One per line or separated by commas. */
  deploymentIds: z
    .string({ error: MSG.required })
    .max(4000)
    .refine((value) => splitDeploymentIds(value).length > 0, LTI_MSG.deployments),
  loginUrl: httpsUrl,
  tokenUrl: httpsUrl,
  keysetUrl: httpsUrl,
  /** Optional: where people open the LMS, when its pages are not at the issuer's address (Canvas cloud). */
  siteUrl: z
    .string()
    .trim()
    .max(1000)
    .refine((value) => value === '' || /^https?:\/\/\S+$/iu.test(value), LTI_MSG.url)
    .optional()
    .default(''),
});
export type LtiPlatformInput = z.input<typeof ltiPlatformSchema>;

export function splitDeploymentIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]+/u)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ].slice(0, 50);
}

export interface LtiPlatformView {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  loginUrl: string;
  tokenUrl: string;
  keysetUrl: string;
  siteUrl: string | null;
  updatedAt: string;
  /** The LMS courses Gurukul was launched from (newest launches first). */
  contexts: LtiContextView[];
}

/** An LMS course seen in a launch (decision 075). */
export interface LtiContextView {
  id: string;
  title: string;
  /** The LMS offered its roster (Names and Role Provisioning) in a launch. */
  rosterAvailable: boolean;
  rosterPulledAt: string | null;
  rosterAdded: number | null;
}

/** What pulling a roster did, by member. */
export interface RosterOutcome {
  added: number;
  alreadyHere: number;
  /** Members in a teaching role: they land as teachers on their own first launch, never by a roster. */
  instructors: number;
  inactive: number;
  /** Their e-mail has a Gurukul account elsewhere: never taken over. */
  refused: number;
  noSeat: number;
}

/** What the LMS admin pastes into the platform: the tool's URLs and its public keyset. */
export interface LtiToolUrls {
  loginUrl: string;
  launchUrl: string;
  keysetUrl: string;
  keyset: { keys: Record<string, unknown>[] };
}

export interface LtiSettingsView {
  tool: LtiToolUrls;
  platforms: LtiPlatformView[];
}

export const DEEP_LINK_KINDS = ['course', 'lesson', 'quiz', 'guru'] as const;
export type DeepLinkKind = (typeof DEEP_LINK_KINDS)[number];

export interface DeepLinkItem {
  kind: DeepLinkKind;
  id: string;
  title: string;
  /** The course a lesson or quiz is in. */
  courseTitle: string | null;
}

export interface DeepLinkView {
  platformName: string;
  items: DeepLinkItem[];
}

export const deepLinkChoiceSchema = z.object({
  items: z
    .array(z.object({ kind: z.enum(DEEP_LINK_KINDS), id: z.uuid() }), { error: MSG.selectOption })
    .min(1, MSG.selectOption)
    .max(20),
});
export type DeepLinkChoice = z.input<typeof deepLinkChoiceSchema>;

/** What the page posts to the LMS (Deep Linking 2.0 §4.5: a form field named JWT). */
export interface DeepLinkAnswer {
  returnUrl: string;
  jwt: string;
}
