import { AUTHOR_ROLES, casesFor, NO_SUCH_ID, type RouteCase } from './types';

const library = `/api/course-libraries/${NO_SUCH_ID}`;

/** The course library: admins, institutes and teachers (the owner side of each library is checked inside). */
export const LIBRARY_ROUTES: RouteCase[] = casesFor(AUTHOR_ROLES, [
  ['GET', '/api/course-libraries', '/api/course-libraries'],
  ['POST', '/api/course-libraries', '/api/course-libraries'],
  ['GET', '/api/course-libraries/ready', '/api/course-libraries/ready'],
  ['GET', '/api/course-libraries/:libraryId', library],
  ['PUT', '/api/course-libraries/:libraryId', library],
  ['DELETE', '/api/course-libraries/:libraryId', library],
  [
    'PUT',
    '/api/course-libraries/:libraryId/segments',
    `${library}/segments`,
    { segments: [{ description: 'x' }] },
  ],
  ['POST', '/api/course-libraries/:libraryId/avatar-image', `${library}/avatar-image`],
  [
    'POST',
    '/api/course-libraries/:libraryId/narration-sample',
    `${library}/narration-sample`,
    { text: 'Hello' },
  ],
  ['POST', '/api/course-libraries/:libraryId/generate', `${library}/generate`],
  ['POST', '/api/course-libraries/:libraryId/cancel', `${library}/cancel`],
  ['GET', '/api/course-libraries/:libraryId/generation', `${library}/generation`],
  ['GET', '/api/course-libraries/:libraryId/hls/:file', `${library}/hls/index.m3u8`],
  [
    'POST',
    '/api/courses/:courseId/videos/from-library',
    `/api/courses/${NO_SUCH_ID}/videos/from-library`,
    { title: 'Lesson 1', libraryId: NO_SUCH_ID },
  ],
]);
