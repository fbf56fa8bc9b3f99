import { z } from 'zod';
import { atMostCharacters, MSG } from '../messages';

/**
 * The Learning Record Store that learning events go to as xAPI statements (decision 078), set by the admin at
 * Integrations. The password is never sent back: the view says only whether one is saved.
 */
const endpoint = z
  .string({ error: MSG.required })
  .trim()
  .max(500, atMostCharacters(500))
  .refine((value) => /^https?:\/\/[^\s/]+/iu.test(value) && URL.canParse(value), {
    error: MSG.url('https://lrs.example.com/xapi'),
  });

export const xapiSettingsSchema = z.object({
  endpoint,
  username: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(300),
  /** Empty keeps the saved password (a first save needs one). */
  password: z.string({ error: MSG.required }).trim().max(1000).optional().default(''),
  enabled: z.boolean({ error: MSG.required }),
});
export type XapiSettingsInput = z.input<typeof xapiSettingsSchema>;

export interface XapiSettingsView {
  /** Null until the admin saves an LRS. */
  lrs: {
    endpoint: string;
    username: string;
    passwordSaved: boolean;
    enabled: boolean;
    updatedAt: string;
  } | null;
  /** Statements waiting to go (including ones waiting after a failure) and ones the LRS refused (parked). */
  waiting: number;
  parked: number;
  /** The LRS's answer at the latest failure of a statement not yet sent, if any. */
  lastError: string | null;
}

/** "Send a test statement": stored, or the LRS's answer (or the network's error) in words. */
export interface XapiTestAnswer {
  ok: boolean;
  status: number | null;
  /** What went wrong, in words the page translates; `detail` keeps the technical answer beneath it. */
  reason: XapiTestReason | null;
  detail: string;
}

export const XAPI_TEST_REASONS = [
  'notFound',
  'refused',
  'timedOut',
  'privateAddress',
  'credentials',
  'answered',
  'unreachable',
] as const;
export type XapiTestReason = (typeof XAPI_TEST_REASONS)[number];

/** Sorts a failed test's answer into a reason an admin can act on. */
export function xapiTestReason(status: number | null, detail: string): XapiTestReason {
  if (status === 401 || status === 403) return 'credentials';
  if (status !== null) return 'answered';
  if (detail.includes('private or local address')) return 'privateAddress';
  if (/ENOTFOUND|EAI_AGAIN/.test(detail)) return 'notFound';
  if (/ECONNREFUSED|ECONNRESET/.test(detail)) return 'refused';
  if (/timeout|TimeoutError|aborted/i.test(detail)) return 'timedOut';
  return 'unreachable';
}
