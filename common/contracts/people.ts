import { z } from 'zod';
import { MSG } from '../messages';
import { dayOrInstant } from './dates';
import { emailField, newPasswordField, requiredText } from './fields';
import { REPORT_FORMATS } from './reports';

/**
 * People: the admin's lists and account pages, the institute's own teachers and students, invitations and
 * the admin dashboard. Paths (JSON, or text/csv with `format=csv`: the whole filtered list):
 *
 *   GET    /api/admin/people                        (admin)     → PeopleList; csv: the rows
 *   GET    /api/admin/people/:userId                (admin)     → PersonDetail
 *   POST   /api/admin/people/:userId/deactivate     (admin)     { reason }
 *   POST   /api/admin/people/:userId/reactivate     (admin)     { reason? }
 *   POST   /api/admin/people/:userId/password-reset (admin)
 *   POST   /api/admin/people/:userId/extend-trial   (admin)     { days }
 *   POST   /api/admin/people/:userId/grant-plan     (admin)     { planId, days }
 *   POST   /api/admin/people/:userId/erase          (admin)     { confirmEmail }
 *   GET    /api/admin/dashboard                     (admin)     → Dashboard
 *   GET    /api/institute/people                    (institute) → PeopleList of its own
 *   DELETE /api/institute/people/:userId            (institute) remove from the institute
 *   POST   /api/institute/people/:userId/enrolments (institute) { courseId }
 *   GET    /api/institute/invites                   (institute) → { invites: Invite[] }
 *   POST   /api/institute/invites                   (institute) { email, fullName?, userType }
 *   DELETE /api/institute/invites/:inviteId         (institute)
 *   POST   /api/institute/invites/import            (institute) multipart CSV → ImportReport
 *   GET    /api/invitations/:token                  (anyone)    → InvitationView
 *   POST   /api/invitations/:token/sign-up          (anyone)    { fullName, password } → login answer
 *   POST   /api/invitations/:token/accept           (logged in as the invited e-mail)
 */

export const PEOPLE_ROLES = ['teacher', 'institute', 'student', 'partner'] as const;
export type PeopleRole = (typeof PEOPLE_ROLES)[number];
export const INSTITUTE_MEMBER_ROLES = ['teacher', 'student'] as const;
export type MemberRole = (typeof INSTITUTE_MEMBER_ROLES)[number];

export const ACCOUNT_STATES = ['active', 'deactivated'] as const;
/** Where a plan holder stands: on a trial, paying, ended (trial or paid), or no plan at all. */
export const BILLING_STATES = ['trial', 'paid', 'ended'] as const;
export type BillingState = (typeof BILLING_STATES)[number] | 'none';
export const PEOPLE_SORTS = ['name', 'email', 'createdAt', 'lastLoginAt'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];

const search = z.string().trim().max(100).optional();
const pagination = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** The admin's filters; role decides the list (teachers, institutes, students, partners). */
/** The people routes' own messages, keyed as `peopleMsg.*` (common/i18n/module-messages.ts). */
export const PEOPLE_MSG = {
  planNotFound: 'Plan not found',
  instituteNotFound: 'Institute not found',
  courseNotFound: 'Course not found',
} as const;

export const peopleQuerySchema = z.object({
  role: z.enum(PEOPLE_ROLES, { error: MSG.selectOption }),
  search,
  status: z.enum(ACCOUNT_STATES).optional(),
  billing: z.enum(BILLING_STATES).optional(),
  planId: z.uuid({ error: PEOPLE_MSG.planNotFound }).optional(),
  instituteId: z.uuid({ error: PEOPLE_MSG.instituteNotFound }).optional(),
  /** Signed up on or after / on or before. */
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  sort: z.enum(PEOPLE_SORTS).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  ...pagination,
  format: z.enum(REPORT_FORMATS).default('json'),
});
export type PeopleQuery = z.input<typeof peopleQuerySchema>;

