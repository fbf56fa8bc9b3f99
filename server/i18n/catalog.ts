import enApprovals from './en/approvals.json' with { type: 'json' };
import enAuth from './en/auth.json' with { type: 'json' };
import enBankImport from './en/bank-import.json' with { type: 'json' };
import enBankMoodle from './en/bank-moodle.json' with { type: 'json' };
import enBankQti from './en/bank-qti.json' with { type: 'json' };
import enBankText from './en/bank-text.json' with { type: 'json' };
import enBilling from './en/billing.json' with { type: 'json' };
import enCatalog from './en/catalog.json' with { type: 'json' };
import enCertificates from './en/certificates.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enConversations from './en/conversations.json' with { type: 'json' };
import enCourseExport from './en/course-export.json' with { type: 'json' };
import enCourses from './en/courses.json' with { type: 'json' };
import enEmbed from './en/embed.json' with { type: 'json' };
import enFiles from './en/files.json' with { type: 'json' };
import enGettingStarted from './en/getting-started.json' with { type: 'json' };
import enGurus from './en/gurus.json' with { type: 'json' };
import enHealth from './en/health.json' with { type: 'json' };
import enHttp from './en/http.json' with { type: 'json' };
import enInsights from './en/insights.json' with { type: 'json' };
import enIntegrations from './en/integrations.json' with { type: 'json' };
import enInvoices from './en/invoices.json' with { type: 'json' };
import enLearning from './en/learning.json' with { type: 'json' };
import enLessonNotes from './en/lesson-notes.json' with { type: 'json' };
import enLibrary from './en/library.json' with { type: 'json' };
import enLogs from './en/logs.json' with { type: 'json' };
import enMeetings from './en/meetings.json' with { type: 'json' };
import enPartners from './en/partners.json' with { type: 'json' };
import enPayments from './en/payments.json' with { type: 'json' };
import enPeople from './en/people.json' with { type: 'json' };
import enPlans from './en/plans.json' with { type: 'json' };
import enProviders from './en/providers.json' with { type: 'json' };
import enQuestionDrafts from './en/question-drafts.json' with { type: 'json' };
import enQuizzes from './en/quizzes.json' with { type: 'json' };
import enReports from './en/reports.json' with { type: 'json' };
import enSupport from './en/support.json' with { type: 'json' };
import enUsers from './en/users.json' with { type: 'json' };
import enXapi from './en/xapi.json' with { type: 'json' };
import hiApprovals from './hi/approvals.json' with { type: 'json' };
import hiAuth from './hi/auth.json' with { type: 'json' };
import hiBankImport from './hi/bank-import.json' with { type: 'json' };
import hiBankMoodle from './hi/bank-moodle.json' with { type: 'json' };
import hiBankQti from './hi/bank-qti.json' with { type: 'json' };
import hiBankText from './hi/bank-text.json' with { type: 'json' };
import hiBilling from './hi/billing.json' with { type: 'json' };
import hiCatalog from './hi/catalog.json' with { type: 'json' };
import hiCertificates from './hi/certificates.json' with { type: 'json' };
import hiCommon from './hi/common.json' with { type: 'json' };
import hiConversations from './hi/conversations.json' with { type: 'json' };
import hiCourseExport from './hi/course-export.json' with { type: 'json' };
import hiCourses from './hi/courses.json' with { type: 'json' };
import hiEmbed from './hi/embed.json' with { type: 'json' };
import hiFiles from './hi/files.json' with { type: 'json' };
import hiGettingStarted from './hi/getting-started.json' with { type: 'json' };
import hiGurus from './hi/gurus.json' with { type: 'json' };
import hiHealth from './hi/health.json' with { type: 'json' };
import hiHttp from './hi/http.json' with { type: 'json' };
import hiInsights from './hi/insights.json' with { type: 'json' };
import hiIntegrations from './hi/integrations.json' with { type: 'json' };
import hiInvoices from './hi/invoices.json' with { type: 'json' };
import hiLearning from './hi/learning.json' with { type: 'json' };
import hiLessonNotes from './hi/lesson-notes.json' with { type: 'json' };
import hiLibrary from './hi/library.json' with { type: 'json' };
import hiLogs from './hi/logs.json' with { type: 'json' };
import hiMeetings from './hi/meetings.json' with { type: 'json' };
import hiPartners from './hi/partners.json' with { type: 'json' };
import hiPayments from './hi/payments.json' with { type: 'json' };
import hiPeople from './hi/people.json' with { type: 'json' };
import hiPlans from './hi/plans.json' with { type: 'json' };
import hiProviders from './hi/providers.json' with { type: 'json' };
import hiQuestionDrafts from './hi/question-drafts.json' with { type: 'json' };
import hiQuizzes from './hi/quizzes.json' with { type: 'json' };
import hiReports from './hi/reports.json' with { type: 'json' };
import hiSupport from './hi/support.json' with { type: 'json' };
import hiUsers from './hi/users.json' with { type: 'json' };
import hiXapi from './hi/xapi.json' with { type: 'json' };

/**
 * The server's own texts (decision 070): errors, e-mails and PDFs that only the server says, one file per module
 * and language under server/i18n/<locale>/<module>.json, keyed `server.<module>.<name>`. Kept apart from the web's
 * catalogs so no page downloads them. English is the source: code names a key (`said('server.quizzes.notFound')`),
 * never the English text. A new module adds its two files here.
 */
export const SERVER_EN = {
  ...enApprovals,
  ...enBankImport,
  ...enBankMoodle,
  ...enBankText,
  ...enBankQti,
  ...enCourseExport,
  ...enQuestionDrafts,
  ...enLessonNotes,
  ...enXapi,
  ...enAuth,
  ...enBilling,
  ...enCatalog,
  ...enCertificates,
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
  ...hiBankImport,
  ...hiBankMoodle,
  ...hiBankText,
  ...hiBankQti,
  ...hiCourseExport,
  ...hiQuestionDrafts,
  ...hiLessonNotes,
  ...hiXapi,
  ...hiAuth,
  ...hiBilling,
  ...hiCatalog,
  ...hiCertificates,
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
  'bank-import',
  'bank-moodle',
  'bank-text',
  'bank-qti',
  'course-export',
  'question-drafts',
  'lesson-notes',
  'xapi',
  'auth',
  'billing',
  'catalog',
  'certificates',
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
