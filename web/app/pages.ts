import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

/**
 * The page of each path that has one. A path of the route table without a page here shows the
 * honest "not built yet" state until its issue lands.
 */
export const PAGES: Record<string, () => Promise<PageModule>> = {
  '/': () => import('../features/public/home-page'),
  '/about-us': () => import('../features/public/about-page'),
  '/contact-us': () => import('../features/public/contact-page'),
  '/referral-program': () => import('../features/public/referral-page'),
  '/refund-and-cancellation': () => import('../features/public/refund-page'),
  '/privacy-policy': () => import('../features/public/privacy-page'),
  '/terms-and-conditions': () => import('../features/public/terms-page'),
  '/sign-up': () => import('../features/auth/sign-up-page'),
  '/login': () => import('../features/auth/login-page'),
  '/reset-password': () => import('../features/auth/reset-password-page'),
  '/verify-email': () => import('../features/auth/verify-email-page'),
  '/information': () => import('../features/information/information-page'),
  '/plan': () => import('../features/billing/plan-page'),
  '/payment-history': () => import('../features/billing/payment-history-page'),
  '/profile': () => import('../features/profile/profile-page'),
  '/dashboard': () => import('../features/dashboard/dashboard-page'),
  '/logs': () => import('../features/logs/logs-page'),
  '/course-list': () => import('../features/courses/course-list-page'),
  '/add-course-list': () => import('../features/courses/course-wizard-page'),
  '/view-course': () => import('../features/courses/view-course-page'),
  '/add-faq': () => import('../features/courses/add-faq-page'),
  '/view-faq': () => import('../features/courses/view-faq-page'),
  '/add-study-material': () => import('../features/courses/add-study-material-page'),
  '/approvals': () => import('../features/approvals/approvals-page'),
  '/explore-course': () => import('../features/catalog/catalog-page'),
  '/explore-new-courses': () => import('../features/catalog/catalog-page'),
  '/preview-video': () => import('../features/catalog/preview-video-page'),
  '/subscribed-courses': () => import('../features/learning/subscribed-courses-page'),
  '/summary-report': () => import('../features/reports/summary-report-page'),
  '/report': () => import('../features/reports/report-page'),
  '/view-student-of-teacher': () => import('../features/reports/view-student-page'),
  '/admin-report': () => import('../features/reports/admin-report-page'),
  '/view-approval': () => import('../features/approvals/view-approval-page'),
  '/preview-quiz': () => import('../features/quizzes/taking/preview-quiz-page'),
  '/quiz-round': () => import('../features/quizzes/taking/quiz-round-page'),
  '/mark-submission': () => import('../features/quizzes/marking/mark-submission-page'),
  '/add-quiz': () => import('../features/quizzes/authoring/add-quiz-page'),
  '/view-quiz': () => import('../features/quizzes/authoring/view-quiz-page'),
  '/plan-pricing': () => import('../features/plans/plan-pricing-page'),
  '/pricing': () => import('../features/plans/pricing-page'),
  '/invoice': () => import('../features/invoices/invoice-page'),
};
