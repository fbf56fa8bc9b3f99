import { AUTHOR_ROLES, casesFor, NO_SUCH_ID, type RouteCase } from './types';

/** Training a guru and reading its progress: the guru's owner side (teacher, institute, admin). */
export const GURU_TRAINING_ROUTES: RouteCase[] = casesFor(AUTHOR_ROLES, [
  ['POST', '/api/gurus/:guruId/train', `/api/gurus/${NO_SUCH_ID}/train`],
  ['GET', '/api/gurus/:guruId/training', `/api/gurus/${NO_SUCH_ID}/training`],
]);
