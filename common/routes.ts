import { ROLE_HOMES, type UserType } from './roles';

/**
 * Who may open a route: 'guest' pages send logged-in users home, 'public' pages are open to everyone,
 * and a list of roles admits exactly those roles.
 */
export type RouteAccess = 'guest' | 'public' | readonly UserType[];

export interface RouteMeta {
  path: string;
  /** Page title (with the product name) and the key the side navigation matches to mark an item active. */
  name: string;
  access: RouteAccess;
  /** Whether the logged-in layout shows the side navigation on this route. */
  sideNav: boolean;
}

export const PRODUCT_NAME = 'Gurukul';

const ALL: readonly UserType[] = ['admin', 'teacher', 'institute', 'student', 'partner', 'developer'];
const ADMIN: readonly UserType[] = ['admin'];
const AUTHORS: readonly UserType[] = ['admin', 'institute', 'teacher'];
const OWNERS: readonly UserType[] = ['institute', 'teacher'];
const LEARNERS: readonly UserType[] = ['student', 'teacher', 'institute'];
const CHAT: readonly UserType[] = ['admin', 'institute', 'teacher', 'student'];
// Help is offered to every role but admin (SPEC §2 footer), so partners and developers reach it too:
// see docs/decisions/002-help-for-every-role.md.
const HELP: readonly UserType[] = ['institute', 'teacher', 'student', 'partner', 'developer', 'admin'];

const guest = (path: string, name: string): RouteMeta => ({ path, name, access: 'guest', sideNav: false });
const open = (path: string, name: string): RouteMeta => ({ path, name, access: 'public', sideNav: false });
const app = (path: string, name: string, access: readonly UserType[]): RouteMeta => ({
  path,
  name,
  access,
  sideNav: true,
});

/** Every path of SPEC §2. The router, guards, navigation, homes and titles all derive from this table. */
export const ROUTES = [
  guest('/', 'Home'),
  guest('/explore-course', 'Explore Courses'),
  guest('/pricing', 'Pricing'),
  guest('/about-us', 'About Us'),
  guest('/contact-us', 'Contact Us'),
  guest('/referral-program', 'Referral Program'),
  guest('/refund-and-cancellation', 'Refund and Cancellation'),
  guest('/privacy-policy', 'Privacy Policy'),
  guest('/terms-and-conditions', 'Terms and Conditions'),
  guest('/sign-up', 'Sign Up'),
  guest('/login', 'Login'),
  guest('/reset-password', 'Reset Password'),
  guest('/verify-email', 'Verify Email'),

  open('/preview-video', 'Preview Video'),
  open('/information', 'Information'),

  app('/profile', 'Profile', ALL),

  app('/guru', 'Guru Session', CHAT),
  app('/conversation-management', 'Conversation Management', CHAT),
  app('/view-conversation', 'View Conversation', CHAT),
  app('/support-tickets', 'Help', HELP),
  app('/view-ticket', 'View ticket', HELP),

  app('/integrations', 'Integrations', AUTHORS),

  app('/dashboard', 'Dashboard', ADMIN),
  app('/plan-pricing', 'Plan', ADMIN),
  app('/partners', 'Partners', ADMIN),
  app('/view-partner', 'Partners', ADMIN),
  app('/teachers', 'Teachers', ADMIN),
  app('/view-teacher', 'Teachers', ADMIN),
  app('/students', 'Students', ADMIN),
  app('/view-student', 'Students', ADMIN),
  app('/admin-report', 'Admin Report', ADMIN),
  app('/approvals', 'Approvals', ADMIN),
  app('/view-approval', 'View Approval', ADMIN),
  app('/support', 'Support', ADMIN),

  app('/guru-list', 'Guru', AUTHORS),
  app('/training-guru', 'Guru', AUTHORS),
  app('/course-list', 'Course Management', AUTHORS),
  app('/add-course-list', 'Add/View Course', AUTHORS),
  app('/view-course', 'Add/View Course', AUTHORS),
  app('/add-quiz', 'Add/View Quiz', AUTHORS),
  app('/view-quiz', 'Add/View Quiz', AUTHORS),
  app('/add-study-material', 'Add Study Material', AUTHORS),
  app('/add-faq', 'Add/View Faq', AUTHORS),
  app('/view-faq', 'Add/View Faq', AUTHORS),
  app('/course-library-list', 'Course Library', AUTHORS),
  app('/course-library-upload', 'Course Library', AUTHORS),
  app('/course-library-wizard', 'Course Library', AUTHORS),

  app('/report', 'Reports', OWNERS),
  app('/view-student-of-teacher', 'Student Report', OWNERS),
  app('/mark-submission', 'Mark Submission', OWNERS),
  app('/plan', 'Plan', OWNERS),
  app('/payment-history', 'Payment History', OWNERS),

  app('/invoice', 'Invoice', ['institute', 'teacher', 'partner']),

  app('/teacher-list', 'Teachers', ['institute']),
  app('/student-list', 'Students', ['institute']),

  app('/subscribed-courses', 'Subscribed Courses', LEARNERS),
  app('/quiz-round', 'Quiz', LEARNERS),
  app('/summary-report', 'My Reports', LEARNERS),
  app('/preview-quiz', 'Preview Quiz', LEARNERS),
  app('/explore-new-courses', 'Explore Courses', LEARNERS),

  app('/partner-report', 'Partner Report', ['partner']),

  app('/logs', 'Logs', ['developer', 'admin']),
] as const satisfies readonly RouteMeta[];

export type AppPath = (typeof ROUTES)[number]['path'];

const byPath = new Map<string, RouteMeta>(ROUTES.map((route) => [route.path, route]));

export function findRoute(pathname: string): RouteMeta | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(clean);
}

/** "<route name> | Gurukul", or the product name alone where no route matches. */
export function pageTitle(pathname: string): string {
  const route = findRoute(pathname);
  return route ? `${route.name} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function canOpen(route: RouteMeta, userType: UserType): boolean {
  if (route.access === 'guest' || route.access === 'public') return true;
  return route.access.includes(userType);
}

/** Routes still reachable once a trial or subscription has ended (SPEC §4). */
export const ROUTES_WHEN_ENDED = ['/information', '/plan', '/payment-history', '/invoice'] as const;

export function homeFor(userType: UserType): string {
  return ROLE_HOMES[userType];
}
