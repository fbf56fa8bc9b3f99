import type { APIRequestContext } from '@playwright/test';
import { COURSE_STEPS } from '../../common/courses';
import { GURU_STEPS, GURU_TABS } from '../../common/gurus';
import type { DemoKey } from './accounts';
import { DEMO } from './accounts';
import { apiLogin, authHeader } from './api';
import { type ExpectedFailure, expect } from './test';

/**
 * The pages of the route table as each role that may open them sees them, with the demo data's ids they need:
 * the every-page sweeps (e2e/every-page.spec.ts in English, e2e/every-page-hindi.spec.ts in Hindi) walk them.
 */

/** Paths left out of the sweep, and why; every other path of the route table must be swept by some role. */
export const NOT_SWEPT: Record<string, string> = {
  '/quiz-round':
    'opening it starts a timed attempt that counts against the student (e2e/quiz-taking.spec.ts checks it)',
};

async function json<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: authHeader(token) });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

type Rows = { rows: { id: string }[] };

/**
 * A well-formed certificate number (24 letters, as issue.ts makes them) that no certificate has: the demo data issues
 * none, so the visitors' sweep checks the public check page's "Certificate not found" (decision 079).
 */
export const UNKNOWN_CERTIFICATE = 'nocertificatehasthisidxx';

/** The demo data's ids each role's pages need. */
export async function demoIds(request: APIRequestContext) {
  const teacher = (await apiLogin(request, DEMO.teacher.email)).jwtToken;
  const admin = (await apiLogin(request, DEMO.admin.email)).jwtToken;
  const student = (await apiLogin(request, DEMO.student.email)).jwtToken;
  const courses = await json<{ courses: { id: string; title: string }[] }>(request, teacher, '/api/courses');
  const course = courses.courses.find((each) => each.title === 'Foundations of Geometry');
  if (!course) throw new Error('the demo course Foundations of Geometry is missing');
  const quizzes = await json<{ quizzes: { id: string }[] }>(
    request,
    teacher,
    `/api/quizzes/of-course/${course.id}`,
  );
  const gurus = await json<{ gurus: { id: string }[] }>(request, teacher, '/api/gurus');
  const conversations = await json<{ conversations: { id: string }[] }>(
    request,
    teacher,
    '/api/conversations',
  );
  const libraries = await json<{ libraries: { id: string }[] }>(request, teacher, '/api/course-libraries');
  const tickets = await json<Rows>(request, teacher, '/api/support/tickets');
  const students = await json<Rows>(request, teacher, '/api/reports/students');
  const approvals = await json<{ courses: { id: string; status: string }[] }>(
    request,
    admin,
    '/api/approvals',
  );
  const person = async (role: string) =>
    (await json<Rows>(request, admin, `/api/admin/people?role=${role}&pageSize=5`)).rows[0]?.id;
  const subscriptions = await json<{ courses: { id: string }[] }>(
    request,
    student,
    '/api/learning/subscriptions',
  );
  return {
    course: course.id,
    quiz: quizzes.quizzes[0]?.id,
    guru: gurus.gurus[0]?.id,
    conversation: conversations.conversations[0]?.id,
    library: libraries.libraries[0]?.id,
    ticket: tickets.rows[0]?.id,
    teachersStudent: students.rows[0]?.id,
    pendingCourse: approvals.courses.find((each) => each.status === 'PENDING')?.id,
    teacherAccount: await person('teacher'),
    studentAccount: await person('student'),
    partnerAccount: await person('partner'),
    subscribed: subscriptions.courses[0]?.id,
  };
}
export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

/**
 * The pages each role is swept on: together, every path of the route table but NOT_SWEPT's. `refusals` are the
 * 4xx answers those pages get on purpose (the sweeps declare them with expectFailedResponses).
 */
