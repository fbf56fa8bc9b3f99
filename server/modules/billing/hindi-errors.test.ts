import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { insertPaidSubscription, insertPlan } from '../../test/fixtures/billing';
import { startTestApp, type TestContext } from '../../test/harness';

// The billing's own texts (decision 070): answered in the caller's language, the English left word for word.
let ctx: TestContext;
type Headers = Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const post = (headers: Headers, action: string, payload: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/billing/subscription/${action}`, headers, payload });

async function paidTeacher(locale?: 'hi') {
  const current = await insertPlan(ctx.app, {
    name: `Pro ${Math.random().toString(36).slice(2, 8)}`,
    monthly: 999,
  });
  const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  await insertPaidSubscription(ctx.app, teacher.user.id, current.id);
  if (locale) await chooseLocale(ctx.app, teacher.headers, locale);
  return { ...teacher, current };
}

describe('billing errors in the caller language', () => {
  it('refuses a downgrade to the current plan, naming it, in Hindi for a Hindi teacher', async () => {
    const english = await paidTeacher();
    const refused = await post(english.headers, 'downgrade', { planId: english.current.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: `You are already on ${english.current.name}.`,
      fields: { planId: 'Choose another plan' },
    });

    const hindi = await paidTeacher('hi');
    const inHindi = await post(hindi.headers, 'downgrade', { planId: hindi.current.id });
    expect(inHindi.statusCode).toBe(400);
    expect(inHindi.json()).toMatchObject({
      message: `आप पहले से ही ${hindi.current.name} पर हैं।`,
      fields: { planId: 'कोई दूसरा प्लान चुनें' },
    });
  });

  it('says a trial has nothing to cancel, in Hindi with the action named', async () => {
    const english = await buildAndLogin(ctx.app, { userType: 'teacher' });
    expect((await post(english.headers, 'cancel')).json().message).toBe(
      'A free trial has nothing to cancel; it simply ends unless you choose a plan.',
    );
    const hindi = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await chooseLocale(ctx.app, hindi.headers, 'hi');
    const refused = await post(hindi.headers, 'cancel');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'निःशुल्क ट्रायल में रद्द करने के लिए कुछ नहीं है; जब तक आप कोई प्लान नहीं चुनते, यह अपने आप समाप्त हो जाता है।',
    );
  });
});
