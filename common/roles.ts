export const USER_TYPES = ['admin', 'teacher', 'institute', 'student', 'partner', 'developer'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Roles the sign-up page offers everyone (decision 061). */
export const OPEN_SIGN_UP_ROLES = ['teacher', 'institute', 'student'] as const;
/**
 * Roles that sign up through their own link, `/sign-up?role=<role>`: partners from the referral programme's
 * page, developers from Contact Us (an admin then grants them the logs, decision 015).
 */
export const LINKED_SIGN_UP_ROLES = ['partner', 'developer'] as const;
/** Roles the server lets a person take at sign-up, the open ones and the linked ones; admins are made by admins. */
export const SIGN_UP_ROLES = ['teacher', 'institute', 'student', 'partner', 'developer'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

/** The roles a sign-up page offers: everyone's, and the one its link names if that is a linked role. */
export function offeredSignUpRoles(linkRole: string | null): SignUpRole[] {
  const linked = LINKED_SIGN_UP_ROLES.find((role) => role === linkRole);
  return linked ? [...OPEN_SIGN_UP_ROLES, linked] : [...OPEN_SIGN_UP_ROLES];
}

export const ROLE_LABELS = {
  admin: 'Admin',
  teacher: 'Teacher',
  institute: 'Institute',
  student: 'Student',
  partner: 'Partner',
  developer: 'Developer',
} satisfies Record<UserType, string>;

export const ROLE_HOMES = {
  admin: '/dashboard',
  teacher: '/guru-list',
  institute: '/guru-list',
  student: '/subscribed-courses',
  partner: '/invoice',
  developer: '/logs',
} satisfies Record<UserType, string>;

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

/** Teachers and institutes pay for plans; a teacher inside an institute is covered by it. */
export function hasOwnPlan(userType: UserType, instituteId: string | null | undefined): boolean {
  return userType === 'institute' || (userType === 'teacher' && !instituteId);
}
