import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { paymentOrders } from '../../db/schema/index';
import { StartupError } from '../../lifecycle/startup-error';
import { projectRoot } from '../../paths';
import { buildAndLogin, buildUser } from '../../test/factories';
import { startTestApp } from '../../test/harness';
import { insertLiveCourse } from '../../test/payments';
import { checkPaymentSettings, testPaymentsWarning } from './start-check';

// Decision 055: a production start without payment keys is refused unless TEST_PAYMENTS=on asks for the free
// test checkout, which then says so on every page; test-pay answers 404 whenever the test checkout is off.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-payments-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir, ...env });
const KEYS = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret-x' };

function refusal(env: NodeJS.ProcessEnv): StartupError {
  try {
    checkPaymentSettings(load(env));
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError);
    return error as StartupError;
  }
  throw new Error('the start was allowed');
}

describe('the start and the test checkout', () => {
  it('refuses a production start without payment keys, naming both ways out', () => {
    const refused = refusal({ NODE_ENV: 'production' });
    expect(refused.message).toContain('NODE_ENV is production but no payment keys are set');
    expect(refused.fix).toContain('RAZORPAY_KEY_ID');
    expect(refused.fix).toContain('TEST_PAYMENTS=on');
    expect(refusal({ TEST_PAYMENTS: 'off' }).message).toContain('TEST_PAYMENTS is off');
  });

  it('starts in production with TEST_PAYMENTS=on, with the notice and a warning', () => {
    const config = load({ NODE_ENV: 'production', TEST_PAYMENTS: 'on' });
    expect(() => checkPaymentSettings(config)).not.toThrow();
    expect(config).toMatchObject({ testPayments: true, testPaymentsNotice: true });
    expect(testPaymentsWarning(config)).toContain('TEST_PAYMENTS=on');
  });

  it('uses the test checkout quietly in development, and never with keys set', () => {
    const development = load({});
    expect(development).toMatchObject({ testPayments: true, testPaymentsNotice: false });
    expect(testPaymentsWarning(development)).toContain('nothing is charged');
    for (const env of [
      { NODE_ENV: 'production', ...KEYS },
      { TEST_PAYMENTS: 'on', ...KEYS },
    ]) {
      const config = load(env);
      expect(() => checkPaymentSettings(config)).not.toThrow();
      expect(config).toMatchObject({ testPayments: false, testPaymentsNotice: false });
      expect(testPaymentsWarning(config)).toBeNull();
    }
    expect(() => load({ TEST_PAYMENTS: 'yes' })).toThrow(/TEST_PAYMENTS must be on or off/);
  });

  it('stops the real server start with the reason, before PostgreSQL starts', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts')], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        DATA_DIR: path.join(dataDir, 'server'),
        PORT: '3459',
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output).toBe(1);
    expect(output).toContain('Gurukul cannot start: NODE_ENV is production but no payment keys are set');
    expect(output).toContain('TEST_PAYMENTS=on');
    expect(output).not.toContain('[postgres]');
  }, 60_000);
});

describe('test-pay and the notice flag', () => {
  async function orderOf(ctx: Awaited<ReturnType<typeof startTestApp>>) {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const course = await insertLiveCourse(
      ctx.app,
      (await buildUser(ctx.app, { userType: 'teacher' })).id,
      799,
    );
    const [order] = await ctx.app.db
      .insert(paymentOrders)
      .values({
        userId: student.user.id,
        purpose: 'course',
        courseId: course.id,
        amount: 799,
        currency: 'INR',
        provider: 'test',
        providerOrderId: `test_${course.id}`,
        receipt: `r-${course.id}`.slice(0, 40),
      })
      .returning();
    const pay = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/payments/orders/${order.id}/test-pay`,
        headers: student.headers,
        payload: { outcome: 'success' },
      });
    return { order, pay };
  }

  it('answers 404 when the test checkout is off, and pays when it is on', async () => {
    const off = await startTestApp({ testPayments: false, isProduction: true });
    try {
      const { order, pay } = await orderOf(off);
      const refused = await pay();
      expect(refused.statusCode).toBe(404);
      const stored = await off.app.db.query.paymentOrders.findFirst({
        where: eq(paymentOrders.id, order.id),
      });
      expect(stored?.status).toBe('created');
      const flag = await off.app.inject({ url: '/api/common/insight' });
      expect(flag.json()).toMatchObject({ testPayments: false });
    } finally {
      await off.close();
    }

    const on = await startTestApp({ testPayments: true, testPaymentsNotice: true, isProduction: true });
    try {
      const { pay } = await orderOf(on);
      const paid = await pay();
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'paid', granted: true });
      // The public settings call every page load makes carries the notice flag.
      const flag = await on.app.inject({ url: '/api/common/insight' });
      expect(flag.statusCode).toBe(200);
      expect(flag.json()).toMatchObject({ insight: null, testPayments: true });
    } finally {
      await on.close();
    }
  });

  it('answers 404 to test-pay while Razorpay keys are set, even for an old test order', async () => {
    const keyed = await startTestApp({
      razorpay: {
        keyId: 'rzp_test_k',
        keySecret: 'k-secret',
        webhookSecret: undefined,
        apiBase: 'http://127.0.0.1:9',
        checkoutUrl: 'https://checkout.example/checkout.js',
      },
      // Even were the flag left on by mistake, Razorpay's presence turns test-pay off.
      testPayments: true,
    });
    try {
      const { pay } = await orderOf(keyed);
      expect((await pay()).statusCode).toBe(404);
    } finally {
      await keyed.close();
    }
  });
});
