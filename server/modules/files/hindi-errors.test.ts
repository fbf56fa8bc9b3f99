import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { speak } from '../../http/locale';
import hi from '../../i18n/hi/files.json';
import type { Said } from '../../i18n/said';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { createGuru } from '../../test/gurus';
import { startTestApp, type TestContext } from '../../test/harness';
import { readCsvUpload } from './csv-reader';

// The files module's refusals in the caller's language (decision 070), the English word for word.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

describe("the files module's errors in Hindi", () => {
  it('refuses an upload that is not multipart naming what to send, in the account language', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const plan = await insertPlan(ctx.app, { limits: { gurus: 10 } });
    await putOnPlan(ctx.app, teacher.user.id, plan.id);
    const guru = await createGuru(ctx.app, teacher.headers);
    const notMultipart = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/gurus/${guru.id}/avatar-glb`,
        headers: teacher.headers,
        payload: { file: 'model.glb' },
      });

    await chooseLocale(ctx.app, teacher.headers, 'hi');
    const hindi = await notMultipart();
    expect(hindi.statusCode).toBe(415);
    expect(hindi.json().message).toBe('कृपया .glb फ़ाइल multipart/form-data के रूप में भेजें।');

    await chooseLocale(ctx.app, teacher.headers, 'en');
    const english = await notMultipart();
    expect(english.statusCode).toBe(415);
    expect(english.json().message).toBe('Please send a .glb file as multipart/form-data.');
  });

  it('refuses a signed link that is not valid in the language the browser asks for', async () => {
    const read = (language: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/files/gurus/x/avatar.png?expires=1&signature=nope',
        headers: { 'accept-language': language },
      });
    const hindi = await read('hi');
    expect(hindi.statusCode).toBe(403);
    expect(hindi.json().message).toBe(hi['server.files.linkNotValid']);
    expect((await read('en')).json().message).toBe('This link has expired or is not valid');
  });

  it("says which line of a CSV file cannot be read, with the line in Hindi's sentence too", () => {
    let said: Said | undefined;
    try {
      readCsvUpload(Buffer.from('email\na@b.test\n"open\n'), () => new AppError('INVALID_FILE', 'x'));
    } catch (error) {
      said = (error as AppError).said as Said;
    }
    expect(said?.english).toBe(
      'This CSV file cannot be read: A quoted field starting on line 3 is never closed.',
    );
    expect(speak('hi', said as Said)).toBe(
      'यह CSV फ़ाइल पढ़ी नहीं जा सकती: पंक्ति 3 से शुरू होने वाला उद्धरण चिह्नों वाला फ़ील्ड कभी बंद नहीं होता।',
    );
  });
});
