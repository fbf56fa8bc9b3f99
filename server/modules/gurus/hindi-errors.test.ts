import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/en/gurus.json';
import hi from '../../i18n/hi/gurus.json';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { createGuru } from '../../test/gurus';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/uploads';

// The gurus' own refusals in the caller's language (decision 070), the English word for word.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

describe("the gurus' errors in Hindi", () => {
  it('refuses a file that is not a GLB model, and questions from someone not subscribed, in Hindi', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const plan = await insertPlan(ctx.app, { limits: { gurus: 10 } });
    await putOnPlan(ctx.app, teacher.user.id, plan.id);
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const guru = await createGuru(ctx.app, teacher.headers);

    const notGlb = () => {
      const body = multipart('model.glb', 'model/gltf-binary', Buffer.from('not a model at all, just text'));
      return ctx.app.inject({
        method: 'POST',
        url: `/api/gurus/${guru.id}/avatar-glb`,
        headers: { ...teacher.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const ask = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/gurus/${guru.id}/sessions`,
        headers: student.headers,
        payload: {},
      });

    await chooseLocale(ctx.app, teacher.headers, 'hi');
    await chooseLocale(ctx.app, student.headers, 'hi');
    const hindiGlb = await notGlb();
    expect(hindiGlb.statusCode).toBe(400);
    expect(hindiGlb.json().message).toBe(hi['server.gurus.notGlb']);
    const hindiAsk = await ask();
    expect(hindiAsk.statusCode).toBe(403);
    expect(hindiAsk.json().message).toBe('इस गुरु से प्रश्न पूछने के लिए इसके किसी कोर्स की सदस्यता लें।');

    await chooseLocale(ctx.app, teacher.headers, 'en');
    await chooseLocale(ctx.app, student.headers, 'en');
    const englishGlb = await notGlb();
    expect(englishGlb.json().message).toBe(
      'This file is not a GLB model (glTF 2.0 binary). Please choose a .glb file.',
    );
    expect((await ask()).json().message).toBe('Subscribe to a course of this guru to ask it questions.');
    expect(en['server.gurus.subscribeToAsk']).toBe('Subscribe to a course of this guru to ask it questions.');
  });
});
