import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  AttachmentView,
  DeskList,
  DeskTicket,
  HelpReplyEvent,
  TicketDetail,
  TicketList,
} from '../../../common/contracts/support';
import { SUPPORT_MSG } from '../../../common/contracts/support';
import {
  outbox,
  storedFiles,
  supportAttachments,
  supportMessages,
  supportTickets,
} from '../../db/schema/index';
import { buildAndLogin, nextRemoteAddress } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart, tinyPng } from '../../test/uploads';

let ctx: TestContext;
let baseUrl = '';
const sockets: Socket[] = [];
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let admin: Session;
let otherAdmin: Session;

beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  admin = await buildAndLogin(ctx.app, { userType: 'admin', fullName: 'Meera Support' });
  otherAdmin = await buildAndLogin(ctx.app, { userType: 'admin', fullName: 'Arjun Desk' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => ctx.close());

const call = (
  session: Session,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url,
    headers: session.headers,
    payload: payload as never,
    remoteAddress: nextRemoteAddress(),
  });

async function connect(session: Session, online = true): Promise<Socket> {
  const socket = io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: session.session.jwtToken },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  if (online) {
    // The web app announces itself once connected (SPEC §7); presence decides between live and e-mail.
    socket.emit('saveOnlineUser', { userId: session.user.id });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return socket;
}

async function upload(session: Session, name: string, type: string, bytes: Buffer) {
  const body = multipart(name, type, bytes);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/support/attachments',
    headers: { ...session.headers, ...body.headers },
    payload: body.payload,
    remoteAddress: nextRemoteAddress(),
  });
}

