import { eq } from 'drizzle-orm';
import type { HelpReplyEvent, TicketStatus } from '../../../common/contracts/support';
import { users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { mailText, sayTo } from '../../http/mail-text';
import { reachUser } from '../../realtime/reach-user';
import { rooms } from '../../realtime/socket';
import { splitFullName } from '../conversations/presenters';
import type { TicketRow } from './thread';

/** What the desk hears (socket `support-ticket`, admins only): enough to refresh the queue, never a note. */
export interface DeskEvent {
  ticketId: string;
  number: number;
  subject: string;
  kind: 'new' | 'reply' | 'update';
}

export function tellDesk(app: App, ticket: TicketRow, kind: DeskEvent['kind']): void {
  const event: DeskEvent = { ticketId: ticket.id, number: ticket.number, subject: ticket.subject, kind };
  app.realtime.notify(rooms.admins, 'support-ticket', event);
}

/**
 * A reply from support reaches its requester as SPEC §3's help-reply, live on every tab, or by e-mail when
 * they are not online. Internal notes never come here.
 */
export async function tellRequesterOfReply(
  app: App,
  ticket: TicketRow,
  reply: { id: string; body: string },
  author: { userId: string; fullName: string },
): Promise<void> {
  const requester = await app.db.query.users.findFirst({
    where: eq(users.id, ticket.requesterId),
    columns: { id: true, email: true, fullName: true, locale: true, deletedAt: true },
  });
  if (!requester || requester.deletedAt) return;
  const event: HelpReplyEvent = {
    userId: author.userId,
    _id: reply.id,
    ticketId: ticket.id,
    message: reply.body,
    user: splitFullName(author.fullName),
  };
  const link = `${app.config.publicUrl}/view-ticket?id=${ticket.id}`;
  // In the requester's own language (decision 070); the number as it is written, never grouped ("#1234").
  const say = sayTo(requester);
  const number = String(ticket.number);
  await reachUser(
    app,
    requester,
    { event: 'help-reply', payload: event },
    {
      subject: say('server.support.mail.replySubject', { number, subject: ticket.subject }),
      text: mailText(say, requester.fullName, [
        say('server.support.mail.replied', { author: author.fullName, number }),
        reply.body,
        `${say('server.support.mail.readAndReply')}\n${link}`,
      ]),
    },
  );
}

/**
 * A change the requester sees on their page (status, priority, category), sent without a toast or mail so an
 * open page refreshes. Assignment is the desk's own business and is not sent.
 */
export function tellRequesterOfChange(app: App, ticket: TicketRow): void {
  app.realtime.notify(rooms.user(ticket.requesterId), 'help-update', {
    ticketId: ticket.id,
    status: ticket.status as TicketStatus,
  });
}
