import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  DeskList,
  DeskRow,
  DeskSummary,
  DeskTicket,
  deskQuerySchema,
  deskReplySchema,
  SupportSettings,
  TicketPriority,
  TicketStatus,
  ticketUpdateSchema,
} from '../../../common/contracts/support';
import { SUPPORT_MSG, TICKET_PRIORITIES } from '../../../common/contracts/support';
import type { UserType } from '../../../common/roles';
import { containsPattern } from '../../db/like-pattern';
import { supportMessages, supportTickets, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { assertAttachable, attachToMessage } from './attachments';
import { tellDesk, tellRequesterOfChange, tellRequesterOfReply } from './notify';
import { readSupportSettings, slaClocks } from './sla';
import { recordChange, type TicketRow, threadOf, ticketSummary } from './thread';

const requester = sql`r`;

/** Unresolved and past a target now, in SQL, for the settings in force (the summary's "overdue"). */
function overdueCondition(settings: SupportSettings): SQL {
  const hoursFor = (kind: 'firstResponseHours' | 'resolutionHours') =>
    sql.join(
      [
        sql`case ${supportTickets.priority}`,
        ...TICKET_PRIORITIES.map(
          (priority) => sql`when ${priority} then ${settings.targets[priority][kind]}::float8`,
        ),
        sql`else ${settings.targets.normal[kind]}::float8 end`,
      ],
      sql` `,
    );
  return sql`(${supportTickets.status} <> 'resolved' and (
    (${supportTickets.firstResponseAt} is null and ${supportTickets.createdAt} + make_interval(secs => ${hoursFor('firstResponseHours')} * 3600) < now())
    or ${supportTickets.createdAt} + make_interval(secs => ${hoursFor('resolutionHours')} * 3600) < now()))`;
}

/** The filters of the queue, except status (so the status counts answer "how many of these are …"). */
function deskConditions(actor: Actor, query: z.output<typeof deskQuerySchema>): SQL[] {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    const number = /^#?\d{1,9}$/.test(query.search) ? Number(query.search.replace('#', '')) : -1;
    conditions.push(
      sql`(${supportTickets.subject} ilike ${pattern} or ${supportTickets.number} = ${number}
        or ${requester}.email ilike ${pattern} or ${requester}.full_name ilike ${pattern})`,
    );
  }
  if (query.priority) conditions.push(eq(supportTickets.priority, query.priority));
  if (query.category) conditions.push(eq(supportTickets.category, query.category));
  if (query.role) conditions.push(sql`${requester}.user_type = ${query.role}`);
  if (query.assignee === 'none') conditions.push(sql`${supportTickets.assigneeId} is null`);
  else if (query.assignee === 'me') conditions.push(eq(supportTickets.assigneeId, actor.userId));
  else if (query.assignee) conditions.push(eq(supportTickets.assigneeId, query.assignee));
  if (query.olderThanDays) {
    conditions.push(
      sql`${supportTickets.createdAt} < now() - make_interval(days => ${Number(query.olderThanDays)})`,
    );
  }
  return conditions;
}

const SORTS = {
  // Longest waiting first; tickets nobody waits on (support spoke last) after them, oldest activity first.
  waiting: [sql`${supportTickets.waitingSince} asc nulls last`, asc(supportTickets.lastMessageAt)],
  newest: [desc(supportTickets.createdAt)],
  updated: [desc(supportTickets.lastMessageAt)],
} as const;

type JoinedRow = {
  ticket: TicketRow;
  requester: { id: string; fullName: string; email: string; userType: string };
  assigneeName: string | null;
};

function deskRow(row: JoinedRow, settings: SupportSettings, now: number): DeskRow {
  const { ticket } = row;
  const summary = ticketSummary(ticket);
  return {
    id: summary.id,
    number: summary.number,
    subject: summary.subject,
    category: summary.category,
    priority: summary.priority,
    status: summary.status,
    createdAt: summary.createdAt,
    lastMessageAt: summary.lastMessageAt,
    requester: { ...row.requester, userType: row.requester.userType as UserType },
    assignee:
      ticket.assigneeId && row.assigneeName ? { id: ticket.assigneeId, fullName: row.assigneeName } : null,
    waitingSince: ticket.waitingSince?.toISOString() ?? null,
    ...slaClocks(settings, ticket, now),
  };
}

