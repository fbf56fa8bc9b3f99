export const USER_TYPES = ['admin', 'teacher', 'institute', 'student', 'partner', 'developer'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Roles a person may choose at sign-up; admins are made by admins. */
export const SIGN_UP_ROLES = ['teacher', 'student', 'partner', 'institute', 'developer'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

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
