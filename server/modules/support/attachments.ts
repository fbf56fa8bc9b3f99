import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AttachmentView, SUPPORT_LIMITS, SUPPORT_MSG } from '../../../common/contracts/support';
import { ALLOWED_IMAGE_TYPES, type FileCategory } from '../../../common/files';
import { supportAttachments } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { conflict, notFound } from '../../http/errors';
import { readOneFile } from '../files/read-one-file';
import { removeStoredFile, storeUpload } from '../files/uploads';

/** What a ticket may carry: screenshots, PDFs and short screen recordings, each checked by its bytes. */
export const SUPPORT_ATTACHMENT_TYPES = [
  ...ALLOWED_IMAGE_TYPES,
  'application/pdf',
  'video/mp4',
  'video/webm',
  'video/quicktime',
] as const;

type AttachmentRow = typeof supportAttachments.$inferSelect;

/** A signed link lasts an hour: long enough to read a thread, short enough that a forwarded link dies. */
const LINK_SECONDS = 60 * 60;

export function attachmentView(app: App, row: AttachmentRow): AttachmentView {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    category: row.category as FileCategory,
    sizeBytes: row.sizeBytes,
    url: app.storage.signedUrl(row.filePath, LINK_SECONDS),
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** A display name from what the browser sent: no folders, no control characters, not too long. */
function cleanName(filename: string | undefined, ext: string): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(CONTROL_CHARACTERS, '').trim().slice(0, 120);
  return cleaned || `attachment.${ext}`;
}

/** POST /api/support/attachments: stores one file, not yet part of a message, counted in the owner's quota. */
export async function uploadAttachment(
  app: App,
  ownerId: string,
  request: FastifyRequest,
): Promise<AttachmentView> {
  const { bytes, mimetype, filename } = await readOneFile(
    request,
    SUPPORT_LIMITS.attachmentMaxBytes,
    'a file',
  );
  const { key, sniffed } = await storeUpload(app, {
    ownerId,
    folder: `support/${ownerId}`,
    bytes,
    claimedType: mimetype,
    allowed: SUPPORT_ATTACHMENT_TYPES,
  });
  const [row] = await app.db
    .insert(supportAttachments)
    .values({
      ownerId,
      filePath: key,
      name: cleanName(filename, sniffed.ext),
      contentType: sniffed.mime,
      category: sniffed.category,
      sizeBytes: bytes.length,
    })
    .returning();
  return attachmentView(app, row);
}

/** DELETE /api/support/attachments/:id: the owner takes back a file they have not sent yet. */
export async function deleteAttachment(app: App, ownerId: string, attachmentId: string): Promise<void> {
  const row = await app.db.query.supportAttachments.findFirst({
    where: and(eq(supportAttachments.id, attachmentId), eq(supportAttachments.ownerId, ownerId)),
  });
  if (!row) throw notFound(SUPPORT_MSG.attachmentNotFound);
  if (row.messageId) throw conflict(SUPPORT_MSG.attachmentSent);
  await removeStoredFile(app, row.filePath);
}

/**
 * Checks that every id is the sender's own upload, not yet sent, before anything is written: a message either
 * goes with all its files or is refused whole.
 */
export async function assertAttachable(app: App, ownerId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await app.db
    .select({ id: supportAttachments.id })
    .from(supportAttachments)
    .where(
      and(
        inArray(supportAttachments.id, [...ids]),
        eq(supportAttachments.ownerId, ownerId),
        isNull(supportAttachments.messageId),
      ),
    );
  if (rows.length !== new Set(ids).size) throw notFound(SUPPORT_MSG.attachmentNotFound);
}

/** Binds checked uploads to the message they were sent with (inside the message's transaction). */
export async function attachToMessage(
  tx: Pick<App['db'], 'update'>,
  ownerId: string,
  ids: readonly string[],
  messageId: string,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(supportAttachments)
    .set({ messageId })
    .where(
      and(
        inArray(supportAttachments.id, [...ids]),
        eq(supportAttachments.ownerId, ownerId),
        isNull(supportAttachments.messageId),
      ),
    );
}

/** The attachments of these messages, by message id. */
export async function attachmentsOf(
  app: App,
  messageIds: readonly string[],
): Promise<Map<string, AttachmentView[]>> {
  const byMessage = new Map<string, AttachmentView[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await app.db
    .select()
    .from(supportAttachments)
    .where(inArray(supportAttachments.messageId, [...messageIds]))
    .orderBy(supportAttachments.createdAt);
  for (const row of rows) {
    const list = byMessage.get(row.messageId as string) ?? [];
    list.push(attachmentView(app, row));
    byMessage.set(row.messageId as string, list);
  }
  return byMessage;
}
