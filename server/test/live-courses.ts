import { randomBytes } from 'node:crypto';
import type { App } from '../http/app-type';
import { makeTestClip } from './clips';
import { createCourse, ensureLesson } from './courses';

type Headers = Record<string, string>;

/** A tiny real clip (1 s, 160×120) made by ffmpeg, so packaging runs for real. */
export function makeTinyClip(): Buffer {
  return makeTestClip({ seconds: 1, size: '160x120', rate: 10 }).bytes;
}

function multipart(filename: string, bytes: Buffer) {
  const boundary = `----gurukul${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface CourseInput {
  title: string;
  description?: string;
  category?: string;
  level?: string;
  language?: string;
  price?: number;
  currency?: string;
}

/** Creates a course through the API (free, no passing score unless `input` says otherwise); answers its id. */
export async function createCourseViaApi(app: App, headers: Headers, input: CourseInput): Promise<string> {
  return createCourse(app, headers, {
    description: 'A course for the catalog tests.',
    price: 0,
    passingScore: 0,
    ...input,
  });
}

/** Uploads a clip through the real upload route (jobs run inline, so it is ready on return). */
export async function uploadClip(
  app: App,
  headers: Headers,
  courseId: string,
  clip: Buffer,
  kind: 'lesson' | 'preview',
  title: string,
): Promise<{ id: string; durationSeconds: number }> {
  const body = multipart(`${title}.mp4`, clip);
  const response = await app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/videos?kind=${kind}&title=${encodeURIComponent(title)}`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
  if (response.statusCode !== 201 || response.json().status !== 'ready') {
    throw new Error(`upload: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/**
 * Submits a course and approves it as an admin, through the API. A course without a lesson first gets a
 * stand-in ready one (ensureLesson), as submitting needs a lesson.
 */
export async function submitAndApprove(app: App, author: Headers, admin: Headers, courseId: string) {
  await ensureLesson(app, courseId);
  const submit = await app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/submit`,
    headers: author,
  });
  if (submit.statusCode !== 200) throw new Error(`submit: ${submit.statusCode} ${submit.body}`);
  const approve = await app.inject({
    method: 'POST',
    url: `/api/approvals/${courseId}/approve`,
    headers: admin,
    payload: {},
  });
  if (approve.statusCode !== 200) throw new Error(`approve: ${approve.statusCode} ${approve.body}`);
}
