import { rolesWith } from '../../../common/capabilities';
import { AUTHOR_ROLES, LEARNERS, NO_SUCH_ID, type RouteCase, VIEWERS } from './types';

/** Subscriptions, the player, progress and share links. */
export const LEARNING_ROUTES: RouteCase[] = [
  ...(
    [
      [
        'POST',
        '/api/learning/courses/:courseId/subscribe',
        `/api/learning/courses/${NO_SUCH_ID}/subscribe`,
        LEARNERS,
      ],
      ['GET', '/api/learning/subscriptions', '/api/learning/subscriptions', LEARNERS],
      ['GET', '/api/learning/courses/:courseId', `/api/learning/courses/${NO_SUCH_ID}`, VIEWERS],
      [
        'GET',
        '/api/learning/courses/:courseId/videos/:videoId/hls/:file',
        `/api/learning/courses/${NO_SUCH_ID}/videos/${NO_SUCH_ID}/hls/index.m3u8`,
        VIEWERS,
      ],
      [
        'PUT',
        '/api/learning/videos/:videoId/progress',
        `/api/learning/videos/${NO_SUCH_ID}/progress`,
        LEARNERS,
      ],
      ['POST', '/api/courses/:courseId/share-token', `/api/courses/${NO_SUCH_ID}/share-token`, AUTHOR_ROLES],
      [
        'POST',
        '/api/learning/share/:token',
        '/api/learning/share/no-such-token',
        rolesWith('join-shared-course'),
      ],
    ] as const
  ).map(
    ([method, path, url, access]): RouteCase => ({
      method,
      path,
      access,
      allowWhenEnded: false,
      request: () => ({
        url,
        payload: method === 'PUT' ? { positionSeconds: 1, watchedRanges: [[0, 1]] } : undefined,
      }),
    }),
  ),
];
