import { ADMINS, casesFor, LEARNERS, NO_SUCH_ID, type RouteCase, TEACHERS } from './types';

/** Reports: learners' own, teachers' and institutes' students, the admin's. */
export const REPORT_ROUTES: RouteCase[] = [
  ...casesFor(LEARNERS, [['GET', '/api/reports/me', '/api/reports/me?format=json']]),
  ...casesFor(TEACHERS, [
    ['GET', '/api/reports/students', '/api/reports/students?sort=lastActivity'],
    ['GET', '/api/reports/students/:studentId', `/api/reports/students/${NO_SUCH_ID}`],
    ['GET', '/api/reports/courses', '/api/reports/courses'],
  ]),
  ...casesFor(ADMINS, [
    ['GET', '/api/admin-reports/teachers', '/api/admin-reports/teachers?search=x'],
    ['GET', '/api/admin-reports/students', '/api/admin-reports/students?page=2'],
  ]),
];
