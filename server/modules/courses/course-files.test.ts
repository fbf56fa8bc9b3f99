import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema/index';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi, makeTinyClip, uploadClip } from '../../test/live-courses';
import { multipart } from '../../test/uploads';
import { storageUsedBytes } from '../files/uploads';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

describe('deleting a course', () => {
  it("removes every file stored under its folder, and the owner's used storage drops", async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const kept = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Kept' });
    await uploadClip(ctx.app, teacher.headers, kept, makeTinyClip(), 'lesson', 'Stays');
    const usedBefore = await storageUsedBytes(ctx.app, teacher.user.id);

    const courseId = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Doomed' });
    const video = await uploadClip(ctx.app, teacher.headers, courseId, makeTinyClip(), 'lesson', 'Goes');
    const captions = multipart('a.vtt', 'text/vtt', Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n'));
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/courses/${courseId}/videos/${video.id}/captions`,
      payload: captions.payload,
      headers: { ...teacher.headers, ...captions.headers },
    });
    const files = await ctx.app.db
      .select()
      .from(storedFiles)
      .where(like(storedFiles.path, `courses/${courseId}/%`));
    expect(files.length).toBeGreaterThan(3);
    expect(await storageUsedBytes(ctx.app, teacher.user.id)).toBeGreaterThan(usedBefore);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/courses/${courseId}`,
      headers: teacher.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const file of files) expect(await ctx.app.storage.read(file.path)).toBeNull();
    expect(
      await ctx.app.db
        .select()
        .from(storedFiles)
        .where(like(storedFiles.path, `courses/${courseId}/%`)),
    ).toEqual([]);
    expect(await storageUsedBytes(ctx.app, teacher.user.id)).toBe(usedBefore);
  });
});
