import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDetail } from '../../../common/contracts/support';
import { outbox } from '../../db/schema/index';
import { translate } from '../../http/locale';
import hiSupport from '../../i18n/hi/support.json';
import { buildAndLogin, chooseLocale, nextRemoteAddress } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let hindiAdmin: Session;
let englishAdmin: Session;

const call = (session: Session, method: 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: session.headers,
    payload: payload as never,
    remoteAddress: nextRemoteAddress(),
  });

beforeAll(async () => {
  ctx = await startTestApp();
  hindiAdmin = await buildAndLogin(ctx.app, { userType: 'admin', fullName: 'Meera Support' });
  englishAdmin = await buildAndLogin(ctx.app, { userType: 'admin', fullName: 'Arjun Desk' });
  await chooseLocale(ctx.app, hindiAdmin.headers, 'hi');
});
afterAll(async () => ctx.close());

async function openTicket(session: Session, subject: string) {
  const response = await call(session, 'POST', '/api/support/tickets', {
    subject,
    category: 'account',
    priority: 'high',
    message: 'Please help.',
    context: { route: '/dashboard', userAgent: 'Test Browser 1.0' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TicketDetail;
}

const latestMailTo = async (email: string) =>
  (await ctx.app.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1))[0];

describe('the desk’s refusals in the admin’s language (decision 070)', () => {
  it('says a canned reply is gone in Hindi to a Hindi admin, word for word in English to another', async () => {
    const url = `/api/admin/support/canned-replies/${randomUUID()}`;
    const edit = { title: 'Reload', body: 'Please reload the page.' };
    const inHindi = await call(hindiAdmin, 'PUT', url, edit);
    expect(inHindi.statusCode).toBe(404);
    expect(inHindi.json().message).toBe(hiSupport['server.support.cannedReplyNotFound']);
    const inEnglish = await call(englishAdmin, 'PUT', url, edit);
    expect(inEnglish.json().message).toBe('Canned reply not found');
  });

  it('refuses an assignee who is not an admin, with the field’s message in the same language', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const ticket = await openTicket(student, 'Assign me');
    const url = `/api/admin/support/tickets/${ticket.id}`;
    const inHindi = await call(hindiAdmin, 'PATCH', url, { assigneeId: student.user.id });
    expect(inHindi.statusCode).toBe(400);
    expect(inHindi.json()).toMatchObject({
      message: hiSupport['server.support.assigneeNotFound'],
      fields: { assigneeId: hiSupport['server.support.chooseAdmin'] },
    });
    const inEnglish = await call(englishAdmin, 'PATCH', url, { assigneeId: student.user.id });
    expect(inEnglish.json()).toMatchObject({
      message: 'Assignee not found',
      fields: { assigneeId: 'Please choose an admin' },
    });
  });
});

describe('the reply e-mail in the requester’s language (decision 070)', () => {
  it('mails a Hindi requester in Hindi', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'आशा राव' });
    await chooseLocale(ctx.app, student.headers, 'hi');
    const ticket = await openTicket(student, 'वीडियो नहीं चल रहा');
    const replied = await call(englishAdmin, 'POST', `/api/admin/support/tickets/${ticket.id}/replies`, {
      message: 'Please reload the page.',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const mail = await latestMailTo(student.user.email);
    expect(mail.subject).toBe(`जवाब: [Gurukul #${ticket.number}] वीडियो नहीं चल रहा`);
    expect(mail.text).toBe(
      [
        'नमस्ते आशा राव,',
        translate('hi', 'server.support.mail.replied', {
          author: 'Arjun Desk',
          number: String(ticket.number),
        }),
        'Please reload the page.',
        `पूरी बातचीत पढ़ें और यहाँ जवाब दें:\nhttp://gurukul.test/view-ticket?id=${ticket.id}`,
        'गुरुकुल',
      ].join('\n\n'),
    );
    expect(mail.text).toContain(`गुरुकुल सहायता से Arjun Desk ने आपके टिकट #${ticket.number} का जवाब दिया है:`);
  });

  it('leaves the English e-mail word for word for a requester who never chose', async () => {
    const partner = await buildAndLogin(ctx.app, { userType: 'partner', fullName: 'Priya Partner' });
    const ticket = await openTicket(partner, 'Referral link');
    await call(hindiAdmin, 'POST', `/api/admin/support/tickets/${ticket.id}/replies`, {
      message: 'Your link is live now.',
    });
    const mail = await latestMailTo(partner.user.email);
    expect(mail.subject).toBe(`Re: [Gurukul #${ticket.number}] Referral link`);
    expect(mail.text).toBe(
      `Hello Priya Partner,\n\nMeera Support from Gurukul support replied to your ticket #${ticket.number}:\n\nYour link is live now.\n\nRead the whole conversation and reply here:\nhttp://gurukul.test/view-ticket?id=${ticket.id}\n\nGurukul`,
    );
  });
});
