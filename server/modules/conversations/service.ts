import { and, asc, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ConversationList,
  ConversationView,
  MessageView,
  NewReplyEvent,
} from '../../../common/contracts/gurus';
import { containsPattern } from '../../db/like-pattern';
import {
  conversationMessages,
  conversationReads,
  conversations,
  courses,
  guruQuestions,
  gurus,
  users,
} from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { rooms } from '../../realtime/socket';
import { imageUrlsAt } from '../files/uploads';
import { queueTraining } from '../gurus/training/train';
import { loadConversation } from './access';
import { messageView, splitFullName, visitorName } from './presenters';
import { markRead } from './reads';

const owners = alias(users, 'guru_owner');
const students = alias(users, 'student');

/**
 * Which conversations a caller sees: students their own; teachers their own and those with their gurus;
 * institutes also their teachers'; admins all.
 */
function scopeOf(actor: Actor): SQL | undefined {
  if (actor.userType === 'admin') return undefined;
  const own = eq(conversations.userId, actor.userId);
  if (actor.userType === 'teacher') return or(own, eq(gurus.ownerId, actor.userId));
  if (actor.userType === 'institute') {
    return or(own, eq(gurus.ownerId, actor.userId), eq(owners.instituteId, actor.userId));
  }
  return own;
}

