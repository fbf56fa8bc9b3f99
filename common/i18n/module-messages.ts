import { EMBED_MSG } from '../contracts/embed';
import { MEETING_MSG } from '../contracts/meetings';
import { REFERRAL_MSG } from '../contracts/partners';
import { SUPPORT_MSG } from '../contracts/support';
import { CHECKLIST_MSG } from '../getting-started';
import { LIBRARY_MSG } from '../library';
import { type Catalog, keyed, literal } from './catalog';

/**
 * The modules' own message constants (LIBRARY_MSG, SUPPORT_MSG…) keyed where they live, like the core's MSG
 * (decision 069): the server answers an error thrown with one of them in the caller's language, and a feature
 * that shows one registers this catalog. Kept apart from the core catalog so the first download of a page does
 * not carry the contracts they live in. Their Hindi is `module-messages/hi.json`.
 */
export const MODULE_TEXTS: Record<string, string> = {
  ...keyed('checklistMsg', CHECKLIST_MSG),
  ...keyed('embedMsg', EMBED_MSG),
  ...keyed('meetingMsg', MEETING_MSG),
  ...keyed('referralMsg', REFERRAL_MSG),
  ...keyed('supportMsg', SUPPORT_MSG),
  ...keyed('libraryMsg', LIBRARY_MSG),
};

/** The English catalog of MODULE_TEXTS, word for word (literal trees: no quoting to get wrong). */
export const MODULE_EN_CATALOG: Catalog = Object.fromEntries(
  Object.entries(MODULE_TEXTS).map(([key, text]) => [key, literal(text)]),
);

const KEY_OF_MODULE_TEXT = new Map<string, string>();
for (const [key, text] of Object.entries(MODULE_TEXTS))
  if (!KEY_OF_MODULE_TEXT.has(text)) KEY_OF_MODULE_TEXT.set(text, key);

/** The key of a module's message text (an error thrown with LIBRARY_MSG.busy), for answering it translated. */
export const keyOfModuleText = (text: string): string | undefined => KEY_OF_MODULE_TEXT.get(text);
