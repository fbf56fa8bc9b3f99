import { AUTHOR_ROLES, casesFor, NO_SUCH_ID, type RouteCase, VIEWERS } from './types';

/**
 * A lesson's summary and key terms (issue 37, item 3): read beside the player by whoever may watch (the server
 * then checks the subscription or authorship); read, edited and drafted again by the course's authors.
 */
export const LESSON_NOTES_ROUTES: RouteCase[] = [
  ...casesFor(VIEWERS, [['GET', '/api/lesson-notes/:videoId', `/api/lesson-notes/${NO_SUCH_ID}`]]),
  ...casesFor(AUTHOR_ROLES, [
    ['GET', '/api/lesson-notes/:videoId/authoring', `/api/lesson-notes/${NO_SUCH_ID}/authoring`],
    ['PUT', '/api/lesson-notes/:videoId/authoring', `/api/lesson-notes/${NO_SUCH_ID}/authoring`, {}],
    ['POST', '/api/lesson-notes/:videoId/regenerate', `/api/lesson-notes/${NO_SUCH_ID}/regenerate`],
  ]),
];
