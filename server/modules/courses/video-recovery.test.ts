import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseVideos } from '../../db/schema/index';
import { SERVER_HI as serverHi } from '../../i18n/catalog';
import { packagingTimeoutMs } from '../../media/ffmpeg';
import { insertCourse } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi, makeTinyClip, uploadClip } from '../../test/live-courses';
import { STUCK_GRACE_MS, STUCK_VIDEO_MESSAGE, sweepStuckVideos } from './video-recovery';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

const videoRow = async (id: string) =>
  (await ctx.app.db.select().from(courseVideos).where(eq(courseVideos.id, id)))[0];
const retry = (headers: Record<string, string>, courseId: string, videoId: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/courses/${courseId}/videos/${videoId}/retry`, headers });

describe('the stuck-video sweeper', () => {
  it('marks a video processing longer than its time limit plus 10 minutes failed, and leaves a fresh one', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, teacher.user.id);
    const limit = packagingTimeoutMs(60) + STUCK_GRACE_MS;
    const [stuck, fresh, readyOld] = await ctx.app.db
      .insert(courseVideos)
      .values([
        {
          courseId: course.id,
          title: 'Stuck',
          durationSeconds: 60,
          processingStatus: 'processing',
          processingProgress: 40,
          createdAt: new Date(Date.now() - limit - 60_000),
        },
        {
          courseId: course.id,
          title: 'Fresh',
          durationSeconds: 60,
          processingStatus: 'processing',
          createdAt: new Date(Date.now() - limit + 60_000),
        },
        {
          courseId: course.id,
          title: 'Ready',
          processingStatus: 'ready',
          createdAt: new Date(Date.now() - 24 * 3600_000),
        },
      ])
      .returning();

    expect(await sweepStuckVideos(ctx.app)).toBe(1);
    expect(await videoRow(stuck.id)).toMatchObject({
      processingStatus: 'failed',
      processingError: STUCK_VIDEO_MESSAGE.english,
    });
    expect(await videoRow(fresh.id)).toMatchObject({ processingStatus: 'processing', processingError: null });
    expect(await videoRow(readyOld.id)).toMatchObject({ processingStatus: 'ready' });
    expect(await sweepStuckVideos(ctx.app)).toBe(0);
  });
});

describe('retrying a failed video', () => {
  it('packages it again from its source (jobs run inline) and refuses a ready one with 409', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const courseId = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Retry' });
    const video = await uploadClip(ctx.app, teacher.headers, courseId, makeTinyClip(), 'lesson', 'Again');

    const refused = await retry(teacher.headers, courseId, video.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Only a video that failed can be retried.',
    });

    await ctx.app.db
      .update(courseVideos)
      .set({ processingStatus: 'failed', processingError: STUCK_VIDEO_MESSAGE.english, hlsPath: null })
      .where(eq(courseVideos.id, video.id));
    // The stored failure reads in the owner's language (decision 070), word for word in English.
    const listed = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}/videos`, headers });
    expect((await listed(teacher.headers)).json().videos[0].error).toBe(STUCK_VIDEO_MESSAGE.english);
    const hindiList = await listed({ ...teacher.headers, 'accept-language': 'hi' });
    expect(hindiList.json().videos[0].error).toBe(serverHi['server.courses.stuckVideo']);
    const retried = await retry(teacher.headers, courseId, video.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: video.id, status: 'ready', progress: 100, error: null });
    expect(retried.json().playlistUrl).toMatch(/index\.m3u8$/);

    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    expect((await retry(other.headers, courseId, video.id)).statusCode).toBe(403);
  });

  it('refuses a failed video whose source file is gone', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, teacher.user.id);
    const [video] = await ctx.app.db
      .insert(courseVideos)
      .values({
        courseId: course.id,
        title: 'Lost',
        processingStatus: 'failed',
        sourcePath: `courses/${course.id}/videos/missing/source.mp4`,
      })
      .returning();
    const response = await retry(teacher.headers, course.id, video.id);
    expect(response.statusCode).toBe(409);
    expect(await videoRow(video.id)).toMatchObject({ processingStatus: 'failed' });
  });
});
