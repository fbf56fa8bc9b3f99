import { AUTHOR_ROLES, casesFor, NO_SUCH_ID, type RouteCase } from './types';

const quiz = `/api/question-drafts/quizzes/${NO_SUCH_ID}`;
const draft = `${quiz}/${NO_SUCH_ID}`;

/** Questions drafted for a quiz's review (decision 080): the quiz's course's authors only. */
export const QUESTION_DRAFT_ROUTES: RouteCase[] = casesFor(AUTHOR_ROLES, [
  ['POST', '/api/question-drafts/quizzes/:quizId/runs', `${quiz}/runs`, { videoId: null, count: 5 }],
  ['GET', '/api/question-drafts/quizzes/:quizId/runs/:runId', `${quiz}/runs/${NO_SUCH_ID}`],
  ['GET', '/api/question-drafts/quizzes/:quizId', quiz],
  ['POST', '/api/question-drafts/quizzes/:quizId/:draftId/accept', `${draft}/accept`, {}],
  ['POST', '/api/question-drafts/quizzes/:quizId/:draftId/reject', `${draft}/reject`, {}],
  ['POST', '/api/question-drafts/quizzes/:quizId/:draftId/regenerate', `${draft}/regenerate`],
  ['POST', '/api/question-drafts/quizzes/:quizId/:draftId/more', `${draft}/more`],
]);
