import { GALLERY_MSG } from '../avatar-gallery';
import { APPROVAL_MSG } from '../contracts/approvals';
import { COURSE_CONTENT_MSG } from '../contracts/course-content';
import { EMBED_MSG } from '../contracts/embed';
import { LOGS_MSG } from '../contracts/logs';
import { LTI_MSG } from '../contracts/lti';
import { MEETING_MSG } from '../contracts/meetings';
import { REFERRAL_MSG } from '../contracts/partners';
import { PEOPLE_MSG } from '../contracts/people';
import { PLAN_MSG } from '../contracts/plans';
import { REPORT_MSG } from '../contracts/reports';
import { SSO_MSG } from '../contracts/sso';
import { SUPPORT_MSG } from '../contracts/support';
import { CHECKLIST_MSG } from '../getting-started';
import { GSTIN_MESSAGES } from '../gst';
import { LIBRARY_MSG } from '../library';
import { type Catalog, keyed, keyedMessage } from './catalog';
import { isTemplate, type ReadText, TemplateReader } from './message-template';

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
  ...keyed('approvalMsg', APPROVAL_MSG),
  ...keyed('courseContentMsg', COURSE_CONTENT_MSG),
  ...keyed('logsMsg', LOGS_MSG),
  ...keyed('peopleMsg', PEOPLE_MSG),
  ...keyed('planMsg', PLAN_MSG),
  ...keyed('reportMsg', REPORT_MSG),
  ...keyed('galleryMsg', GALLERY_MSG),
  ...keyed('gstinMsg', GSTIN_MESSAGES),
  ...keyed('ssoMsg', SSO_MSG),
  ...keyed('ltiMsg', LTI_MSG),
};

/** The English catalog of MODULE_TEXTS, word for word (syntax trees: no quoting to get wrong). */
export const MODULE_EN_CATALOG: Catalog = Object.fromEntries(
  Object.entries(MODULE_TEXTS).map(([key, text]) => [key, keyedMessage(text)]),
);

const KEY_OF_MODULE_TEXT = new Map<string, string>();
const MODULE_TEMPLATES = new TemplateReader();
for (const [key, text] of Object.entries(MODULE_TEXTS))
  if (isTemplate(text)) MODULE_TEMPLATES.add(key, text);
  else if (!KEY_OF_MODULE_TEXT.has(text)) KEY_OF_MODULE_TEXT.set(text, key);

/**
 * The key (and values) of a module's message text (an error thrown with LIBRARY_MSG.busy, a schema's message filled
 * from LOGS_MSG.pageSizeMax), for answering it translated.
 */
export function readModuleText(text: string): ReadText | undefined {
  const key = KEY_OF_MODULE_TEXT.get(text);
  return key ? { key } : MODULE_TEMPLATES.read(text);
}
