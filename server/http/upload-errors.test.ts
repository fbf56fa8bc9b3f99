import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBody } from '../test/bad-input/bodies';
import { buildCallers, buildWorld, type FuzzCaller } from '../test/bad-input/world';
import { startTestApp, type TestContext } from '../test/harness';
import { JSON_ONLY_MESSAGE } from './content-type-guard';
import { MALFORMED_UPLOAD_MESSAGE } from './error-handler';

/**
 * Issue 12: a truncated multipart body answered 500 ("Unexpected end of multipart data") on every upload
 * route, and a multipart body sent to a JSON route got a puzzling "expected object, received null".
 */
let ctx: TestContext;
let teacher: FuzzCaller;
let ids: Record<string, string[]> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  const callers = await buildCallers(ctx.app);
  ids = await buildWorld(ctx.app, callers);
  teacher = callers.find((caller) => caller.name === 'teacher') as FuzzCaller;
});
afterAll(async () => ctx.close());

const uploads = (): [string, string][] => [
  ['POST', '/api/course-libraries'],
  ['POST', `/api/course-libraries/${ids.libraryId[0]}/avatar-image`],
  ['PUT', `/api/courses/${ids.courseId[0]}/videos/${ids.videoId[0]}/captions`],
  ['POST', `/api/quizzes/${ids.quizId[0]}/questions/import`],
  ['POST', `/api/common/user-info/${teacher.userId}/image?kind=profileImage`],
  ['POST', `/api/courses/${ids.courseId[0]}/thumbnail`],
  ['POST', `/api/courses/${ids.courseId[0]}/materials`],
  ['POST', `/api/courses/${ids.courseId[0]}/videos?kind=lesson&title=One`],
  ['POST', `/api/gurus/${ids.guruId[0]}/avatar-image`],
  ['POST', `/api/gurus/${ids.guruId[0]}/avatar-glb`],
  ['POST', `/api/gurus/${ids.guruId[0]}/introduction-video`],
];

describe('upload routes', () => {
  it.each([
    ['cut short', 'multipart-truncated'],
    ['without a boundary', 'multipart-no-boundary'],
    ['of bytes that are not multipart', 'multipart-garbage'],
  ] as const)('answer 400 with a clear message to a body %s', async (_label, shape) => {
    for (const [method, url] of uploads()) {
      for (const fileIndex of [0, 1, 2, 3]) {
        const body = encodeBody(shape, 'Slides', fileIndex);
        const response = await ctx.app.inject({
          method: method as 'POST',
          url,
          payload: body.payload,
          headers: { ...teacher.headers, ...body.headers },
        });
        // The thumbnail route reads "no file found" in a body with no boundary, which is also true.
        if (response.statusCode === 400 && response.json().message === 'Please choose an image to upload')
          continue;
        expect(response.json(), `${method} ${url} (${shape}, file ${fileIndex})`).toEqual({
          code: 'VALIDATION',
          message: MALFORMED_UPLOAD_MESSAGE.english,
        });
        expect(response.statusCode).toBe(400);
      }
    }
  });

  it('answer 415 asking for multipart/form-data to a JSON body', async () => {
    for (const [method, url] of uploads()) {
      const response = await ctx.app.inject({
        method: method as 'POST',
        url,
        payload: { title: 'Slides' },
        headers: teacher.headers,
      });
      if (url.endsWith('/thumbnail')) {
        // This route reads a missing file as "choose an image": still a clear 400.
        expect(response.statusCode, url).toBe(400);
        continue;
      }
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(response.json().message).toMatch(/multipart\/form-data/);
    }
  });
});

describe('JSON routes', () => {
  const jsonRoutes = (): [string, string][] => [
    ['POST', '/api/courses'],
    ['PUT', `/api/courses/${ids.courseId[0]}`],
    ['POST', '/api/auth/login'],
  ];

  it.each([
    ['a multipart upload', 'multipart'],
    ['a truncated multipart body', 'multipart-truncated'],
    ['text/plain', 'text/plain'],
    ['an octet stream', 'octet-stream'],
  ] as const)('answer 415 asking for JSON to %s', async (_label, shape) => {
    for (const [method, url] of jsonRoutes()) {
      const body = encodeBody(shape, { title: 'x' }, 0);
      const response = await ctx.app.inject({
        method: method as 'POST',
        url,
        payload: body.payload,
        headers: { ...teacher.headers, ...body.headers },
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(415);
      expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: JSON_ONLY_MESSAGE.english });
    }
  });

  it('still take JSON with a charset, and refuse malformed or empty JSON with 400', async () => {
    const send = (contentType: string, payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/courses',
        payload,
        headers: { ...teacher.headers, 'content-type': contentType },
      });
    expect((await send('application/json; charset=utf-8', '{}')).json().code).toBe('VALIDATION');
    expect((await send('application/json; charset=utf-8', '{}')).statusCode).toBe(400);
    expect((await send('application/json', '{"title":')).statusCode).toBe(400);
    expect((await send('application/json', '')).statusCode).toBe(400);
  });

  it('answer 400 asking for a JSON body when there is none', async () => {
    for (const [method, url] of jsonRoutes()) {
      const response = await ctx.app.inject({ method: method as 'POST', url, headers: teacher.headers });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION',
        message: 'This request needs a JSON body (Content-Type: application/json).',
      });
    }
  });
});
