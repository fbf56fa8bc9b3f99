import { asc, eq } from 'drizzle-orm';
import type { ApprovalDetail, ItemComment, ReviewArea } from '../../../common/contracts/approvals';
import type { Locale } from '../../../common/i18n/locales';
import type { Db } from '../../db/client';
import { courseReviewItems } from '../../db/schema/index';
import { badRequest } from '../../http/errors';
import { storedLabelIn } from '../../i18n/review-comment';
import { said } from '../../i18n/said';
import { commentableItems, itemKey } from './review';

type Executor = Pick<Db, 'select'>;

/**
 * The admin's item comments resolved against the course under review: each names an item of the waiting or the
 * live version (else 400, naming the comment), and carries that item's label. Two comments on one item are one
 * mistake too many: 400, naming the item in the admin's `locale`.
 */
export function resolveItemComments(
  items: ApprovalDetail['items'],
  input: { area: ReviewArea; itemId: string; comment: string }[],
  locale: Locale = 'en',
): ItemComment[] {
  const labels = commentableItems(items);
  const seen = new Set<string>();
  return input.map((entry, index) => {
    const key = itemKey(entry.area, entry.itemId);
    const label = labels.get(key);
    if (!label) {
      const message = said('server.approvals.itemGone');
      throw badRequest(message, { [`items.${index}.itemId`]: message });
    }
    if (seen.has(key)) {
      const message = said('server.approvals.twoComments', { label: storedLabelIn(label, locale) });
      throw badRequest(message, { [`items.${index}.itemId`]: message });
    }
    seen.add(key);
    return { area: entry.area, itemId: entry.itemId, label, comment: entry.comment };
  });
}

/**
 * The item comments of a course's last rejection, in the order the admin wrote them, each item's label in
 * `locale` (the comments as the admin wrote them).
 */
export async function itemCommentsOf(
  db: Executor,
  courseId: string,
  locale: Locale = 'en',
): Promise<ItemComment[]> {
  const rows = await db
    .select()
    .from(courseReviewItems)
    .where(eq(courseReviewItems.courseId, courseId))
    .orderBy(asc(courseReviewItems.createdAt), asc(courseReviewItems.id));
  return rows.map((row) => ({
    area: row.area as ReviewArea,
    itemId: row.itemId,
    label: storedLabelIn(row.label, locale),
    comment: row.comment,
  }));
}

/** Replaces the course's item comments with a decision's (none for an approval). */
export async function replaceItemComments(
  tx: Pick<Db, 'delete' | 'insert'>,
  courseId: string,
  reviewerId: string,
  items: readonly ItemComment[],
): Promise<void> {
  await tx.delete(courseReviewItems).where(eq(courseReviewItems.courseId, courseId));
  if (items.length === 0) return;
  const now = Date.now();
  await tx.insert(courseReviewItems).values(
    // One millisecond apart, so reading them back by time keeps the admin's order.
    items.map((item, index) => ({
      courseId,
      area: item.area,
      itemId: item.itemId,
      label: item.label,
      comment: item.comment,
      reviewedBy: reviewerId,
      createdAt: new Date(now + index),
    })),
  );
}
