import { and, desc, eq, gt, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type myTicketsQuerySchema,
  type newTicketSchema,
  type ratingSchema,
  type replySchema,
  SUPPORT_LIMITS,
  SUPPORT_MSG,
  type TicketDetail,
  type TicketList,
} from '../../../common/contracts/support';
import { containsPattern } from '../../db/like-pattern';
import { supportMessages, supportTickets } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest, conflict, notFound } from '../../http/errors';
import { assertAttachable, attachToMessage } from './attachments';
import { tellDesk } from './notify';
import { recordChange, statusCounts, type TicketRow, threadOf, ticketSummary } from './thread';

const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /api/support/tickets: the asker's own tickets, newest activity first, with status counts. */
export async function myTickets(
  app: App,
  actor: Actor,
  query: z.output<typeof myTicketsQuerySchema>,
): Promise<TicketList> {
  const mine = eq(supportTickets.requesterId, actor.userId);
  const conditions: SQL[] = [mine];
  if (query.search) {
    const pattern = containsPattern(query.search);
    const number = /^#?\d{1,9}$/.test(query.search) ? Number(query.search.replace('#', '')) : null;
    conditions.push(
      number === null
        ? sql`${supportTickets.subject} ilike ${pattern}`
        : sql`(${supportTickets.subject} ilike ${pattern} or ${supportTickets.number} = ${number})`,
    );
  }
  const searched = and(...conditions);
  const where = query.status ? and(searched, eq(supportTickets.status, query.status)) : searched;
  const [rows, [{ total }], counts] = await Promise.all([
    app.db
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.lastMessageAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    app.db.select({ total: sql<number>`count(*)::int` }).from(supportTickets).where(where),
    statusCounts(app, searched),
  ]);
  return { rows: rows.map(ticketSummary), total, page: query.page, pageSize: query.pageSize, counts };
}

/** The asker's own ticket, or 404: someone else's ticket does not exist for them. */
async function ownTicket(app: App, actor: Actor, ticketId: string): Promise<TicketRow> {
  const ticket = await app.db.query.supportTickets.findFirst({
    where: and(eq(supportTickets.id, ticketId), eq(supportTickets.requesterId, actor.userId)),
  });
  if (!ticket) throw notFound(SUPPORT_MSG.ticketNotFound);
  return ticket;
}

const reopenDeadline = (ticket: TicketRow) =>
  ticket.resolvedAt
    ? ticket.resolvedAt.getTime() + SUPPORT_LIMITS.reopenDays * DAY_MS
    : Number.POSITIVE_INFINITY;

async function detail(app: App, ticket: TicketRow): Promise<TicketDetail> {
  return {
    ...ticketSummary(ticket),
    messages: await threadOf(app, ticket, 'requester'),
    rating: ticket.rating,
    resolvedAt: ticket.resolvedAt?.toISOString() ?? null,
    canReply: ticket.status !== 'resolved' || Date.now() <= reopenDeadline(ticket),
  };
}

/** GET /api/support/tickets/:id: the thread without internal notes; opening it marks support's replies read. */
export async function readMyTicket(app: App, actor: Actor, ticketId: string): Promise<TicketDetail> {
  const ticket = await ownTicket(app, actor, ticketId);
  // An admin looking through the requester's eyes ("Log in as") must not mark their replies read.
  if (!actor.impersonatorId) {
    const [read] = await app.db
      .update(supportTickets)
      .set({ requesterReadAt: sql`now()` })
      .where(eq(supportTickets.id, ticket.id))
      .returning();
    return detail(app, read);
  }
  return detail(app, ticket);
}

/** POST /api/support/tickets: a new ticket with its first message and attachments, all or nothing. */
export async function openTicket(
  app: App,
  actor: Actor,
  input: z.output<typeof newTicketSchema>,
): Promise<TicketDetail> {
  await assertAttachable(app, actor.userId, input.attachmentIds);
  const ticket = await app.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(supportTickets)
      .values({
        requesterId: actor.userId,
        subject: input.subject,
        category: input.category,
        priority: input.priority,
        context: input.context,
      })
      .returning();
    const [message] = await tx
      .insert(supportMessages)
      .values({ ticketId: created.id, authorId: actor.userId, kind: 'reply', body: input.message })
      .returning();
    await attachToMessage(tx, actor.userId, input.attachmentIds, message.id);
    return created;
  });
  tellDesk(app, ticket, 'new');
  return detail(app, ticket);
}

/**
 * POST /api/support/tickets/:id/replies: the requester writes. A resolved ticket reopens when the reply comes
 * within SUPPORT_LIMITS.reopenDays of its resolution; after that the answer asks for a new ticket.
 */
export async function replyToMyTicket(
  app: App,
  actor: Actor,
  ticketId: string,
  input: z.output<typeof replySchema>,
): Promise<TicketDetail> {
  const ticket = await ownTicket(app, actor, ticketId);
  if (ticket.status === 'resolved' && Date.now() > reopenDeadline(ticket))
    throw conflict(SUPPORT_MSG.reopenTooLate);
  await assertAttachable(app, actor.userId, input.attachmentIds);
  const updated = await app.db.transaction(async (tx) => {
    const [message] = await tx
      .insert(supportMessages)
      .values({ ticketId: ticket.id, authorId: actor.userId, kind: 'reply', body: input.message })
      .returning();
    await attachToMessage(tx, actor.userId, input.attachmentIds, message.id);
    if (ticket.status === 'resolved') {
      await recordChange(tx, ticket.id, actor.userId, { field: 'status', from: 'resolved', to: 'open' });
    }
    const [row] = await tx
      .update(supportTickets)
      .set({
        status: ticket.status === 'resolved' ? 'open' : ticket.status,
        resolvedAt: null,
        rating: ticket.status === 'resolved' ? null : ticket.rating,
        lastMessageAt: sql`now()`,
        waitingSince: sql`coalesce(${supportTickets.waitingSince}, now())`,
        requesterReadAt: sql`now()`,
      })
      .where(eq(supportTickets.id, ticket.id))
      .returning();
    return row;
  });
  tellDesk(app, updated, 'reply');
  return detail(app, updated);
}

/** POST /api/support/tickets/:id/rating: one click, 1 to 5, on a resolved ticket; a new click replaces it. */
export async function rateMyTicket(
  app: App,
  actor: Actor,
  ticketId: string,
  input: z.output<typeof ratingSchema>,
): Promise<TicketDetail> {
  const ticket = await ownTicket(app, actor, ticketId);
  if (ticket.status !== 'resolved') throw badRequest(SUPPORT_MSG.notResolved);
  const [rated] = await app.db
    .update(supportTickets)
    .set({ rating: input.rating, ratedAt: sql`now()` })
    .where(eq(supportTickets.id, ticket.id))
    .returning();
  return detail(app, rated);
}

/** GET /api/support/unread: tickets with a reply from support their requester has not opened (newHelpIds). */
export async function unreadTicketIds(app: App, actor: Actor): Promise<string[]> {
  const rows = await app.db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.requesterId, actor.userId),
        isNotNull(supportTickets.lastStaffReplyAt),
        gt(supportTickets.lastStaffReplyAt, supportTickets.requesterReadAt),
      ),
    );
  return rows.map((row) => row.id);
}
