import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type {
  TicketCategory,
  TicketMessageView,
  TicketPriority,
  TicketStatus,
  TicketSummary,
} from '../../../common/contracts/support';
import { supportMessages, supportTickets, users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { attachmentsOf } from './attachments';

export type TicketRow = typeof supportTickets.$inferSelect;
type Db = Pick<App['db'], 'insert'>;

/**
 * Who reads the thread. The requester never receives internal notes, nor the desk's own bookkeeping
 * (assignment, priority): only replies and status changes. This filter is in the query, so nothing else
 * can leak them.
 */
export type ThreadReader = 'requester' | 'desk';

export async function threadOf(
  app: App,
  ticket: TicketRow,
  reader: ThreadReader,
): Promise<TicketMessageView[]> {
  const visible =
    reader === 'desk'
      ? undefined
      : sql`(${supportMessages.kind} = 'reply' or (${supportMessages.kind} = 'event' and ${supportMessages.change}->>'field' = 'status'))`;
  const rows = await app.db
    .select({ message: supportMessages, authorName: users.fullName })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(and(eq(supportMessages.ticketId, ticket.id), visible))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const attachments = await attachmentsOf(
    app,
    rows.map((row) => row.message.id),
  );
  return rows.map(({ message, authorName }) => ({
    id: message.id,
    kind: message.kind as TicketMessageView['kind'],
    fromSupport: message.authorId !== ticket.requesterId,
    authorName,
    body: message.body,
    change: message.change ?? null,
    attachments: attachments.get(message.id) ?? [],
    createdAt: message.createdAt.toISOString(),
  }));
}

export function ticketSummary(ticket: TicketRow): TicketSummary {
  return {
    id: ticket.id,
    number: ticket.number,
    subject: ticket.subject,
    category: ticket.category as TicketCategory,
    priority: ticket.priority as TicketPriority,
    status: ticket.status as TicketStatus,
    createdAt: ticket.createdAt.toISOString(),
    lastMessageAt: ticket.lastMessageAt.toISOString(),
    unread: Boolean(ticket.lastStaffReplyAt && ticket.lastStaffReplyAt > ticket.requesterReadAt),
  };
}

/** Records a change on the ticket's thread: who changed what, from what, to what, and when. */
export async function recordChange(
  db: Db,
  ticketId: string,
  authorId: string,
  change: { field: string; from: string | null; to: string | null },
): Promise<void> {
  if (change.from === change.to) return;
  await db.insert(supportMessages).values({ ticketId, authorId, kind: 'event', change });
}

/** Status counts over a set of tickets, every status present. */
export async function statusCounts(app: App, where: SQL | undefined): Promise<Record<TicketStatus, number>> {
  const rows = await app.db
    .select({ status: supportTickets.status, count: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(where)
    .groupBy(supportTickets.status);
  const counts: Record<TicketStatus, number> = { open: 0, inReview: 0, resolved: 0 };
  for (const row of rows) counts[row.status as TicketStatus] = row.count;
  return counts;
}
