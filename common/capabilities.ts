import { USER_TYPES, type UserType } from './roles';

/**
 * What each role may do, by name: the one authorization map. The page route table (common/routes.ts), every
 * server route's `config.access` and the authorization tests derive who may do what from it, so a role gains or
 * loses a capability in one line (decision 026). The server still decides per request from the database: the map
 * says which roles, the routes' own checks say which rows.
 */
export const CAPABILITIES = [
  /** Their own profile, password, theme. */
  'manage-account',
  /** Help tickets (every role: docs/decisions/002-help-for-every-role.md). */
  'get-help',
  /** Talk to a guru and read the conversations that follow. */
  'converse',
  /** Make courses, quizzes, FAQ, study material, course libraries and gurus, and their integrations. */
  'author',
  /** Run the platform: plans, approvals, people, exchange rates, the admin dashboard and report. */
  'administer',
  /** Reports on their own students and marking their answers. */
  'teach',
  /** Hold a paid plan of their own: plan page, payment history. */
  'hold-plan',
  /** Institute-only: their teachers and students. */
  'manage-institute',
  /** Subscribe to courses, take quizzes, see their own reports. */
  'learn',
  /** Pay: a plan or a paid course. */
  'pay',
  /** Watch a course's lessons (learners, and admins reviewing). */
  'watch',
  /** Receive invoices: plan buyers and partners (commission invoices). */
  'receive-invoices',
  /** Refer people and earn commission. */
  'refer',
  /** Read logs and the outbox (developers once an admin grants access: decision 015). */
  'read-logs',
  /** Log in as someone they look after (admins anyone but admins, institutes their faculty: SPEC §4). */
  'log-in-as',
  /** Join a course through its share link (SPEC: students and teachers). */
  'join-shared-course',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const ROLE_CAPABILITIES = {
  admin: [
    'manage-account',
    'get-help',
    'converse',
    'author',
    'administer',
    'watch',
    'read-logs',
    'log-in-as',
  ],
  teacher: [
    'manage-account',
    'get-help',
    'converse',
    'author',
    'teach',
    'hold-plan',
    'learn',
    'pay',
    'watch',
    'receive-invoices',
    'join-shared-course',
  ],
  institute: [
    'manage-account',
    'get-help',
    'converse',
    'author',
    'teach',
    'hold-plan',
    'manage-institute',
    'learn',
    'pay',
    'watch',
    'receive-invoices',
    'log-in-as',
  ],
  student: ['manage-account', 'get-help', 'converse', 'learn', 'pay', 'watch', 'join-shared-course'],
  partner: ['manage-account', 'get-help', 'receive-invoices', 'refer'],
  developer: ['manage-account', 'get-help', 'read-logs'],
} as const satisfies Record<UserType, readonly Capability[]>;

/** Whether a role has a capability. */
export function can(userType: UserType, capability: Capability): boolean {
  return (ROLE_CAPABILITIES[userType] as readonly Capability[]).includes(capability);
}

/** The roles that have a capability, in USER_TYPES order: what a route's access list is. */
export function rolesWith(capability: Capability): readonly UserType[] {
  return USER_TYPES.filter((userType) => can(userType, capability));
}
