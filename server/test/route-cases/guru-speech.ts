import { casesFor, NO_SUCH_ID, type RouteCase, VIEWERS } from './types';

/**
 * Access of the guru speech and D-ID talk routes (see types.ts): every role that can talk to a guru (a
 * subscribed learner or the owner side) passes the role check; the unknown guru then answers 404.
 */
export const GURU_SPEECH_ROUTES: RouteCase[] = casesFor(VIEWERS, [
  ['POST', '/api/gurus/:guruId/speech', `/api/gurus/${NO_SUCH_ID}/speech`, { text: 'Hello there.' }],
  ['POST', '/api/gurus/:guruId/talks', `/api/gurus/${NO_SUCH_ID}/talks`, { text: 'Hello there.' }],
  ['GET', '/api/gurus/:guruId/talks/:talkId', `/api/gurus/${NO_SUCH_ID}/talks/tlk_missing`],
]);
