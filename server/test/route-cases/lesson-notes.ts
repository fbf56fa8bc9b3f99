import { AUTHOR_ROLES, casesFor, NO_SUCH_ID, type RouteCase, VIEWERS } from './types';

/**
 * A lesson's summary and key terms (issue 37, item 3): read beside the player by whoever may watch (the server
 * then checks the subscription or authorship); read, edited and drafted again by the course's authors.
 */
export const LESSON_NOTES_ROUTES: RouteCase[] = [
  ...casesFor(VIEWERS, [
    ['GET', '/api/learning/videos/:videoId/notes', `/api/learning/videos/${NO_SUCH_ID}/notes`],
  ]),
  ...casesFor(AUTHOR_ROLES, [
    ['GET', '/api/courses/videos/:videoId/notes', `/api/courses/videos/${NO_SUCH_ID}/notes`],
    ['PUT', '/api/courses/videos/:videoId/notes', `/api/courses/videos/${NO_SUCH_ID}/notes`, {}],
    [
      'POST',
      '/api/courses/videos/:videoId/notes/regenerate',
      `/api/courses/videos/${NO_SUCH_ID}/notes/regenerate`,
    ],
  ]),
];
