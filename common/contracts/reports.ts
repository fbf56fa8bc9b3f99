import { z } from 'zod';
import type { AttemptStatus } from '../quizzes';
import { dayOrInstant } from './dates';

/**
 * Reports: query schemas and answers shared by server and web. Paths (JSON, or text/csv with `format=csv`,
 * which exports the WHOLE filtered list, not one page):
 *
 *   GET /api/reports/me                     (student, teacher, institute) → MyReport; csv: the attempts
 *   GET /api/reports/students               (teacher, institute)          → StudentList; csv: the rows
 *   GET /api/reports/students/:studentId    (teacher, institute)          → StudentReport; csv: attempts
 *   GET /api/reports/courses                (teacher, institute)          → { courses: CourseStat[] }
 *   GET /api/admin-reports/teachers         (admin)                       → TeacherList; csv: the rows
 *   GET /api/admin-reports/students         (admin)                       → AdminStudentList; csv: the rows
 *
 * Definitions (one meaning everywhere; computed in server/modules/reports/learner-stats.ts):
 * - progress of a learner in a course = completed lesson videos / lesson videos of the live (approved)
 *   version, in percent (the same as Subscribed Courses shows);
 * - time spent = sum of watched seconds over the course's videos;
 * - last activity = the latest of: a video progress update, an attempt started or submitted, the
 *   subscription;
 * - an attempt counts once submitted (in-progress attempts are not results yet);
 * - average score = mean percent of the latest marked attempt of each quiz; attempts waiting for marking
 *   are left out of it and counted separately ("waiting");
 * - pass rate = passed marked attempts / marked attempts.
 * Teachers see students subscribed to courses they own; institutes also their teachers' courses.
 */

export const REPORT_FORMATS = ['json', 'csv'] as const;
const pagination = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
};
const format = z.enum(REPORT_FORMATS).default('json');
const search = z.string().trim().max(100).optional();

/** The report routes' own messages, keyed as `reportMsg.*` (common/i18n/module-messages.ts). */
export const REPORT_MSG = {
  courseNotFound: 'Course not found',
  studentNotFound: 'Student not found',
} as const;

/** Filters of one learner's report (mine, or a student's for their teacher). */
export const learnerReportQuerySchema = z.object({
  courseId: z.uuid({ error: REPORT_MSG.courseNotFound }).optional(),
  /** Attempts submitted on or after. */
  from: dayOrInstant.optional(),
  /** Attempts submitted on or before (a day: up to its end). */
  to: dayOrInstant.optional(),
  format,
});
export type LearnerReportQuery = z.input<typeof learnerReportQuerySchema>;

export const STUDENT_SORTS = ['name', 'lastActivity'] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];

/** A teacher's or institute's students. from/to filter on the student's last activity. */
export const studentListQuerySchema = z.object({
  courseId: z.uuid({ error: REPORT_MSG.courseNotFound }).optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  search,
  /** name: A→Z; lastActivity: most recent first. */
  sort: z.enum(STUDENT_SORTS).default('name'),
  ...pagination,
  format,
});
export type StudentListQuery = z.input<typeof studentListQuerySchema>;

export const adminListQuerySchema = z.object({ search, ...pagination, format });
export type AdminListQuery = z.input<typeof adminListQuerySchema>;
export type AdminListFilters = z.output<typeof adminListQuerySchema>;

export const studentParamsSchema = z.object({ studentId: z.uuid({ error: REPORT_MSG.studentNotFound }) });

export interface CourseProgress {
  courseId: string;
  title: string;
  lessonCount: number;
  completedLessons: number;
  progressPercent: number;
  timeSpentSeconds: number;
  /** ISO; never null: the subscription itself is activity. */
  lastActivityAt: string;
  subscribedAt: string;
}

export interface AttemptRow {
  attemptId: string;
  quizId: string;
  quizTitle: string;
  courseId: string;
  courseTitle: string;
  number: number;
  status: Exclude<AttemptStatus, 'in_progress'>;
  /** Null while waiting for marking. */
  score: number | null;
  maxScore: number;
  percent: number | null;
  passed: boolean | null;
  submittedAt: string;
}

export interface TrendPoint {
  submittedAt: string;
  percent: number;
  quizTitle: string;
}

export interface AttemptTotals {
  attempts: number;
  /** Null when nothing has been marked. */
  averagePercent: number | null;
  passed: number;
  waiting: number;
}

/** One learner's report: their courses (progress, time, activity), attempts, score trend and totals. */
export interface LearnerReport {
  courses: CourseProgress[];
  attempts: AttemptRow[];
  trend: TrendPoint[];
  totals: AttemptTotals;
  timeSpentSeconds: number;
  lastActivityAt: string | null;
}

export type MyReport = LearnerReport;

export interface StudentReport extends LearnerReport {
  student: { id: string; fullName: string; email: string };
}

export interface StudentRow {
  id: string;
  fullName: string;
  email: string;
  courses: number;
  averageProgress: number;
  averagePercent: number | null;
  attempts: number;
  waiting: number;
  timeSpentSeconds: number;
  lastActivityAt: string;
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type StudentList = Page<StudentRow>;

export interface CourseStat {
  courseId: string;
  title: string;
  subscribers: number;
  averageProgress: number;
  attempts: number;
  /** Percent of marked attempts that passed; null when none is marked. */
  passRate: number | null;
}

export interface TeacherRow {
  id: string;
  fullName: string;
  email: string;
  userType: 'teacher' | 'institute';
  instituteName: string | null;
  courses: number;
  /** Courses with a live approved version. */
  approvedCourses: number;
  subscribers: number;
  attempts: number;
  averagePercent: number | null;
}
export type TeacherList = Page<TeacherRow>;

export interface AdminStudentRow {
  id: string;
  fullName: string;
  email: string;
  subscriptions: number;
  attempts: number;
  averagePercent: number | null;
  lastActivityAt: string | null;
}
export type AdminStudentList = Page<AdminStudentRow>;
