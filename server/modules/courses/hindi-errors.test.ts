import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import hi from '../../i18n/hi/courses.json';
import { insertCourse } from '../../test/courses';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

// Decision 070: the courses module's own errors answered in the caller's language, the English unchanged.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

describe('course errors in Hindi (decision 070)', () => {
  it('refuses to submit a pending course in the teacher’s language, the statuses filled in', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, user.id, { approvalStatus: 'PENDING' });
    const submit = () => ctx.app.inject({ method: 'POST', url: `/api/courses/${course.id}/submit`, headers });

    const english = await submit();
    expect(english.statusCode).toBe(409);
    expect(english.json()).toEqual({
      code: 'CONFLICT',
      message: 'A course that is PENDING cannot be submitted (it must be DRAFT or REJECTED).',
    });

    await chooseLocale(ctx.app, headers, 'hi');
    const hindi = await submit();
    expect(hindi.statusCode).toBe(409);
    expect(hindi.json().message).toBe(
      'PENDING स्थिति वाले कोर्स को स्वीकृति के लिए नहीं भेजा जा सकता (उसकी स्थिति DRAFT या REJECTED होनी चाहिए)।',
    );
  });

  it('says what a draft still needs before it can be submitted, in Hindi', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, user.id);
    const submit = () => ctx.app.inject({ method: 'POST', url: `/api/courses/${course.id}/submit`, headers });
    // Its information is complete (insertCourse), and it has no lesson yet.
    expect((await submit()).json()).toEqual({
      code: 'VALIDATION',
      message: 'Please add at least one lesson video before submitting.',
    });
    await chooseLocale(ctx.app, headers, 'hi');
    const hindi = await submit();
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().message).toBe(hi['server.courses.submit.lesson']);
  });

  it('says an unknown video is not found in Hindi', async () => {
    const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertCourse(ctx.app, user.id);
    const rename = () =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/courses/${course.id}/videos/${randomUUID()}`,
        payload: { title: 'Lesson' },
        headers,
      });
    expect((await rename()).json()).toEqual({ code: 'NOT_FOUND', message: 'Video not found' });
    await chooseLocale(ctx.app, headers, 'hi');
    expect((await rename()).json()).toEqual({
      code: 'NOT_FOUND',
      message: hi['server.courses.videoNotFound'],
    });
  });
});
