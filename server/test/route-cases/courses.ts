import { ADMINS, AUTHOR_ROLES, NO_SUCH_ID, type RouteCase } from './types';

/** Course authoring, approvals and the public catalog. */
export const COURSE_ROUTES: RouteCase[] = [
  ...(
    [
      ['GET', '/api/courses', '/api/courses'],
      ['POST', '/api/courses', '/api/courses'],
      ['GET', '/api/courses/:courseId', `/api/courses/${NO_SUCH_ID}`],
      ['PUT', '/api/courses/:courseId', `/api/courses/${NO_SUCH_ID}`],
      ['DELETE', '/api/courses/:courseId', `/api/courses/${NO_SUCH_ID}`],
      ['POST', '/api/courses/:courseId/submit', `/api/courses/${NO_SUCH_ID}/submit`],
      ['POST', '/api/courses/:courseId/thumbnail', `/api/courses/${NO_SUCH_ID}/thumbnail`],
      ['GET', '/api/courses/:courseId/videos', `/api/courses/${NO_SUCH_ID}/videos`],
      ['POST', '/api/courses/:courseId/videos', `/api/courses/${NO_SUCH_ID}/videos?kind=lesson`],
      ['PUT', '/api/courses/:courseId/videos/:videoId', `/api/courses/${NO_SUCH_ID}/videos/${NO_SUCH_ID}`],
      ['DELETE', '/api/courses/:courseId/videos/:videoId', `/api/courses/${NO_SUCH_ID}/videos/${NO_SUCH_ID}`],
      [
        'POST',
        '/api/courses/:courseId/videos/:videoId/retry',
        `/api/courses/${NO_SUCH_ID}/videos/${NO_SUCH_ID}/retry`,
      ],
      [
        'PUT',
        '/api/courses/:courseId/videos/:videoId/captions',
        `/api/courses/${NO_SUCH_ID}/videos/${NO_SUCH_ID}/captions`,
      ],
      [
        'DELETE',
        '/api/courses/:courseId/videos/:videoId/captions',
        `/api/courses/${NO_SUCH_ID}/videos/${NO_SUCH_ID}/captions`,
      ],
      [
        'GET',
        '/api/courses/:courseId/videos/:videoId/hls/:file',
        `/api/courses/${NO_SUCH_ID}/videos/${NO_SUCH_ID}/hls/index.m3u8`,
      ],
      ['GET', '/api/courses/:courseId/faqs', `/api/courses/${NO_SUCH_ID}/faqs`],
      ['POST', '/api/courses/:courseId/faqs', `/api/courses/${NO_SUCH_ID}/faqs`],
      ['PUT', '/api/courses/:courseId/faqs/:faqId', `/api/courses/${NO_SUCH_ID}/faqs/${NO_SUCH_ID}`],
      ['DELETE', '/api/courses/:courseId/faqs/:faqId', `/api/courses/${NO_SUCH_ID}/faqs/${NO_SUCH_ID}`],
      ['GET', '/api/courses/:courseId/materials', `/api/courses/${NO_SUCH_ID}/materials`],
      ['POST', '/api/courses/:courseId/materials', `/api/courses/${NO_SUCH_ID}/materials?title=x`],
      [
        'PUT',
        '/api/courses/:courseId/materials/:materialId',
        `/api/courses/${NO_SUCH_ID}/materials/${NO_SUCH_ID}`,
      ],
      [
        'DELETE',
        '/api/courses/:courseId/materials/:materialId',
        `/api/courses/${NO_SUCH_ID}/materials/${NO_SUCH_ID}`,
      ],
      [
        'GET',
        '/api/courses/:courseId/materials/:materialId/url',
        `/api/courses/${NO_SUCH_ID}/materials/${NO_SUCH_ID}/url`,
      ],
      // A rejection's item comments: the course's authors (owner, institute) and admins read them.
      ['GET', '/api/approvals/:courseId/item-comments', `/api/approvals/${NO_SUCH_ID}/item-comments`],
    ] as const
  ).map(
    ([method, path, url]): RouteCase => ({
      method,
      path,
      access: AUTHOR_ROLES,
      allowWhenEnded: false,
      request: () => ({ url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} }),
    }),
  ),
  ...(
    [
      ['GET', '/api/approvals', '/api/approvals'],
      ['GET', '/api/approvals/:courseId', `/api/approvals/${NO_SUCH_ID}`],
      ['POST', '/api/approvals/:courseId/approve', `/api/approvals/${NO_SUCH_ID}/approve`],
      ['POST', '/api/approvals/:courseId/reject', `/api/approvals/${NO_SUCH_ID}/reject`],
      [
        'GET',
        '/api/approvals/:courseId/videos/:videoId/hls/:file',
        `/api/approvals/${NO_SUCH_ID}/videos/${NO_SUCH_ID}/hls/index.m3u8`,
      ],
    ] as const
  ).map(
    ([method, path, url]): RouteCase => ({
      method,
      path,
      access: ADMINS,
      allowWhenEnded: false,
      request: () => ({ url, payload: method === 'POST' ? { comment: 'x' } : undefined }),
    }),
  ),
  ...(
    [
      ['GET', '/api/catalog/courses', '/api/catalog/courses?search=x&price=free'],
      ['GET', '/api/catalog/courses/:courseId', `/api/catalog/courses/${NO_SUCH_ID}`],
      [
        'GET',
        '/api/catalog/courses/:courseId/previews/:videoId/hls/:file',
        `/api/catalog/courses/${NO_SUCH_ID}/previews/${NO_SUCH_ID}/hls/index.m3u8`,
      ],
    ] as const
  ).map(
    ([method, path, url]): RouteCase => ({
      method,
      path,
      access: 'public',
      allowWhenEnded: true,
      request: () => ({ url }),
    }),
  ),
];
