import { type APIRequestContext, expect } from '@playwright/test';
import { makeTestClip } from '../../server/test/clips';
import { authHeader } from './api';

/**
 * Uploads a short real lesson video to a course through the API and waits until it is packaged: a course
 * needs a ready lesson before it can be submitted for approval (decision 044).
 */
export async function addReadyLesson(
  request: APIRequestContext,
  token: string,
  courseId: string,
  title = 'Lesson 1',
): Promise<string> {
  const upload = await request.post(
    `/api/courses/${courseId}/videos?kind=lesson&title=${encodeURIComponent(title)}`,
    {
      headers: authHeader(token),
      multipart: {
        file: { name: 'lesson.mp4', mimeType: 'video/mp4', buffer: makeTestClip({ seconds: 1 }).bytes },
      },
    },
  );
  expect(upload.status(), await upload.text()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const list = await request.get(`/api/courses/${courseId}/videos?kind=lesson`, {
          headers: authHeader(token),
        });
        const { videos } = (await list.json()) as { videos: { id: string; status: string }[] };
        return videos.find((video) => video.id === id)?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('ready');
  return id;
}