/** The tickets with requester and assignee, joined as the queue and the ticket page need them. */
function joined(app: App) {
  return app.db
    .select({
      ticket: supportTickets,
      requester: {
        id: sql<string>`${requester}.id`,
        fullName: sql<string>`${requester}.full_name`,
        email: sql<string>`${requester}.email`,
        userType: sql<string>`${requester}.user_type`,
      },
      assigneeName: users.fullName,
    })
    .from(supportTickets)
    .innerJoin(sql`users r`, sql`${requester}.id = ${supportTickets.requesterId}`)
    .leftJoin(users, eq(users.id, supportTickets.assigneeId));
}

/** GET /api/admin/support/tickets: one page of the queue, filtered and sorted in SQL. */
export async function deskQueue(
  app: App,
  actor: Actor,
  query: z.output<typeof deskQuerySchema>,
): Promise<DeskList> {
  const settings = await readSupportSettings(app);
  const base = deskConditions(actor, query);
  const stated = [...base];
  if (query.status === 'unresolved') stated.push(ne(supportTickets.status, 'resolved'));
  else stated.push(eq(supportTickets.status, query.status));
  const where = and(...stated);
  const [rows, [{ total }], counts] = await Promise.all([
    joined(app)
      .where(where)
      .orderBy(...SORTS[query.sort], asc(supportTickets.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    app.db
      .select({ total: sql<number>`count(*)::int` })
      .from(supportTickets)
      .innerJoin(sql`users r`, sql`${requester}.id = ${supportTickets.requesterId}`)
      .where(where),
    statusCountsJoined(app, base.length > 0 ? and(...base) : undefined),
  ]);
  const now = Date.now();
  return {
    rows: rows.map((row) => deskRow(row, settings, now)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

async function statusCountsJoined(app: App, where: SQL | undefined): Promise<Record<TicketStatus, number>> {
  const rows = await app.db
    .select({ status: supportTickets.status, count: sql<number>`count(*)::int` })
    .from(supportTickets)
    .innerJoin(sql`users r`, sql`${requester}.id = ${supportTickets.requesterId}`)
    .where(where)
    .groupBy(supportTickets.status);
  const counts: Record<TicketStatus, number> = { open: 0, inReview: 0, resolved: 0 };
  for (const row of rows) counts[row.status as TicketStatus] = row.count;
  return counts;
}

/** GET /api/admin/support/summary: the side navigation's count and the desk's headline figures. */
export async function deskSummary(app: App): Promise<DeskSummary> {
  const settings = await readSupportSettings(app);
  const [row] = await app.db
    .select({
      open: sql<number>`count(*) filter (where ${supportTickets.status} <> 'resolved')::int`,
      unassigned: sql<number>`count(*) filter (where ${supportTickets.status} <> 'resolved' and ${supportTickets.assigneeId} is null)::int`,
      overdue: sql<number>`count(*) filter (where ${overdueCondition(settings)})::int`,
    })
    .from(supportTickets)
    .where(ne(supportTickets.status, 'resolved'));
  return { open: row.open, unassigned: row.unassigned, overdue: row.overdue };
}

async function loadTicket(app: App, ticketId: string): Promise<TicketRow> {
  const ticket = await app.db.query.supportTickets.findFirst({ where: eq(supportTickets.id, ticketId) });
  if (!ticket) throw notFound(SUPPORT_MSG.ticketNotFound);
  return ticket;
}

/** GET /api/admin/support/tickets/:id: the whole thread (notes and events too), the requester, the clocks. */
export async function deskTicket(app: App, ticketId: string): Promise<DeskTicket> {
  const [row] = await joined(app).where(eq(supportTickets.id, ticketId));
  if (!row) throw notFound(SUPPORT_MSG.ticketNotFound);
  const settings = await readSupportSettings(app);
  const [messages, account, otherTickets, admins] = await Promise.all([
    threadOf(app, row.ticket, 'desk'),
    app.db.execute<{
      is_active: boolean;
      created_at: string;
      last_login_at: string | null;
      institute_name: string | null;
      plan_name: string | null;
    }>(sql`
      select u.is_active, u.created_at, u.last_login_at, i.full_name as institute_name,
        (select p.name from subscriptions s join plans p on p.id = s.plan_id
          where u.user_type in ('teacher', 'institute')
            and s.user_id = case when u.user_type = 'teacher' then coalesce(u.institute_id, u.id) else u.id end
          order by s.created_at desc limit 1) as plan_name
      from users u left join users i on i.id = u.institute_id
      where u.id = ${row.ticket.requesterId}`),
    app.db
      .select({
        id: supportTickets.id,
        number: supportTickets.number,
        subject: supportTickets.subject,
        status: supportTickets.status,
      })
      .from(supportTickets)
      .where(
        and(eq(supportTickets.requesterId, row.ticket.requesterId), ne(supportTickets.id, row.ticket.id)),
      )
      .orderBy(desc(supportTickets.lastMessageAt))
      .limit(10),
    app.db
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(and(eq(users.userType, 'admin'), eq(users.isActive, true)))
      .orderBy(asc(users.fullName)),
  ]);
  const person = account.rows[0];
  return {
    ...deskRow(row, settings, Date.now()),
    context: row.ticket.context,
    messages,
    rating: row.ticket.rating,
    resolvedAt: row.ticket.resolvedAt?.toISOString() ?? null,
    requesterSummary: {
      status: person?.is_active === false ? 'deactivated' : 'active',
      createdAt: new Date(person?.created_at ?? row.ticket.createdAt).toISOString(),
      lastLoginAt: person?.last_login_at ? new Date(person.last_login_at).toISOString() : null,
      planName: person?.plan_name ?? null,
      instituteName: person?.institute_name ?? null,
      otherTickets: otherTickets.map((ticket) => ({ ...ticket, status: ticket.status as TicketStatus })),
      canLogInAs: row.requester.userType !== 'admin' && person?.is_active !== false,
    },
    admins,
  };
}

/** The columns a status change sets besides the status: the resolution clock and who is waiting. */
function statusColumns(ticket: TicketRow, to: TicketStatus) {
  if (to === 'resolved') return { status: to, resolvedAt: sql`now()`, waitingSince: null };
  return {
    status: to,
    resolvedAt: null,
    // Reopened by support: the requester is waiting again only if they spoke last.
    waitingSince: ticket.status === 'resolved' ? null : ticket.waitingSince,
  };
}

/**
 * POST /api/admin/support/tickets/:id/replies: support answers. The requester hears it at once (help-reply) or by
 * e-mail; the first answer stops the first-response clock; an open ticket becomes in review unless told otherwise.
 */
export async function deskReply(
  app: App,
  actor: Actor,
  ticketId: string,
  input: z.output<typeof deskReplySchema>,
): Promise<DeskTicket> {
  const ticket = await loadTicket(app, ticketId);
  await assertAttachable(app, actor.userId, input.attachmentIds);
  const to: TicketStatus =
    input.status ?? (ticket.status === 'open' ? 'inReview' : (ticket.status as TicketStatus));
  const { updated, reply } = await app.db.transaction(async (tx) => {
    const [message] = await tx
      .insert(supportMessages)
      .values({ ticketId: ticket.id, authorId: actor.userId, kind: 'reply', body: input.message })
      .returning();
    await attachToMessage(tx, actor.userId, input.attachmentIds, message.id);
    await recordChange(tx, ticket.id, actor.userId, { field: 'status', from: ticket.status, to });
    const [row] = await tx
      .update(supportTickets)
      .set({
        ...statusColumns(ticket, to),
        waitingSince: null,
        lastMessageAt: sql`now()`,
        lastStaffReplyAt: sql`now()`,
        firstResponseAt: sql`coalesce(${supportTickets.firstResponseAt}, now())`,
        // Whoever answers an unassigned ticket takes it.
        assigneeId: ticket.assigneeId ?? actor.userId,
      })
      .where(eq(supportTickets.id, ticket.id))
      .returning();
    if (!ticket.assigneeId) {
      await recordChange(tx, ticket.id, actor.userId, { field: 'assignee', from: null, to: actor.fullName });
    }
    return { updated: row, reply: message };
  });
  await tellRequesterOfReply(app, updated, reply, actor);
  tellDesk(app, updated, 'update');
  return deskTicket(app, updated.id);
}

/** POST /api/admin/support/tickets/:id/notes: for the desk only; the requester never receives it. */
export async function deskNote(app: App, actor: Actor, ticketId: string, body: string): Promise<DeskTicket> {
  const ticket = await loadTicket(app, ticketId);
  await app.db
    .insert(supportMessages)
    .values({ ticketId: ticket.id, authorId: actor.userId, kind: 'note', body });
  tellDesk(app, ticket, 'update');
  return deskTicket(app, ticket.id);
}

/** PATCH /api/admin/support/tickets/:id: status, priority, category or assignee, each change on the record. */
export async function updateTicket(
  app: App,
  actor: Actor,
  ticketId: string,
  update: z.output<typeof ticketUpdateSchema>,
): Promise<DeskTicket> {
  const ticket = await loadTicket(app, ticketId);
  let assigneeName: string | null = null;
  if (update.assigneeId) {
    const admin = await app.db.query.users.findFirst({
      where: and(eq(users.id, update.assigneeId), eq(users.userType, 'admin'), eq(users.isActive, true)),
      columns: { fullName: true },
    });
    if (!admin)
      throw badRequest(said('server.support.assigneeNotFound'), {
        assigneeId: said('server.support.chooseAdmin'),
      });
    assigneeName = admin.fullName;
  }
  const previousAssignee = ticket.assigneeId
    ? ((
        await app.db.query.users.findFirst({
          where: eq(users.id, ticket.assigneeId),
          columns: { fullName: true },
        })
      )?.fullName ?? null)
    : null;
  const updated = await app.db.transaction(async (tx) => {
    const set: Partial<typeof supportTickets.$inferInsert> = {};
    if (update.status && update.status !== ticket.status) {
      Object.assign(set, statusColumns(ticket, update.status));
      await recordChange(tx, ticket.id, actor.userId, {
        field: 'status',
        from: ticket.status,
        to: update.status,
      });
    }
    if (update.priority && update.priority !== ticket.priority) {
      set.priority = update.priority;
      await recordChange(tx, ticket.id, actor.userId, {
        field: 'priority',
        from: ticket.priority,
        to: update.priority as TicketPriority,
      });
    }
    if (update.category && update.category !== ticket.category) {
      set.category = update.category;
      await recordChange(tx, ticket.id, actor.userId, {
        field: 'category',
        from: ticket.category,
        to: update.category,
      });
    }
    if (update.assigneeId !== undefined && update.assigneeId !== ticket.assigneeId) {
      set.assigneeId = update.assigneeId;
      await recordChange(tx, ticket.id, actor.userId, {
        field: 'assignee',
        from: previousAssignee,
        to: assigneeName,
      });
    }
    if (Object.keys(set).length === 0) return ticket;
    const [row] = await tx
      .update(supportTickets)
      .set(set)
      .where(eq(supportTickets.id, ticket.id))
      .returning();
    return row;
  });
  const seenByRequester = (['status', 'priority', 'category'] as const).some(
    (key) => updated[key] !== ticket[key],
  );
  if (seenByRequester) tellRequesterOfChange(app, updated);
  tellDesk(app, updated, 'update');
  return deskTicket(app, updated.id);
}
