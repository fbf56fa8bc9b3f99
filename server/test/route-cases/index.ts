import { CERTIFICATE_ROUTES } from './certificates';
import { CONVERSATIONS_ROUTES } from './conversations';
import { COURSE_EXPORT_ROUTES } from './course-export';
import { COURSE_ROUTES } from './courses';
import { CURRENCY_ROUTES } from './currency';
import { EMBED_ROUTES } from './embed';
import { GETTING_STARTED_ROUTES } from './getting-started';
import { GURU_SESSIONS_ROUTES } from './guru-sessions';
import { GURU_SPEECH_ROUTES } from './guru-speech';
import { GURU_TRAINING_ROUTES } from './guru-training';
import { GURUS_ROUTES } from './gurus';
import { INSIGHTS_ROUTES } from './insights';
import { INTEGRATIONS_ROUTES } from './integrations';
import { INVOICE_ROUTES } from './invoices';
import { LEARNING_ROUTES } from './learning';
import { LESSON_NOTES_ROUTES } from './lesson-notes';
import { LIBRARY_ROUTES } from './library';
import { LOGS_ROUTES } from './logs';
import { MEETING_ROUTES } from './meetings';
import { PARTNER_ROUTES } from './partners';
import { PAYMENT_ROUTES } from './payments';
import { PEOPLE_ROUTES } from './people';
import { PLAN_ROUTES } from './plans';
import { PLATFORM_ROUTES } from './platform';
import { QUESTION_DRAFT_ROUTES } from './question-drafts';
import { QUIZ_AUTHORING_ROUTES } from './quiz-authoring';
import { QUIZ_TAKING_ROUTES } from './quiz-taking';
import { REPORT_ROUTES } from './reports';
import { LTI_ROUTES, SINGLE_SIGN_ON_ROUTES } from './single-sign-on';
import { SUBSCRIPTION_ROUTES } from './subscriptions';
import { SUPPORT_ROUTES } from './support';
import type { RouteCase } from './types';
import { XAPI_ROUTES } from './xapi';

export type { Caller, MatrixEnv, RouteCase } from './types';
export { NO_SUCH_ID } from './types';

/** Every /api route with its intended access, one file per area. */
export const ROUTE_CASES: RouteCase[] = [
  ...PLATFORM_ROUTES,
  ...SUPPORT_ROUTES,
  ...COURSE_ROUTES,
  ...COURSE_EXPORT_ROUTES,
  ...GETTING_STARTED_ROUTES,
  ...LEARNING_ROUTES,
  ...QUIZ_AUTHORING_ROUTES,
  ...QUESTION_DRAFT_ROUTES,
  ...QUIZ_TAKING_ROUTES,
  ...REPORT_ROUTES,
  ...INSIGHTS_ROUTES,
  ...PLAN_ROUTES,
  ...CURRENCY_ROUTES,
  ...SUBSCRIPTION_ROUTES,
  ...PAYMENT_ROUTES,
  ...INVOICE_ROUTES,
  ...GURUS_ROUTES,
  ...GURU_TRAINING_ROUTES,
  ...GURU_SESSIONS_ROUTES,
  ...GURU_SPEECH_ROUTES,
  ...CONVERSATIONS_ROUTES,
  ...INTEGRATIONS_ROUTES,
  ...EMBED_ROUTES,
  ...LIBRARY_ROUTES,
  ...PEOPLE_ROUTES,
  ...MEETING_ROUTES,
  ...LOGS_ROUTES,
  ...PARTNER_ROUTES,
  ...SINGLE_SIGN_ON_ROUTES,
  ...LTI_ROUTES,
  ...XAPI_ROUTES,
  ...CERTIFICATE_ROUTES,
  ...LESSON_NOTES_ROUTES,
];
