import { asc, eq } from 'drizzle-orm';
import type { CannedReply, CannedReplyInput } from '../../../common/contracts/support';
import { supportCannedReplies } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';

type Row = typeof supportCannedReplies.$inferSelect;
const view = (row: Row): CannedReply => ({
  id: row.id,
  title: row.title,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
});

/** The desk's saved answers, shared by every admin, alphabetical. */
export async function cannedReplies(app: App): Promise<CannedReply[]> {
  const rows = await app.db.select().from(supportCannedReplies).orderBy(asc(supportCannedReplies.title));
  return rows.map(view);
}

export async function createCannedReply(
  app: App,
  authorId: string,
  input: CannedReplyInput,
): Promise<CannedReply> {
  const [row] = await app.db
    .insert(supportCannedReplies)
    .values({ title: input.title, body: input.body, createdBy: authorId })
    .returning();
  return view(row);
}

export async function updateCannedReply(app: App, id: string, input: CannedReplyInput): Promise<CannedReply> {
  const [row] = await app.db
    .update(supportCannedReplies)
    .set({ title: input.title, body: input.body, updatedAt: new Date() })
    .where(eq(supportCannedReplies.id, id))
    .returning();
  if (!row) throw notFound(said('server.support.cannedReplyNotFound'));
  return view(row);
}

export async function deleteCannedReply(app: App, id: string): Promise<void> {
  const [row] = await app.db
    .delete(supportCannedReplies)
    .where(eq(supportCannedReplies.id, id))
    .returning({ id: supportCannedReplies.id });
  if (!row) throw notFound(said('server.support.cannedReplyNotFound'));
}