/** An institute's own teachers or students. */
export const memberQuerySchema = z.object({
  role: z.enum(INSTITUTE_MEMBER_ROLES, { error: MSG.selectOption }),
  search,
  sort: z.enum(PEOPLE_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  ...pagination,
  format: z.enum(REPORT_FORMATS).default('json'),
});
export type MemberQuery = z.input<typeof memberQuerySchema>;

export interface PersonRow {
  id: string;
  fullName: string;
  email: string;
  userType: string;
  isActive: boolean;
  online: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  institute: { id: string; fullName: string } | null;
  /** Plan holders (and an institute's teachers, through their institute). */
  planName: string | null;
  billing: BillingState;
  trialDaysLeft: number | null;
  /** Teachers and institutes: courses they own. Students: courses subscribed. */
  courses: number;
}

export interface PeopleList {
  rows: PersonRow[];
  total: number;
  page: number;
  pageSize: number;
  /** The role's accounts by state, whatever the other filters. */
  counts: { all: number; active: number; deactivated: number };
}

export interface AuditEntry {
  id: number;
  action: string;
  at: string;
  actor: { id: string; fullName: string } | null;
  details: Record<string, unknown>;
}

export interface PersonDetail {
  account: PersonRow & {
    emailVerified: boolean;
    deactivationReason: string | null;
    deleted: boolean;
    isImpersonable: boolean;
  };
  subscription: {
    planId: string;
    planName: string;
    status: string;
    trialEndsAt: string | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    billingPeriod: string | null;
    amount: number | null;
    currency: string | null;
  } | null;
  payments: { id: string; purpose: string; amount: number; currency: string; status: string; at: string }[];
  invoices: { id: string; number: string; total: number; currency: string; issuedAt: string }[];
  ownedCourses: { id: string; title: string; status: string; live: boolean; students: number }[];
  gurus: { id: string; name: string }[];
  /** Institutes: their people. */
  members: { teachers: number; students: number } | null;
  subscriptions: { courseId: string; title: string; subscribedAt: string }[];
  quizResults: {
    id: string;
    quizTitle: string;
    courseTitle: string;
    percent: number | null;
    passed: boolean | null;
    submittedAt: string;
  }[];
  /** Partners: filled in by the referral programme (issue 17). */
  referrals: { signedUp: number } | null;
  audit: AuditEntry[];
}

export const deactivateSchema = z.object({ reason: requiredText(500) });
export const reactivateSchema = z.object({ reason: z.string().trim().max(500).optional() });
export const extendTrialSchema = z.object({
  days: z.coerce
    .number({ error: MSG.numberRange })
    .int(MSG.decimal)
    .min(1, MSG.zero)
    .max(365, MSG.numberRange),
});
export const grantPlanSchema = extendTrialSchema.extend({ planId: z.uuid({ error: MSG.selectOption }) });
export const eraseSchema = z.object({ confirmEmail: emailField });

export const inviteSchema = z.object({
  email: emailField,
  fullName: z.string().trim().max(200).optional(),
  userType: z.enum(INSTITUTE_MEMBER_ROLES, { error: MSG.selectOption }),
});
export type InviteInput = z.input<typeof inviteSchema>;

export const enrolSchema = z.object({ courseId: z.uuid({ error: PEOPLE_MSG.courseNotFound }) });

export type SeatUse = Record<MemberRole, { taken: number; limit: number | null }>;

export interface Invite {
  id: string;
  email: string;
  fullName: string;
  userType: MemberRole;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

/** One line of a CSV import: invited, or refused with the reason. Line numbers count the header as 1. */
export interface ImportRow {
  line: number;
  email: string;
  outcome: 'invited' | 'refused';
  reason: string | null;
}
export interface ImportReport {
  invited: number;
  refused: number;
  rows: ImportRow[];
}
/** At most this many people in one file (a school's intake; larger lists are split). */
export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_MAX_BYTES = 512 * 1024;

export interface InvitationView {
  instituteName: string;
  email: string;
  fullName: string;
  userType: MemberRole;
  /** An account with this e-mail exists: the person logs in and accepts instead of signing up. */
  accountExists: boolean;
}

export const invitationSignUpSchema = z.object({
  fullName: requiredText(200),
  password: newPasswordField,
});

export interface DashboardFigures {
  people: Record<PeopleRole, number>;
  signUps30d: number;
  activeLearners7d: number;
  onlineNow: number;
  /** In the base currency, converted with the stored rates. */
  currency: string;
  revenueThisMonth: number;
  mrr: number;
  coursesLive: number;
  coursesWaiting: number;
  guruSessionsThisMonth: number;
  renderedMinutesThisMonth: number;
  openTickets: number;
}
export interface Dashboard {
  figures: DashboardFigures;
  /** One point per day (ranges up to 92 days) or per month, oldest first. */
  series: { bucket: 'day' | 'month'; points: { at: string; signUps: number; revenue: number }[] };
}
export const dashboardQuerySchema = z.object({ from: dayOrInstant.optional(), to: dayOrInstant.optional() });
