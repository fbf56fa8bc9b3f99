import { eq } from 'drizzle-orm';
import { conversations, gurus } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { type GuruRow, isGuruOwnerSide } from '../gurus/access';
import { assertModule } from '../plans/module-access';

export type ConversationRowDb = typeof conversations.$inferSelect;

export interface OpenedConversation {
  conversation: ConversationRowDb;
  guru: GuruRow;
  /** The caller is the student who holds the session. */
  isStudent: boolean;
  /** The caller is on the guru's owner side (owner, its institute, admin). */
  isOwnerSide: boolean;
}

/**
 * Loads a conversation the caller may read: the student's own, or one of a guru on the caller's owner side.
 * Anyone else gets 404, so ids of other people's conversations reveal nothing.
 */
export async function loadConversation(
  app: App,
  actor: Actor,
  conversationId: string,
): Promise<OpenedConversation> {
  const [row] = await app.db
    .select({ conversation: conversations, guru: gurus })
    .from(conversations)
    .innerJoin(gurus, eq(gurus.id, conversations.guruId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (!row) throw notFound(said('server.conversations.notFound'));
  const isStudent = row.conversation.userId === actor.userId;
  const isOwnerSide = await isGuruOwnerSide(app, actor, row.guru);
  if (!isStudent && !isOwnerSide) throw notFound(said('server.conversations.notFound'));
  return { ...row, isStudent, isOwnerSide };
}

/** Teachers and institutes read conversations under their plan's Conversations module. */
export async function assertConversationsModule(app: App, actor: Actor): Promise<void> {
  if (actor.userType === 'teacher' || actor.userType === 'institute') {
    await assertModule(app, actor, 'conversations', 'use');
  }
}
