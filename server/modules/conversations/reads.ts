import { sql } from 'drizzle-orm';
import { conversationReads } from '../../db/schema/index';
import type { App } from '../../http/app-type';

/** Records that the user has read the conversation up to now (unread = messages after this). */
export async function markRead(app: App, conversationId: string, userId: string): Promise<void> {
  await app.db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadAt: sql`clock_timestamp()` },
    });
}
