import type { PlanModule } from './plans';
import type { UserType } from './roles';

export interface NavItem {
  /** Link target, query included (e.g. /course-list?tab=course). */
  to: string;
  label: string;
  /** Route names (see routes.ts) that mark this item active. */
  activeFor: readonly string[];
  badge?: 'approvals' | 'open-tickets' | 'new-message';
  /** Hidden for a teacher who belongs to an institute. */
  hideInInstitute?: boolean;
  /** The plan module behind the item: hidden when the user's plan gives that module NONE. */
  module?: PlanModule;
}

const item = (
  to: string,
  label: string,
  activeFor: readonly string[],
  extra: Partial<NavItem> = {},
): NavItem => ({
  to,
  label,
  activeFor,
  ...extra,
});

const GURU = item('/guru-list', 'Guru', ['Guru'], { module: 'gurus' });
const COURSES = item(
  '/course-list?tab=course',
  'Course Management',
  ['Course Management', 'Add/View Course', 'Add/View Quiz', 'Add Study Material', 'Add/View Faq'],
  { module: 'courses' },
);
const LIBRARY = item('/course-library-list', 'Course Library', ['Course Library'], {
  module: 'courseLibrary',
});
const INTEGRATIONS = item('/integrations', 'Integrations', ['Integrations'], { module: 'integrations' });
const CONVERSATIONS = item(
  '/conversation-management',
  'Conversation Management',
  ['Conversation Management', 'View Conversation'],
  {
    badge: 'new-message',
    module: 'conversations',
  },
);
const REPORTS = item('/report?tab=student', 'Reports', ['Reports', 'Student Report'], { module: 'reports' });
// A quiz's introduction (/preview-quiz), the quiz itself and the learner's certificates belong to their subscribed
// courses.
const SUBSCRIBED = item('/subscribed-courses', 'Subscribed Courses', [
  'Subscribed Courses',
  'Quiz',
  'Preview Quiz',
  'My Certificates',
]);
const MY_REPORTS = item('/summary-report?tab=quiz', 'My Reports', ['My Reports']);

/** The side navigation of SPEC §2: exact items and order per role. */
export const SIDE_NAV = {
  admin: [
    item('/dashboard', 'Dashboard', ['Dashboard']),
    item('/plan-pricing', 'Plan', ['Plan']),
    GURU,
    COURSES,
    LIBRARY,
    item('/approvals', 'Approvals', ['Approvals', 'View Approval'], { badge: 'approvals' }),
    item('/partners', 'Partners', ['Partners']),
    item('/teachers?tab=teacher', 'Teachers', ['Teachers']),
    item('/students', 'Students', ['Students']),
    item('/admin-report?tab=teacher', 'Admin Report', ['Admin Report']),
    INTEGRATIONS,
    item('/support', 'Support', ['Support', 'View ticket'], { badge: 'open-tickets' }),
  ],
  teacher: [
    GURU,
    COURSES,
    LIBRARY,
    CONVERSATIONS,
    item('/invoice', 'Invoice', ['Invoice'], { hideInInstitute: true }),
    REPORTS,
    INTEGRATIONS,
    SUBSCRIBED,
    MY_REPORTS,
  ],
  institute: [
    GURU,
    COURSES,
    LIBRARY,
    item('/teacher-list', 'Teachers', ['Teachers']),
    item('/student-list', 'Students', ['Students']),
    CONVERSATIONS,
    item('/invoice', 'Invoice', ['Invoice']),
    REPORTS,
    INTEGRATIONS,
    SUBSCRIBED,
    MY_REPORTS,
  ],
  student: [SUBSCRIBED, MY_REPORTS, CONVERSATIONS],
  partner: [
    item('/invoice', 'Invoice', ['Invoice']),
    item('/partner-report?tab=referred', 'Partner Report', ['Partner Report']),
  ],
  developer: [item('/logs', 'Logs', ['Logs'])],
} satisfies Record<UserType, NavItem[]>;

/**
 * The items a user sees: minus Invoice for a teacher inside an institute, minus the modules their plan
 * gives NONE (the server refuses those calls anyway; hiding spares a dead end).
 */
export function sideNavFor(
  userType: UserType,
  instituteId: string | null | undefined,
  hiddenModules: readonly string[] = [],
): NavItem[] {
  return SIDE_NAV[userType].filter(
    (entry) =>
      !(entry.hideInInstitute && instituteId) && !(entry.module && hiddenModules.includes(entry.module)),
  );
}

/** Badge text: the count up to 9, then "9+". */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}
