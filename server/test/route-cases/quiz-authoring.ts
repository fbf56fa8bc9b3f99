import { AUTHOR_ROLES, casesFor, NO_SUCH_ID, type RouteCase } from './types';

const quiz = `/api/quizzes/${NO_SUCH_ID}`;
const question = `${quiz}/questions/${NO_SUCH_ID}`;

/** Quiz authoring: quizzes, questions, CSV and question-bank import, preview check (the course's authors only). */
export const QUIZ_AUTHORING_ROUTES: RouteCase[] = casesFor(AUTHOR_ROLES, [
  ['GET', '/api/quizzes/of-course/:courseId', `/api/quizzes/of-course/${NO_SUCH_ID}`],
  ['POST', '/api/quizzes/of-course/:courseId', `/api/quizzes/of-course/${NO_SUCH_ID}`],
  ['GET', '/api/quizzes/:quizId', quiz],
  ['PUT', '/api/quizzes/:quizId', quiz],
  ['DELETE', '/api/quizzes/:quizId', quiz],
  ['POST', '/api/quizzes/:quizId/questions', `${quiz}/questions`],
  ['PUT', '/api/quizzes/:quizId/questions/:questionId', question],
  ['DELETE', '/api/quizzes/:quizId/questions/:questionId', question],
  ['POST', '/api/quizzes/:quizId/questions/:questionId/duplicate', `${question}/duplicate`],
  ['POST', '/api/quizzes/:quizId/questions/import', `${quiz}/questions/import`],
  ['POST', '/api/quizzes/:quizId/questions/import/preview', `${quiz}/questions/import/preview`],
  ['POST', '/api/quizzes/:quizId/questions/import/bank', `${quiz}/questions/import/bank`],
  ['POST', '/api/quizzes/:quizId/preview/check', `${quiz}/preview/check`, { responses: {} }],
]);
