import enApprovals from './en/approvals.json';
import enAuth from './en/auth.json';
import enBilling from './en/billing.json';
import enCatalog from './en/catalog.json';
import enCommon from './en/common.json';
import enConversations from './en/conversations.json';
import enCourses from './en/courses.json';
import enEmbed from './en/embed.json';
import enFiles from './en/files.json';
import enGettingStarted from './en/getting-started.json';
import enGurus from './en/gurus.json';
import enHealth from './en/health.json';
import enHttp from './en/http.json';
import enInsights from './en/insights.json';
import enIntegrations from './en/integrations.json';
import enInvoices from './en/invoices.json';
import enLearning from './en/learning.json';
import enLibrary from './en/library.json';
import enLogs from './en/logs.json';
import enMeetings from './en/meetings.json';
import enPartners from './en/partners.json';
import enPayments from './en/payments.json';
import enPeople from './en/people.json';
import enPlans from './en/plans.json';
import enProviders from './en/providers.json';
import enQuizzes from './en/quizzes.json';
import enReports from './en/reports.json';
import enSupport from './en/support.json';
import enUsers from './en/users.json';
import hiApprovals from './hi/approvals.json';
import hiAuth from './hi/auth.json';
import hiBilling from './hi/billing.json';
import hiCatalog from './hi/catalog.json';
import hiCommon from './hi/common.json';
import hiConversations from './hi/conversations.json';
import hiCourses from './hi/courses.json';
import hiEmbed from './hi/embed.json';
import hiFiles from './hi/files.json';
import hiGettingStarted from './hi/getting-started.json';
import hiGurus from './hi/gurus.json';
import hiHealth from './hi/health.json';
import hiHttp from './hi/http.json';
import hiInsights from './hi/insights.json';
import hiIntegrations from './hi/integrations.json';
import hiInvoices from './hi/invoices.json';
import hiLearning from './hi/learning.json';
import hiLibrary from './hi/library.json';
import hiLogs from './hi/logs.json';
import hiMeetings from './hi/meetings.json';
import hiPartners from './hi/partners.json';
import hiPayments from './hi/payments.json';
import hiPeople from './hi/people.json';
import hiPlans from './hi/plans.json';
import hiProviders from './hi/providers.json';
import hiQuizzes from './hi/quizzes.json';
import hiReports from './hi/reports.json';
import hiSupport from './hi/support.json';
import hiUsers from './hi/users.json';

/**
 * The server's own texts (decision 070): errors, e-mails and PDFs that only the server says, one file per module
 * and language under server/i18n/<locale>/<module>.json, keyed `server.<module>.<name>`. Kept apart from the web's
 * catalogs so no page downloads them. English is the source: code names a key (`said('server.quizzes.notFound')`),
 * never the English text. A new module adds its two files here.
 */
export const SERVER_EN = {
  ...enApprovals,
  ...enAuth,
  ...enBilling,
  ...enCatalog,
  ...enCommon,
  ...enConversations,
  ...enCourses,
  ...enEmbed,
  ...enFiles,
  ...enGettingStarted,
  ...enGurus,
  ...enHealth,
  ...enInsights,
  ...enIntegrations,
  ...enInvoices,
  ...enLearning,
  ...enLibrary,
  ...enLogs,
  ...enMeetings,
  ...enPartners,
  ...enPayments,
  ...enPeople,
  ...enPlans,
  ...enQuizzes,
  ...enReports,
  ...enSupport,
  ...enUsers,
  ...enHttp,
  ...enProviders,
};

export const SERVER_HI: Record<string, string> = {
  ...hiApprovals,
  ...hiAuth,
  ...hiBilling,
  ...hiCatalog,
  ...hiCommon,
  ...hiConversations,
  ...hiCourses,
  ...hiEmbed,
  ...hiFiles,
  ...hiGettingStarted,
  ...hiGurus,
  ...hiHealth,
  ...hiInsights,
  ...hiIntegrations,
  ...hiInvoices,
  ...hiLearning,
  ...hiLibrary,
  ...hiLogs,
  ...hiMeetings,
  ...hiPartners,
  ...hiPayments,
  ...hiPeople,
  ...hiPlans,
  ...hiQuizzes,
  ...hiReports,
  ...hiSupport,
  ...hiUsers,
  ...hiHttp,
  ...hiProviders,
};

/** A key of the server's own texts: a misspelt key is a type error. */
export type ServerKey = keyof typeof SERVER_EN;

/** The module files, for the catalog test (each key under its own module's prefix). */
export const SERVER_MODULES = [
  'approvals',
  'auth',
  'billing',
  'catalog',
  'common',
  'conversations',
  'courses',
  'embed',
  'files',
  'getting-started',
  'gurus',
  'health',
  'insights',
  'integrations',
  'invoices',
  'learning',
  'library',
  'logs',
  'meetings',
  'partners',
  'payments',
  'people',
  'plans',
  'quizzes',
  'reports',
  'support',
  'users',
  'http',
  'providers',
] as const;
