import type { MessageRole, MessageView } from '../../../common/contracts/gurus';
import type { conversationMessages } from '../../db/schema/index';

export type MessageRowDb = typeof conversationMessages.$inferSelect;

/** A stored message as the transcript shows it. */
export function messageView(row: MessageRowDb, authorName: string | null): MessageView {
  return {
    id: row.id,
    role: row.role as MessageRole,
    authorName,
    text: row.text,
    citations: row.citations,
    notCovered: row.notCovered,
    markedWrong: row.markedWrong,
    correction: row.correction,
    createdAt: row.createdAt.toISOString(),
  };
}

/** SPEC §3 new-reply carries the sender's name split in two: the first word, and the rest. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** How an anonymous visitor of an embedding site is named in lists and transcripts. */
export function visitorName(embedOrigin: string | null): string {
  if (!embedOrigin) return 'Anonymous visitor';
  try {
    return `Visitor on ${new URL(embedOrigin).host}`;
  } catch {
    return 'Anonymous visitor';
  }
}
