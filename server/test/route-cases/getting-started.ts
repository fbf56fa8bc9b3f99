import { casesFor, type RouteCase, TEACHERS } from './types';

/** The getting-started checklist of teachers' and institutes' home. */
export const GETTING_STARTED_ROUTES: RouteCase[] = casesFor(TEACHERS, [
  ['GET', '/api/getting-started', '/api/getting-started'],
  ['POST', '/api/getting-started/dismiss', '/api/getting-started/dismiss'],
]);
