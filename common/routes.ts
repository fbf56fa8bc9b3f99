import { type Capability, rolesWith } from './capabilities';
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

const guest = (path: string, name: string): RouteMeta => ({ path, name, access: 'guest', sideNav: false });
const open = (path: string, name: string): RouteMeta => ({ path, name, access: 'public', sideNav: false });
/** A logged-in page, open to the roles with `capability` in the one authorization map (common/capabilities.ts). */
const app = (path: string, name: string, capability: Capability): RouteMeta => ({
  path,
  name,
  access: rolesWith(capability),
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
  // An institute's invitation link (issue 15): for a new person and for one who logs in to accept.
  open('/invitation', 'Invitation'),
  // Where single sign-on comes back (issue 34): opens the session, links an account, or says why it stopped.
  open('/sso', 'Sign-in'),
  // A certificate's public check (issue 36): anyone, signed in or not, from its QR code or a shared link.
  open('/certificate/:id', 'Certificate'),

  app('/profile', 'Profile', 'manage-account'),

  app('/guru', 'Guru Session', 'converse'),
  app('/conversation-management', 'Conversation Management', 'converse'),
  app('/view-conversation', 'View Conversation', 'converse'),
  app('/support-tickets', 'Help', 'get-help'),
  app('/view-ticket', 'View ticket', 'get-help'),

  app('/integrations', 'Integrations', 'author'),
  // A teacher placing Gurukul content in an LMS course (LTI Deep Linking, decision 074), inside the LMS's frame.
  app('/lti-deep-link', 'Add to LMS course', 'author'),

  app('/dashboard', 'Dashboard', 'administer'),
  app('/plan-pricing', 'Plan', 'administer'),
  app('/partners', 'Partners', 'administer'),
  app('/view-partner', 'Partners', 'administer'),
  app('/teachers', 'Teachers', 'administer'),
  app('/view-teacher', 'Teachers', 'administer'),
  app('/students', 'Students', 'administer'),
  app('/view-student', 'Students', 'administer'),
  app('/admin-report', 'Admin Report', 'administer'),
  app('/approvals', 'Approvals', 'administer'),
  app('/view-approval', 'View Approval', 'administer'),
  app('/support', 'Support', 'administer'),

  app('/guru-list', 'Guru', 'author'),
  app('/training-guru', 'Guru', 'author'),
  app('/course-list', 'Course Management', 'author'),
  app('/add-course-list', 'Add/View Course', 'author'),
  app('/view-course', 'Add/View Course', 'author'),
  app('/add-quiz', 'Add/View Quiz', 'author'),
  app('/view-quiz', 'Add/View Quiz', 'author'),
  app('/add-study-material', 'Add Study Material', 'author'),
  app('/add-faq', 'Add/View Faq', 'author'),
  app('/view-faq', 'Add/View Faq', 'author'),
  app('/course-library-list', 'Course Library', 'author'),
  app('/course-library-upload', 'Course Library', 'author'),
  app('/course-library-wizard', 'Course Library', 'author'),

  app('/report', 'Reports', 'teach'),
  app('/view-student-of-teacher', 'Student Report', 'teach'),
  app('/mark-submission', 'Mark Submission', 'teach'),
  app('/plan', 'Plan', 'hold-plan'),
  app('/payment-history', 'Payment History', 'hold-plan'),

  app('/invoice', 'Invoice', 'receive-invoices'),

  app('/teacher-list', 'Teachers', 'manage-institute'),
  app('/student-list', 'Students', 'manage-institute'),

  app('/subscribed-courses', 'Subscribed Courses', 'learn'),
  app('/quiz-round', 'Quiz', 'learn'),
  app('/summary-report', 'My Reports', 'learn'),
  app('/preview-quiz', 'Preview Quiz', 'learn'),
  app('/explore-new-courses', 'Explore Courses', 'learn'),
  // The learner's certificates (issue 36), reached from Subscribed Courses.
  app('/certificates', 'My Certificates', 'learn'),

  app('/partner-report', 'Partner Report', 'refer'),

  app('/logs', 'Logs', 'read-logs'),
] as const satisfies readonly RouteMeta[];

export type AppPath = (typeof ROUTES)[number]['path'];

const byPath = new Map<string, RouteMeta>(ROUTES.map((route) => [route.path, route]));
/** Routes with a parameter (`/certificate/:id`), matched segment by segment after the exact paths. */
const withParameters: RouteMeta[] = ROUTES.filter((route) => route.path.includes('/:'));

function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  return (
    want.length === have.length &&
    want.every((segment, index) =>
      segment.startsWith(':') ? (have[index] ?? '') !== '' : segment === have[index],
    )
  );
}

export function findRoute(pathname: string): RouteMeta | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(clean) ?? withParameters.find((route) => matchesPattern(route.path, clean));
}

/** "<route name> | Gurukul", or the product name alone where no route matches. */
/** The tab's title: the route's name in the reader's language (`name` turns it into theirs), then the product's. */
export function pageTitle(
  pathname: string,
  name: (routeName: string) => string = (routeName) => routeName,
): string {
  const route = findRoute(pathname);
  return route ? `${name(route.name)} | ${PRODUCT_NAME}` : PRODUCT_NAME;
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
