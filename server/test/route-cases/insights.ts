import { AUTHOR_ROLES, casesFor, NO_SUCH_ID, type RouteCase } from './types';

/** Teacher insights: teachers, institutes and admins (capability 'author'); rows are scoped by the routes. */
export const INSIGHTS_ROUTES: RouteCase[] = casesFor(AUTHOR_ROLES, [
  ['GET', '/api/insights/courses', '/api/insights/courses?search=a&page=1'],
  ['GET', '/api/insights/courses/:courseId', `/api/insights/courses/${NO_SUCH_ID}`],
  ['POST', '/api/insights/courses/:courseId/refresh', `/api/insights/courses/${NO_SUCH_ID}/refresh`],
  [
    'POST',
    '/api/insights/gurus/:guruId/faq',
    `/api/insights/gurus/${NO_SUCH_ID}/faq`,
    { question: 'Where is the lab?', answer: 'Room 4.' },
  ],
  ['GET', '/api/insights/digest', '/api/insights/digest'],
  ['PUT', '/api/insights/digest', '/api/insights/digest', { weeklyDigest: true }],
]);