/** True when someone else wrote in the conversation after the caller last read it. */
function unreadFor(userId: string): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${conversationMessages} m
    where m.conversation_id = ${conversations.id}
      and m.author_id is distinct from ${userId}
      and m.created_at > coalesce(
        (select r.last_read_at from ${conversationReads} r
          where r.conversation_id = ${conversations.id} and r.user_id = ${userId}),
        '-infinity'::timestamptz))`;
}

function searchOf(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return sql`(${conversations.title} ilike ${pattern}
    or ${students.fullName} ilike ${pattern}
    or ${gurus.name} ilike ${pattern}
    or exists (select 1 from ${conversationMessages} m
      where m.conversation_id = ${conversations.id} and m.text ilike ${pattern}))`;
}

/**
 * A conversation someone asked something in. Sessions start on the first question now, but earlier ones were
 * opened with the page and some never got one: an inbox of empty "New session" rows helps nobody.
 */
const hasMessages = sql`exists (select 1 from ${conversationMessages} m where m.conversation_id = ${conversations.id})`;

/** GET /api/conversations: newest activity first, with the caller's unread marker; empty sessions left out. */
export async function listConversations(
  app: App,
  actor: Actor,
  query: { search?: string; page: number; pageSize: number },
): Promise<ConversationList> {
  const where = and(scopeOf(actor), hasMessages, searchOf(query.search));
  const base = () =>
    app.db
      .select({ n: count() })
      .from(conversations)
      .innerJoin(gurus, eq(gurus.id, conversations.guruId))
      .innerJoin(owners, eq(owners.id, gurus.ownerId))
      .leftJoin(students, eq(students.id, conversations.userId))
      .where(where);
  const [{ n }] = await base();
  const rows = await app.db
    .select({
      id: conversations.id,
      guruId: gurus.id,
      guruName: gurus.name,
      studentName: students.fullName,
      embedOrigin: conversations.embedOrigin,
      courseTitle: courses.title,
      title: conversations.title,
      lastMessageAt: conversations.lastMessageAt,
      lastMessage: sql<string | null>`(select m.text from ${conversationMessages} m
        where m.conversation_id = ${conversations.id} order by m.created_at desc limit 1)`,
      unread: unreadFor(actor.userId),
    })
    .from(conversations)
    .innerJoin(gurus, eq(gurus.id, conversations.guruId))
    .innerJoin(owners, eq(owners.id, gurus.ownerId))
    .leftJoin(students, eq(students.id, conversations.userId))
    .leftJoin(courses, eq(courses.id, conversations.courseId))
    .where(where)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    conversations: rows.map((row) => ({
      ...row,
      studentName: row.studentName ?? visitorName(row.embedOrigin),
      lastMessage: row.lastMessage ?? '',
      lastMessageAt: new Date(row.lastMessageAt).toISOString(),
      unread: Boolean(row.unread),
    })),
    total: Number(n),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET /api/conversations/unread: ids of the caller's conversations with something new (SPEC newChatIds). */
export async function unreadConversationIds(app: App, actor: Actor): Promise<string[]> {
  const rows = await app.db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(gurus, eq(gurus.id, conversations.guruId))
    .innerJoin(owners, eq(owners.id, gurus.ownerId))
    .where(and(scopeOf(actor), unreadFor(actor.userId)))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(500);
  return rows.map((row) => row.id);
}

async function messagesOf(app: App, conversationId: string): Promise<MessageView[]> {
  const rows = await app.db
    .select({ message: conversationMessages, authorName: users.fullName })
    .from(conversationMessages)
    .leftJoin(users, eq(users.id, conversationMessages.authorId))
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
  return rows.map((row) => messageView(row.message, row.authorName));
}

/** GET /api/conversations/:id: the transcript; reading it marks it read for the caller. */
export async function viewConversation(
  app: App,
  actor: Actor,
  conversationId: string,
): Promise<ConversationView> {
  const { conversation, guru, isStudent, isOwnerSide } = await loadConversation(app, actor, conversationId);
  const studentId = conversation.userId;
  const student = studentId ? await app.db.query.users.findFirst({ where: eq(users.id, studentId) }) : null;
  const course = conversation.courseId
    ? await app.db.query.courses.findFirst({ where: eq(courses.id, conversation.courseId) })
    : undefined;
  const messages = await messagesOf(app, conversation.id);
  await markRead(app, conversation.id, actor.userId);
  // The transcript shows the guru's picture small: its medium copy.
  const picture = guru.avatarImagePath
    ? ((await imageUrlsAt(app, [guru.avatarImagePath], 'medium')).get(guru.avatarImagePath) ?? null)
    : null;
  return {
    id: conversation.id,
    guru: { id: guru.id, name: guru.name, avatarImageUrl: picture },
    student: {
      id: conversation.userId,
      name: studentId ? (student?.fullName ?? '') : visitorName(conversation.embedOrigin),
    },
    embedOrigin: conversation.embedOrigin,
    courseId: conversation.courseId,
    courseTitle: course?.title ?? null,
    startedAt: conversation.startedAt.toISOString(),
    messages,
    // An anonymous visitor has no inbox to receive a reply in.
    canReply: isStudent || (isOwnerSide && studentId !== null),
    canCorrect: isOwnerSide,
  };
}

/**
 * POST /api/conversations/:id/replies: a person writes in the transcript. The student writes as 'user'
 * (to the guru's owner); the owner side writes as 'teacher' (to the student). The other party is told live.
 */
export async function replyInConversation(
  app: App,
  actor: Actor,
  conversationId: string,
  text: string,
): Promise<MessageView> {
  const { conversation, guru, isStudent } = await loadConversation(app, actor, conversationId);
  if (!conversation.userId) throw badRequest(said('server.conversations.visitorCannotReceive'));
  const role = isStudent ? 'user' : 'teacher';
  const [saved] = await app.db
    .insert(conversationMessages)
    .values({ conversationId: conversation.id, role, authorId: actor.userId, text })
    .returning();
  await app.db
    .update(conversations)
    .set({ lastMessageAt: sql`now()` })
    .where(eq(conversations.id, conversation.id));
  await markRead(app, conversation.id, actor.userId);
  const otherPartyId = isStudent ? guru.ownerId : conversation.userId;
  if (otherPartyId !== actor.userId) {
    const event: NewReplyEvent = {
      userId: actor.userId,
      conversationId: conversation.id,
      message: text,
      user: splitFullName(actor.fullName),
    };
    app.realtime.notify(rooms.user(otherPartyId), 'new-reply', event);
  }
  return messageView(saved, actor.fullName);
}

/**
 * POST …/messages/:messageId/correction: the owner side marks a guru answer wrong and gives the right one.
 * It becomes (or updates) a guru FAQ entry for the student's question, and training indexes it.
 */
export async function correctAnswer(
  app: App,
  actor: Actor,
  conversationId: string,
  messageId: string,
  answer: string,
): Promise<MessageView> {
  const { conversation, guru, isOwnerSide } = await loadConversation(app, actor, conversationId);
  if (!isOwnerSide) throw forbidden(said('server.conversations.onlyOwnerCorrects'));
  const message = await app.db.query.conversationMessages.findFirst({
    where: and(
      eq(conversationMessages.id, messageId),
      eq(conversationMessages.conversationId, conversation.id),
    ),
  });
  if (!message) throw notFound(said('server.conversations.messageNotFound'));
  if (message.role !== 'guru') throw badRequest(said('server.conversations.onlyGuruAnswers'));
  const [asked] = await app.db
    .select({ text: conversationMessages.text })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversation.id),
        eq(conversationMessages.role, 'user'),
        lt(conversationMessages.createdAt, message.createdAt),
      ),
    )
    .orderBy(desc(conversationMessages.createdAt))
    .limit(1);
  if (!asked) throw badRequest(said('server.conversations.noQuestionToCorrect'));

  const updated = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversationMessages)
      .set({ markedWrong: true, correction: answer })
      .where(eq(conversationMessages.id, message.id))
      .returning();
    const existing = await tx
      .select({ id: guruQuestions.id })
      .from(guruQuestions)
      .where(and(eq(guruQuestions.guruId, guru.id), eq(guruQuestions.sourceMessageId, message.id)));
    if (existing.length > 0) {
      await tx
        .update(guruQuestions)
        .set({ answer })
        .where(
          inArray(
            guruQuestions.id,
            existing.map((entry) => entry.id),
          ),
        );
    } else {
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${guruQuestions.position}) + 1, 0)` })
        .from(guruQuestions)
        .where(and(eq(guruQuestions.guruId, guru.id), eq(guruQuestions.kind, 'faq')));
      await tx.insert(guruQuestions).values({
        guruId: guru.id,
        kind: 'faq',
        question: asked.text.slice(0, 1000),
        answer,
        position: Number(next),
        sourceMessageId: message.id,
      });
    }
    return row;
  });
  // Index the new FAQ entry now, so the next answer already uses it.
  try {
    await queueTraining(app, guru.id);
  } catch (error) {
    // The correction is saved either way; the owner's next "Train" picks the entry up.
    app.log.warn({ err: error, guruId: guru.id }, 'queueing training after a correction failed');
  }
  return messageView(updated, null);
}
