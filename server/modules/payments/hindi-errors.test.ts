import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/en/payments.json';
import hi from '../../i18n/hi/payments.json';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { insertPricedPlan } from '../../test/payments';

// The payments' own texts (decision 070): answered in the caller's language, the English left word for word.
let ctx: TestContext;
type Headers = Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

const order = (headers: Headers, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/payments/orders', headers, payload });

describe('payment errors in the caller language', () => {
  it("names a missing price's period in Hindi for a Hindi teacher, and in the same English otherwise", async () => {
    const plan = await insertPricedPlan(ctx.app, 'teacher', {
      prices: [{ currency: 'INR', period: 'monthly', amount: 499 }],
    });
    const body = { purpose: 'plan', planId: plan.id, period: 'yearly' };
    const english = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const refused = await order(english.headers, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This plan has no yearly price.');

    const hindi = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await chooseLocale(ctx.app, hindi.headers, 'hi');
    const inHindi = await order(hindi.headers, body);
    expect(inHindi.statusCode).toBe(400);
    expect(inHindi.json().message).toBe('इस प्लान का कोई वार्षिक मूल्य नहीं है।');
    expect(hi['server.payments.noPeriodPrice']).toContain('yearly {वार्षिक}');

    const unknownPlan = await order(hindi.headers, {
      purpose: 'plan',
      planId: 'not-a-uuid',
      period: 'monthly',
    });
    // A schema's message (the plan id) is read back by its English.
    expect(unknownPlan.json().message).toBe(hi['server.payments.planNotFound']);
  });

  it('answers an anonymous webhook call by its Accept-Language', async () => {
    const call = (headers: Headers) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: '{}',
      });
    const english = await call({});
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe(en['server.payments.signatureMissing']);
    expect(english.json().message).toBe('Missing X-Razorpay-Signature header.');
    const hindi = await call({ 'accept-language': 'hi' });
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().message).toBe(hi['server.payments.signatureMissing']);
  });
});