export const SWEEPS: {
  who: DemoKey | 'visitor';
  title: string;
  paths: (ids: DemoIds) => string[];
  refusals?: ExpectedFailure[];
}[] = [
  {
    who: 'visitor',
    title: 'public pages',
    paths: (ids) => [
      '/',
      '/explore-course',
      '/pricing',
      '/about-us',
      '/contact-us',
      '/referral-program',
      '/refund-and-cancellation',
      '/privacy-policy',
      '/terms-and-conditions',
      '/sign-up',
      '/login',
      '/reset-password',
      '/verify-email',
      `/preview-video?courseId=${ids.course}`,
      '/invitation',
      // Single sign-on's landing, opened with nothing to finish: the refusal it shows then (decision 073).
      '/sso',
      // A certificate's public check with a number no certificate has: "Certificate not found" (decision 079).
      `/certificate/${UNKNOWN_CERTIFICATE}`,
    ],
    refusals: [{ status: 404, method: 'GET', path: `/api/certificates/verify/${UNKNOWN_CERTIFICATE}` }],
  },
  {
    who: 'teacher',
    title: "a teacher's courses",
    paths: (ids) => [
      '/course-list',
      '/add-course-list',
      ...COURSE_STEPS.map((step) => `/add-course-list?courseId=${ids.course}&step=${step}`),
      `/view-course?courseId=${ids.course}`,
      `/add-quiz?courseId=${ids.course}`,
      `/add-quiz?courseId=${ids.course}&quizId=${ids.quiz}`,
      `/view-quiz?quizId=${ids.quiz}&courseId=${ids.course}`,
      `/preview-quiz?quizId=${ids.quiz}&courseId=${ids.course}&mode=author`,
      `/add-study-material?courseId=${ids.course}`,
      `/add-faq?courseId=${ids.course}`,
      `/view-faq?courseId=${ids.course}`,
      '/course-library-list',
      '/course-library-upload',
      `/course-library-wizard?id=${ids.library}`,
    ],
  },
  {
    who: 'teacher',
    title: "a teacher's gurus, students and account",
    paths: (ids) => [
      '/guru-list',
      ...GURU_STEPS.map((step) => `/training-guru?guruId=${ids.guru}&step=${step}`),
      ...GURU_TABS.slice(1).map((tab) => `/training-guru?guruId=${ids.guru}&tab=${tab}`),
      `/guru?guruId=${ids.guru}`,
      '/conversation-management',
      `/view-conversation?conversationId=${ids.conversation}`,
      '/integrations',
      // The LMS's Deep Linking picker without a request: the "expired" state (decision 074).
      '/lti-deep-link',
      '/report',
      '/report?tab=course',
      '/report?tab=insights',
      `/view-student-of-teacher?studentId=${ids.teachersStudent}`,
      '/mark-submission',
      '/plan?page=upgrade',
      '/plan?page=manage',
      '/payment-history',
      '/support-tickets',
      `/view-ticket?id=${ids.ticket}`,
      '/profile',
    ],
  },
  {
    who: 'admin',
    title: "the admin's pages",
    paths: (ids) => [
      '/dashboard',
      '/plan-pricing',
      '/teachers',
      '/teachers?tab=institute',
      `/view-teacher?id=${ids.teacherAccount}`,
      '/students',
      `/view-student?id=${ids.studentAccount}`,
      '/partners',
      `/view-partner?id=${ids.partnerAccount}`,
      '/admin-report',
      '/admin-report?tab=student',
      '/admin-report?tab=insights',
      '/approvals',
      '/approvals?status=APPROVED',
      `/view-approval?courseId=${ids.pendingCourse}`,
      '/support',
      `/view-ticket?id=${ids.ticket}`,
    ],
  },
  {
    who: 'institute',
    title: "an institute's people and bills",
    paths: () => ['/teacher-list', '/student-list', '/invoice', '/plan', '/payment-history'],
  },
  {
    who: 'faculty',
    title: "a teacher of an institute's plan and invoices",
    paths: () => ['/plan', '/invoice'],
  },
  {
    who: 'student',
    title: "a student's learning",
    paths: (ids) => [
      '/subscribed-courses',
      `/subscribed-courses?courseId=${ids.subscribed}`,
      '/explore-new-courses',
      '/summary-report',
      '/summary-report?tab=course',
      `/preview-quiz?quizId=${ids.quiz}&courseId=${ids.course}`,
      `/guru?guruId=${ids.guru}`,
      '/conversation-management',
      '/support-tickets',
      '/certificates',
    ],
  },
  {
    who: 'partner',
    title: "a partner's referrals and invoices",
    paths: () => [
      '/partner-report',
      '/partner-report?tab=commissions',
      '/partner-report?tab=links',
      '/partner-report?tab=conversion',
      '/invoice',
      '/profile',
    ],
  },
  {
    who: 'developer',
    title: "a developer's logs",
    paths: () => ['/logs', '/logs?tab=server', '/logs?tab=errors', '/logs?tab=jobs', '/logs?tab=outbox'],
  },
  {
    who: 'trialEnded',
    title: 'an ended trial',
    paths: () => ['/information?page=free-trial-ended'],
  },
];
