import { casesFor, LEARNERS, NO_SUCH_ID, type RouteCase, TEACHERS } from './types';

const attempt = `/api/learning/attempts/${NO_SUCH_ID}`;
const marking = `/api/marking/attempts/${NO_SUCH_ID}`;

/** Taking quizzes and marking them. */
export const QUIZ_TAKING_ROUTES: RouteCase[] = [
  ...casesFor(LEARNERS, [
    ['GET', '/api/learning/quizzes/of-course/:courseId', `/api/learning/quizzes/of-course/${NO_SUCH_ID}`],
    ['GET', '/api/learning/quizzes/:quizId', `/api/learning/quizzes/${NO_SUCH_ID}`],
    ['POST', '/api/learning/quizzes/:quizId/attempts', `/api/learning/quizzes/${NO_SUCH_ID}/attempts`],
    ['GET', '/api/learning/attempts/:attemptId', attempt],
    [
      'PUT',
      '/api/learning/attempts/:attemptId/answers/:questionId',
      `${attempt}/answers/${NO_SUCH_ID}`,
      { response: { text: 'x' } },
    ],
    [
      'POST',
      '/api/learning/attempts/:attemptId/answers/:questionId/file',
      `${attempt}/answers/${NO_SUCH_ID}/file`,
    ],
    ['POST', '/api/learning/attempts/:attemptId/submit', `${attempt}/submit`],
  ]),
  ...casesFor(TEACHERS, [
    ['GET', '/api/marking/attempts', '/api/marking/attempts'],
    ['GET', '/api/marking/courses', '/api/marking/courses'],
    ['GET', '/api/marking/attempts/:attemptId', marking],
    [
      'PUT',
      '/api/marking/attempts/:attemptId',
      marking,
      { marks: [{ questionId: NO_SUCH_ID, score: 1, feedback: '' }] },
    ],
    [
      'GET',
      '/api/marking/attempts/:attemptId/answers/:questionId/file',
      `${marking}/answers/${NO_SUCH_ID}/file`,
    ],
  ]),
];
