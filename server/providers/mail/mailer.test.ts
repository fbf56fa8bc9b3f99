import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index';
import { startFakeSmtp } from '../../test/fake-smtp';
import { startTestApp, type TestContext } from '../../test/harness';

let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  ctx = await startTestApp({
    smtpUrl: `${smtp.url}?ignoreTLS=true`,
    mailFrom: 'Gurukul <no-reply@gurukul.test>',
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('mail over SMTP when SMTP_URL is set', () => {
  it('sends the verification link to the SMTP server and not to the outbox', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        fullName: 'Mira Mailer',
        email: 'mira@example.test',
        password: 'Passw0rdOk',
        confirmPassword: 'Passw0rdOk',
        userType: 'student',
        terms: true,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(ctx.app.mailer.kind).toBe('smtp');
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.from).toContain('no-reply@gurukul.test');
    expect(mail.to.join(' ')).toContain('mira@example.test');
    expect(mail.data).toContain('Subject: Verify your Gurukul email address');
    expect(mail.data).toMatch(/http:\/\/gurukul\.test\/verify-email\?token=/);
    const [{ n }] = await ctx.app.db.select({ n: count() }).from(outbox);
    expect(n).toBe(0);
  });
});