async function openTicket(session: Session, overrides: Record<string, unknown> = {}) {
  const response = await call(session, 'POST', '/api/support/tickets', {
    subject: 'Video will not play',
    category: 'technical',
    priority: 'high',
    message: 'Lesson 2 stops after ten seconds.',
    context: { route: '/subscribed-courses?courseId=x', userAgent: 'Test Browser 1.0' },
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TicketDetail;
}

const latestMailTo = async (email: string) =>
  (await ctx.app.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1))[0];

describe('a requester and the desk', () => {
  it('opens a ticket with a screenshot, which the desk sees with its context and the requester', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'Asha Rao' });
    const adminSocket = await connect(admin);
    const heardByDesk = new Promise<{ kind: string; ticketId: string }>((resolve) =>
      adminSocket.once('support-ticket', resolve),
    );
    const screenshot = await upload(student, 'screen shot.png', 'image/png', tinyPng());
    expect(screenshot.statusCode, screenshot.body).toBe(201);
    const attachment = screenshot.json() as AttachmentView;
    expect(attachment).toMatchObject({
      name: 'screen shot.png',
      category: 'IMAGE',
      contentType: 'image/png',
    });

    const ticket = await openTicket(student, { attachmentIds: [attachment.id] });
    expect(ticket).toMatchObject({ status: 'open', priority: 'high', category: 'technical', unread: false });
    expect(ticket.number).toBeGreaterThanOrEqual(1001);
    expect(ticket.messages).toHaveLength(1);
    expect(ticket.messages[0].attachments.map((a) => a.name)).toEqual(['screen shot.png']);
    expect(await heardByDesk).toMatchObject({ kind: 'new', ticketId: ticket.id });

    // The signed link serves the image's bytes.
    const file = await ctx.app.inject({
      url:
        new URL(ticket.messages[0].attachments[0].url, baseUrl).pathname +
        new URL(ticket.messages[0].attachments[0].url, baseUrl).search,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');

    const queue = (await call(admin, 'GET', '/api/admin/support/tickets?search=Asha')).json() as DeskList;
    expect(queue.rows.map((row) => row.id)).toContain(ticket.id);
    const row = queue.rows.find((r) => r.id === ticket.id);
    expect(row).toMatchObject({ requester: { fullName: 'Asha Rao', userType: 'student' }, assignee: null });
    expect(row?.waitingSince).not.toBeNull();
    expect(row?.firstResponse.metAt).toBeNull();

    const desk = (await call(admin, 'GET', `/api/admin/support/tickets/${ticket.id}`)).json() as DeskTicket;
    expect(desk.context).toEqual({ route: '/subscribed-courses?courseId=x', userAgent: 'Test Browser 1.0' });
    expect(desk.requesterSummary).toMatchObject({ status: 'active', canLogInAs: true });
    expect(desk.admins.map((a) => a.fullName)).toEqual(
      expect.arrayContaining(['Meera Support', 'Arjun Desk']),
    );
  });

  it('a reply reaches the requester live as help-reply; a note never reaches them in any answer or event', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Tara Devi' });
    const ticket = await openTicket(teacher, { subject: 'Invoice address', category: 'billing' });
    const socket = await connect(teacher);
    const events: { event: string; payload: unknown }[] = [];
    socket.onAny((event, payload) => events.push({ event, payload }));
    const helpReply = new Promise<HelpReplyEvent>((resolve) => socket.once('help-reply', resolve));

    const noted = await call(admin, 'POST', `/api/admin/support/tickets/${ticket.id}/notes`, {
      message: 'SECRET: check the payment gateway first',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const answered = await call(admin, 'POST', `/api/admin/support/tickets/${ticket.id}/replies`, {
      message: 'We have updated the address on your invoice.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const reply = await helpReply;
    expect(reply).toEqual({
      userId: admin.user.id,
      _id: expect.any(String),
      ticketId: ticket.id,
      message: 'We have updated the address on your invoice.',
      user: { firstName: 'Meera', lastName: 'Support' },
    });
    // Online: told live, not mailed.
    expect((await latestMailTo(teacher.user.email))?.subject ?? '').not.toContain(`#${ticket.number}`);

    const deskView = answered.json() as DeskTicket;
    expect(deskView.status).toBe('inReview');
    expect(deskView.assignee).toEqual({ id: admin.user.id, fullName: 'Meera Support' });
    expect(deskView.firstResponse.metAt).not.toBeNull();
    expect(deskView.messages.map((m) => m.kind)).toEqual(['reply', 'note', 'reply', 'event', 'event']);

    const unread = (await call(teacher, 'GET', '/api/support/unread')).json() as { newHelpIds: string[] };
    expect(unread.newHelpIds).toEqual([ticket.id]);
    const mine = (await call(teacher, 'GET', '/api/support/tickets')).json() as TicketList;
    expect(mine.rows[0]).toMatchObject({ id: ticket.id, unread: true, status: 'inReview' });
    const thread = await call(teacher, 'GET', `/api/support/tickets/${ticket.id}`);
    expect(thread.body).not.toContain('SECRET');
    const detail = thread.json() as TicketDetail;
    expect(detail.messages.map((m) => [m.kind, m.fromSupport])).toEqual([
      ['reply', false],
      ['reply', true],
      ['event', true],
    ]);
    expect(
      ((await call(teacher, 'GET', '/api/support/unread')).json() as { newHelpIds: string[] }).newHelpIds,
    ).toEqual([]);
    expect(JSON.stringify(events)).not.toContain('SECRET');
  });

  it('mails a requester who is offline, with the reply and a link to the ticket', async () => {
    const partner = await buildAndLogin(ctx.app, { userType: 'partner', fullName: 'Priya Partner' });
    const ticket = await openTicket(partner, { subject: 'Referral link', category: 'account' });
    await call(admin, 'POST', `/api/admin/support/tickets/${ticket.id}/replies`, {
      message: 'Your link is live now.',
    });
    const mail = await latestMailTo(partner.user.email);
    expect(mail.subject).toBe(`Re: [Gurukul #${ticket.number}] Referral link`);
    expect(mail.text).toContain('Your link is live now.');
    expect(mail.text).toContain(`/view-ticket?id=${ticket.id}`);
  });

  it('resolves, takes a rating, reopens on a reply within the window and refuses one after it', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const ticket = await openTicket(student);
    expect(
      (await call(student, 'POST', `/api/support/tickets/${ticket.id}/rating`, { rating: 5 })).json(),
    ).toMatchObject({ message: SUPPORT_MSG.notResolved });
    const resolved = await call(admin, 'POST', `/api/admin/support/tickets/${ticket.id}/replies`, {
      message: 'Fixed: please reload the page.',
      status: 'resolved',
    });
    expect((resolved.json() as DeskTicket).resolution.metAt).not.toBeNull();
    const rated = await call(student, 'POST', `/api/support/tickets/${ticket.id}/rating`, { rating: 4 });
    expect(rated.json()).toMatchObject({ rating: 4, status: 'resolved' });
    expect(
      (await call(student, 'POST', `/api/support/tickets/${ticket.id}/rating`, { rating: 9 })).statusCode,
    ).toBe(400);

    const reopened = await call(student, 'POST', `/api/support/tickets/${ticket.id}/replies`, {
      message: 'It stopped again today.',
    });
    expect(reopened.json()).toMatchObject({ status: 'open', rating: null, resolvedAt: null });
    const desk = (await call(admin, 'GET', `/api/admin/support/tickets/${ticket.id}`)).json() as DeskTicket;
    expect(desk.waitingSince).not.toBeNull();
    expect(desk.messages.filter((m) => m.kind === 'event').map((m) => m.change)).toContainEqual({
      field: 'status',
      from: 'resolved',
      to: 'open',
    });

    // Resolved 15 days ago: too late to reopen, nothing saved.
    await call(admin, 'PATCH', `/api/admin/support/tickets/${ticket.id}`, { status: 'resolved' });
    await ctx.app.db
      .update(supportTickets)
      .set({ resolvedAt: new Date(Date.now() - 15 * 24 * 3600 * 1000) })
      .where(eq(supportTickets.id, ticket.id));
    const before = await ctx.app.db.$count(supportMessages, eq(supportMessages.ticketId, ticket.id));
    const late = await call(student, 'POST', `/api/support/tickets/${ticket.id}/replies`, {
      message: 'Again?',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: SUPPORT_MSG.reopenTooLate });
    expect(await ctx.app.db.$count(supportMessages, eq(supportMessages.ticketId, ticket.id))).toBe(before);
    expect(
      ((await call(student, 'GET', `/api/support/tickets/${ticket.id}`)).json() as TicketDetail).canReply,
    ).toBe(false);
  });

  it('records who changed status, priority, category and assignee, and filters the queue by them', async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute', fullName: 'Lotus Institute' });
    const ticket = await openTicket(institute, {
      subject: 'Seats for teachers',
      category: 'billing',
      priority: 'low',
    });
    const changed = await call(admin, 'PATCH', `/api/admin/support/tickets/${ticket.id}`, {
      priority: 'urgent',
      category: 'account',
      assigneeId: otherAdmin.user.id,
      status: 'inReview',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const desk = changed.json() as DeskTicket;
    expect(desk.messages.filter((m) => m.kind === 'event').map((m) => [m.authorName, m.change])).toEqual([
      ['Meera Support', { field: 'status', from: 'open', to: 'inReview' }],
      ['Meera Support', { field: 'priority', from: 'low', to: 'urgent' }],
      ['Meera Support', { field: 'category', from: 'billing', to: 'account' }],
      ['Meera Support', { field: 'assignee', from: null, to: 'Arjun Desk' }],
    ]);
    // The requester's open page hears the changes it shows (status, priority, category) without a toast.
    const socket = await connect(institute);
    const update = new Promise<{ ticketId: string }>((resolve) => socket.once('help-update', resolve));
    await call(admin, 'PATCH', `/api/admin/support/tickets/${ticket.id}`, { priority: 'high' });
    expect(await update).toMatchObject({ ticketId: ticket.id, status: 'inReview' });
    await call(admin, 'PATCH', `/api/admin/support/tickets/${ticket.id}`, { priority: 'urgent' });
    const byAssignee = (
      await call(otherAdmin, 'GET', '/api/admin/support/tickets?assignee=me&priority=urgent&role=institute')
    ).json() as DeskList;
    expect(byAssignee.rows.map((row) => row.id)).toEqual([ticket.id]);
    const byNumber = (
      await call(admin, 'GET', `/api/admin/support/tickets?search=%23${ticket.number}`)
    ).json() as DeskList;
    expect(byNumber.rows.map((row) => row.id)).toEqual([ticket.id]);
    expect(
      (
        await call(admin, 'PATCH', `/api/admin/support/tickets/${ticket.id}`, {
          assigneeId: institute.user.id,
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(admin, 'PATCH', `/api/admin/support/tickets/${ticket.id}`, {})).statusCode).toBe(400);
  });

  it('counts open, unassigned and overdue tickets against the targets, which the admin can change', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const before = (await call(admin, 'GET', '/api/admin/support/summary')).json() as {
      open: number;
      overdue: number;
    };
    const ticket = await openTicket(student, { priority: 'urgent' });
    await ctx.app.db
      .update(supportTickets)
      .set({ createdAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(eq(supportTickets.id, ticket.id));
    const after = (await call(admin, 'GET', '/api/admin/support/summary')).json() as {
      open: number;
      unassigned: number;
      overdue: number;
    };
    expect(after.open).toBe(before.open + 1);
    // The dashboard's figure is the same count.
    const dashboard = (await call(admin, 'GET', '/api/admin/dashboard')).json() as {
      figures: { openTickets: number };
    };
    expect(dashboard.figures.openTickets).toBe(after.open);
    expect(after.overdue).toBe(before.overdue + 1);
    const row = ((await call(admin, 'GET', `/api/admin/support/tickets/${ticket.id}`)).json() as DeskTicket)
      .firstResponse;
    expect(row.overdue).toBe(true);

    const settings = (await call(admin, 'GET', '/api/admin/support/settings')).json() as {
      targets: Record<string, { firstResponseHours: number; resolutionHours: number }>;
    };
    settings.targets.urgent = { firstResponseHours: 3, resolutionHours: 24 };
    expect((await call(admin, 'PUT', '/api/admin/support/settings', settings)).statusCode).toBe(200);
    const relaxed = (
      await call(admin, 'GET', `/api/admin/support/tickets/${ticket.id}`)
    ).json() as DeskTicket;
    expect(relaxed.firstResponse.overdue).toBe(false);
    expect(
      (await call(admin, 'PUT', '/api/admin/support/settings', { targets: { ...settings.targets, low: {} } }))
        .statusCode,
    ).toBe(400);
    const backwards = await call(admin, 'PUT', '/api/admin/support/settings', {
      targets: { ...settings.targets, urgent: { firstResponseHours: 10, resolutionHours: 8 } },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ message: 'Resolution cannot be due before the first response' });
  });

  it('keeps canned replies for the desk', async () => {
    const created = await call(admin, 'POST', '/api/admin/support/canned-replies', {
      title: 'Reload',
      body: 'Please reload the page and try again.',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    expect(
      (
        await call(admin, 'PUT', `/api/admin/support/canned-replies/${id}`, { title: 'Reload', body: '  ' })
      ).json(),
    ).toMatchObject({ message: 'Only space not allowed' });
    await call(admin, 'PUT', `/api/admin/support/canned-replies/${id}`, {
      title: 'Reload',
      body: 'Reload, please.',
    });
    const list = (await call(admin, 'GET', '/api/admin/support/canned-replies')).json() as {
      replies: { id: string; body: string }[];
    };
    expect(list.replies.find((reply) => reply.id === id)?.body).toBe('Reload, please.');
    expect((await call(admin, 'DELETE', `/api/admin/support/canned-replies/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/admin/support/canned-replies/${id}`)).statusCode).toBe(404);
  });
});

describe('what a requester may not do', () => {
  it('never reads, answers or rates another person’s ticket', async () => {
    const owner = await buildAndLogin(ctx.app, { userType: 'student' });
    const stranger = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const ticket = await openTicket(owner);
    expect((await call(stranger, 'GET', `/api/support/tickets/${ticket.id}`)).statusCode).toBe(404);
    expect(
      (await call(stranger, 'POST', `/api/support/tickets/${ticket.id}/replies`, { message: 'Hi' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(stranger, 'POST', `/api/support/tickets/${ticket.id}/rating`, { rating: 1 })).statusCode,
    ).toBe(404);
    const theirs = (await call(stranger, 'GET', '/api/support/tickets')).json() as TicketList;
    expect(theirs.rows.map((row) => row.id)).not.toContain(ticket.id);
  });

  it('answers empty, space-only and oversized messages clearly, and saves nothing', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const count = () => ctx.app.db.$count(supportTickets, eq(supportTickets.requesterId, student.user.id));
    const blank = await call(student, 'POST', '/api/support/tickets', {
      subject: 'Help',
      category: 'other',
      message: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Only space not allowed' });
    const empty = await call(student, 'POST', '/api/support/tickets', {
      subject: '',
      category: 'other',
      message: 'x',
    });
    expect(empty.json()).toMatchObject({ message: 'Please fill this field' });
    const category = await call(student, 'POST', '/api/support/tickets', {
      subject: 'a',
      category: 'x',
      message: 'x',
    });
    expect(category.json()).toMatchObject({ message: 'Please select an option' });
    const long = await call(student, 'POST', '/api/support/tickets', {
      subject: 'a',
      category: 'other',
      message: 'x'.repeat(5001),
    });
    expect(long.statusCode).toBe(400);
    expect(await count()).toBe(0);
  });

  it('refuses a fake attachment by its bytes, someone else’s upload, and a sent one; a refused ticket keeps nothing', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const other = await buildAndLogin(ctx.app, { userType: 'student' });
    const fake = await upload(
      student,
      'virus.png',
      'image/png',
      Buffer.from('MZ this is not a picture at all'),
    );
    expect(fake.statusCode).toBe(400);
    const pdfName = await upload(
      student,
      'notes.pdf',
      'application/pdf',
      Buffer.from('plain text, not a PDF'),
    );
    expect(pdfName.statusCode).toBe(400);
    expect(await ctx.app.db.$count(storedFiles, eq(storedFiles.ownerId, student.user.id))).toBe(0);

    const theirs = (await upload(other, 'a.png', 'image/png', tinyPng())).json() as AttachmentView;
    const borrowed = await call(student, 'POST', '/api/support/tickets', {
      subject: 'Look',
      category: 'other',
      message: 'See attached',
      attachmentIds: [theirs.id],
    });
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json()).toMatchObject({ message: SUPPORT_MSG.attachmentNotFound });
    expect(await ctx.app.db.$count(supportTickets, eq(supportTickets.requesterId, student.user.id))).toBe(0);
    expect((await call(student, 'DELETE', `/api/support/attachments/${theirs.id}`)).statusCode).toBe(404);

    const mine = (await upload(student, 'b.png', 'image/png', tinyPng())).json() as AttachmentView;
    await openTicket(student, { attachmentIds: [mine.id] });
    const again = await call(student, 'POST', '/api/support/tickets', {
      subject: 'Again',
      category: 'other',
      message: 'Same file',
      attachmentIds: [mine.id],
    });
    expect(again.statusCode).toBe(404);
    expect((await call(student, 'DELETE', `/api/support/attachments/${mine.id}`)).statusCode).toBe(409);

    const unsent = (await upload(student, 'c.png', 'image/png', tinyPng())).json() as AttachmentView;
    expect((await call(student, 'DELETE', `/api/support/attachments/${unsent.id}`)).statusCode).toBe(200);
    expect(await ctx.app.db.$count(supportAttachments, eq(supportAttachments.id, unsent.id))).toBe(0);
  });

  it('answers a reply to an unknown ticket and a bad id with 404 and 400', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const unknown = await call(
      student,
      'POST',
      '/api/support/tickets/6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f/replies',
      {
        message: 'Hello?',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: SUPPORT_MSG.ticketNotFound });
    expect((await call(student, 'GET', '/api/support/tickets/not-a-uuid')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/admin/support/tickets/not-a-uuid')).statusCode).toBe(400);
  });

  it('erasing an account on request removes its tickets and their files', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const file = (await upload(student, 'd.png', 'image/png', tinyPng())).json() as AttachmentView;
    await openTicket(student, { attachmentIds: [file.id] });
    const erased = await call(admin, 'POST', `/api/admin/people/${student.user.id}/erase`, {
      confirmEmail: student.user.email,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await ctx.app.db.$count(supportTickets, eq(supportTickets.requesterId, student.user.id))).toBe(0);
    expect(await ctx.app.db.$count(storedFiles, eq(storedFiles.ownerId, student.user.id))).toBe(0);
  });
});
