import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { courseVideos } from '../db/schema/index';
import { SERVER_HI } from '../i18n/catalog';
import { packagingTimeoutMs } from '../media/ffmpeg';
import { STUCK_GRACE_MS, STUCK_VIDEO_MESSAGE, sweepStuckVideos } from '../modules/courses/video-recovery';
import { insertCourse } from '../test/courses';
import { buildAndLogin, chooseLocale } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { connectSocket } from '../test/sockets';

let ctx: TestContext;
let baseUrl = '';
const sockets: Socket[] = [];
beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => ctx?.close());

const connect = (token: string) => connectSocket(baseUrl, token, sockets);

/** A teacher in `locale` with a video stuck in processing, listening for its failure. */
async function stuckVideoOf(locale: 'en' | 'hi') {
  const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  await chooseLocale(ctx.app, teacher.headers, locale);
  const course = await insertCourse(ctx.app, teacher.user.id);
  const [video] = await ctx.app.db
    .insert(courseVideos)
    .values({
      courseId: course.id,
      title: 'Stuck',
      durationSeconds: 60,
      processingStatus: 'processing',
      createdAt: new Date(Date.now() - packagingTimeoutMs(60) - STUCK_GRACE_MS - 60_000),
    })
    .returning();
  const socket = await connect(teacher.session.jwtToken);
  const failed = new Promise<{ videoId: string; error?: string }>((resolve) =>
    socket.on('videoProcessing', (event: { videoId: string; error?: string }) => {
      if (event.videoId === video.id) resolve(event);
    }),
  );
  return { failed };
}

describe('live events in the recipient’s language (notify-user.ts)', () => {
  it('carries a stored failure text in the language its recipient chose, and as stored to an English one', async () => {
    const hindi = await stuckVideoOf('hi');
    const english = await stuckVideoOf('en');
    await sweepStuckVideos(ctx.app);
    expect((await hindi.failed).error).toBe(SERVER_HI['server.courses.stuckVideo']);
    expect((await english.failed).error).toBe(STUCK_VIDEO_MESSAGE.english);
    expect(SERVER_HI['server.courses.stuckVideo']).not.toBe(STUCK_VIDEO_MESSAGE.english);
  });
});
