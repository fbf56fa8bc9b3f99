import { AUTHOR_ROLES, casesFor, NO_SUCH_ID, type RouteCase } from './types';

const exports = `/api/courses/${NO_SUCH_ID}/exports`;

/** Course packages (SCORM, Common Cartridge) and a quiz as QTI 2.1: the course's authors only (decision 077). */
export const COURSE_EXPORT_ROUTES: RouteCase[] = casesFor(AUTHOR_ROLES, [
  ['POST', '/api/courses/:courseId/exports', exports, { format: 'scorm12' }],
  ['GET', '/api/courses/:courseId/exports/:exportId', `${exports}/${NO_SUCH_ID}`],
  ['GET', '/api/quizzes/:quizId/export/qti', `/api/quizzes/${NO_SUCH_ID}/export/qti`],
]);
