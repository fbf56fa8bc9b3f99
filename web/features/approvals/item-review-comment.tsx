import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReviewArea } from '../../../common/contracts/approvals';
import { useItemComments } from './approval-api';
import { useT } from './i18n';

/** Where the course editor's lists put a reviewer's comment: under the item it is about (decision 045). */
export type ItemCommentSlot = (area: ReviewArea, itemId: string) => ReactNode;

/**
 * The reviewer's comment on one item of a rejected course, for its authors where they fix that item (a lesson
 * row, an FAQ, a quiz…); nothing when there is none. One query per course, shared by every item that asks.
 */
export function ItemReviewComment({
  courseId,
  area,
  itemId,
}: {
  courseId: string;
  area: ReviewArea;
  itemId: string;
}) {
  const t = useT();
  const comments = useItemComments(courseId);
  const found = comments.data?.comments.find((item) => item.area === area && item.itemId === itemId);
  if (!found) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={t('approvals.itemComment.title')}
      data-testid="item-review-comment"
    >
      {found.comment}
    </Alert>
  );
}
