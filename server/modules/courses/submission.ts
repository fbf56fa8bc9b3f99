import { and, eq } from 'drizzle-orm';
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
import { broadcastApprovalCount } from './approval-count';
import { stepCompletion } from './service';

// Sending a course for approval is an authoring step; the admin's review of it lives in approvals/.

export function refuseTransition(action: ApprovalAction, from: string): never {
  const allowed = APPROVAL_TRANSITIONS[action].from.join(' or ');
  throw new AppError(
    'CONFLICT',
    `A course that is ${from} cannot be ${action === 'submit' ? 'submitted' : `${action}d`} (it must be ${allowed}).`,
  );
}

/** The author asks for approval. The course must be complete enough and have no video still processing. */
export async function submitForApproval(app: App, actor: Actor, course: CourseRow): Promise<CourseRow> {
  const from = course.approvalStatus as ApprovalStatus;
  if (!canTransition('submit', from)) refuseTransition('submit', from);
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
