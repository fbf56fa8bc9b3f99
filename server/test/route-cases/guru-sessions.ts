import { casesFor, NO_SUCH_ID, type RouteCase, VIEWERS } from './types';

/** The live session: learners of a guru's courses and its owner side (who may be any of these roles). */
export const GURU_SESSIONS_ROUTES: RouteCase[] = casesFor(VIEWERS, [
  ['GET', '/api/gurus/for-course/:courseId', `/api/gurus/for-course/${NO_SUCH_ID}`],
  ['GET', '/api/gurus/:guruId/session-info', `/api/gurus/${NO_SUCH_ID}/session-info`],
  ['POST', '/api/gurus/:guruId/sessions', `/api/gurus/${NO_SUCH_ID}/sessions`, {}],
  [
    'POST',
    '/api/conversations/:conversationId/ask',
    `/api/conversations/${NO_SUCH_ID}/ask`,
    { question: 'What is a linear equation?' },
  ],
]);
