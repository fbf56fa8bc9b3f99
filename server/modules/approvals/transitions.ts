import { and, eq, inArray } from 'drizzle-orm';
import {
  APPROVAL_TRANSITIONS,
  type ApprovalAction,
  type ApprovalStatus,
  canTransition,
  submitTarget,
} from '../../../common/courses';
import { auditLog, type CourseRow, courses, courseVideos } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { rooms } from '../../realtime/socket';
import { stepCompletion } from '../courses/service';
import { buildSnapshot } from '../courses/snapshot';
import { broadcastApprovalCount } from './service';

function refuse(action: ApprovalAction, from: string): never {
  const allowed = APPROVAL_TRANSITIONS[action].from.join(' or ');
  throw new AppError(
    'CONFLICT',
    `A course that is ${from} cannot be ${action === 'submit' ? 'submitted' : `${action}d`} (it must be ${allowed}).`,
  );
}

/** The author asks for approval. The course must be complete enough and have no video still processing. */
export async function submitForApproval(app: App, actor: Actor, course: CourseRow): Promise<CourseRow> {
  const from = course.approvalStatus as ApprovalStatus;
  if (!canTransition('submit', from)) refuse('submit', from);
  const steps = await stepCompletion(app, course);
  if (!steps['course-information'])
    throw new AppError('VALIDATION', 'Please complete the course information before submitting.');
  const processing = await app.db
    .select({ id: courseVideos.id })
    .from(courseVideos)
    .where(and(eq(courseVideos.courseId, course.id), eq(courseVideos.processingStatus, 'processing')))
    .limit(1);
  if (processing.length > 0)
    throw new AppError('CONFLICT', 'A video is still processing. Please submit once it is ready.');

  const to = submitTarget(course.approvedSnapshot !== null);
  const updated = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(courses)
      .set({ approvalStatus: to, submittedAt: new Date(), reviewComment: null })
      .where(and(eq(courses.id, course.id), eq(courses.approvalStatus, from)))
      .returning();
    if (!row) throw new AppError('CONFLICT', 'The course changed meanwhile; please reload and try again.');
    await tx.insert(auditLog).values({
      actorId: actor.impersonatorId ?? actor.userId,
      action: 'course-submit',
      details: { courseId: course.id, to },
    });
    return row;
  });
  await broadcastApprovalCount(app);
  return updated;
}

/**
 * An admin approves or rejects the waiting version. Approving makes it the live version students see;
 * rejecting leaves any earlier live version in place. The author is told either way.
 */
export async function review(
  app: App,
  actor: Actor,
  courseId: string,
  action: 'approve' | 'reject',
  comment: string | undefined,
) {
  const updated = await app.db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('update');
    if (!course) throw new AppError('NOT_FOUND', 'Course not found');
    const from = course.approvalStatus as ApprovalStatus;
    if (!canTransition(action, from)) refuse(action, from);
    const snapshot = action === 'approve' ? await buildSnapshot(tx, course) : undefined;
    const [row] = await tx
      .update(courses)
      .set({
        approvalStatus: APPROVAL_TRANSITIONS[action].to,
        reviewComment: comment?.trim() || null,
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
    await tx.insert(auditLog).values({
      actorId: actor.impersonatorId ?? actor.userId,
      action: `course-${action}`,
      targetId: course.ownerId,
      details: { courseId, comment: comment ?? null },
    });
    return row;
  });
  await broadcastApprovalCount(app);
  app.realtime.notify(rooms.user(updated.ownerId), 'courseReviewed', {
    courseId: updated.id,
    title: updated.title,
    status: updated.approvalStatus,
    comment: updated.reviewComment,
  });
  return updated;
}
