import { and, eq, inArray } from 'drizzle-orm';
import type { ItemComment } from '../../../common/contracts/approvals';
import { APPROVAL_TRANSITIONS, type ApprovalStatus, canTransition } from '../../../common/courses';
import type { Locale } from '../../../common/i18n/locales';
import { auditLog, courses } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { composeReviewComment, storedReviewCommentIn } from '../../i18n/review-comment';
import { said } from '../../i18n/said';
import { notifyUser } from '../../realtime/notify-user';
import { broadcastApprovalCount } from '../courses/approval-count';
import { refuseTransition } from '../courses/submission';
import { replaceItemComments } from './item-comments';
import { buildSnapshot } from './snapshots';

/**
 * An admin approves or rejects the waiting version. Approving makes it the live version students see;
 * rejecting leaves any earlier live version in place. The author is told either way. A rejection may carry
 * comments on single items (resolved by resolveItemComments): they replace the last rejection's, and the
 * teacher reads them after the overall reason; an approval clears them.
 */
export async function review(
  app: App,
  actor: Actor,
  courseId: string,
  action: 'approve' | 'reject',
  comment: string | undefined,
  items: readonly ItemComment[] = [],
) {
  const itemComments = action === 'reject' ? items : [];
  const updated = await app.db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('update');
    if (!course) throw new AppError('NOT_FOUND', said('server.approvals.courseNotFound'));
    const from = course.approvalStatus as ApprovalStatus;
    if (!canTransition(action, from)) refuseTransition(action, from);
    const snapshot = action === 'approve' ? await buildSnapshot(tx, course) : undefined;
    const [row] = await tx
      .update(courses)
      .set({
        approvalStatus: APPROVAL_TRANSITIONS[action].to,
        reviewComment: comment?.trim() ? composeReviewComment(comment.trim(), itemComments) : null,
        reviewedBy: actor.userId,
        reviewedAt: new Date(),
        ...(snapshot ? { approvedSnapshot: snapshot } : {}),
      })
      .where(
        and(
          eq(courses.id, courseId),
          inArray(courses.approvalStatus, [...APPROVAL_TRANSITIONS[action].from]),
        ),
      )
      .returning();
    await replaceItemComments(tx, courseId, actor.userId, itemComments);
    await tx.insert(auditLog).values({
      actorId: actor.impersonatorId ?? actor.userId,
      action: `course-${action}`,
      targetId: course.ownerId,
      details: {
        courseId,
        comment: comment ?? null,
        ...(itemComments.length > 0
          ? { items: itemComments.map(({ label, comment }) => ({ label, comment })) }
          : {}),
      },
    });
    return row;
  });
  await broadcastApprovalCount(app);
  await notifyUser(app, updated.ownerId, 'courseReviewed', (locale: Locale) => ({
    courseId: updated.id,
    title: updated.title,
    status: updated.approvalStatus,
    comment: updated.reviewComment === null ? null : storedReviewCommentIn(updated.reviewComment, locale),
  }));
  return updated;
}
