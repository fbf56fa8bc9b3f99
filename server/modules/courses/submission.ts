import { and, eq } from 'drizzle-orm';
import {
  APPROVAL_TRANSITIONS,
  type ApprovalAction,
  type ApprovalStatus,
  canTransition,
  type SubmissionRule,
  submissionProblems,
  submitTarget,
} from '../../../common/courses';
import { auditLog, type CourseRow, courses } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import type { ServerKey } from '../../i18n/catalog';
import { said } from '../../i18n/said';
import { broadcastApprovalCount } from './approval-count';
import { courseProgress } from './service';

// Sending a course for approval is an authoring step; the admin's review of it lives in approvals/.

export function refuseTransition(action: ApprovalAction, from: string): never {
  // "DRAFT or REJECTED": all but the last joined by commas, then "or" the last (in the caller's language).
  const statuses: readonly string[] = APPROVAL_TRANSITIONS[action].from;
  const allowed = statuses.slice(0, -1).join(', ');
  const last = statuses[statuses.length - 1];
  throw new AppError('CONFLICT', said('server.courses.cannotTransition', { from, action, allowed, last }));
}

/** What the server answers for each rule a course breaks, in the caller's language (common/courses.ts's English). */
const SUBMISSION_REFUSALS: Record<SubmissionRule, ServerKey> = {
  'course-information': 'server.courses.submit.courseInformation',
  'videos-processing': 'server.courses.submit.videosProcessing',
  lesson: 'server.courses.submit.lesson',
};

/**
 * The author asks for approval. The course must meet submissionProblems()' rules: its information complete,
 * a ready lesson, and no video still processing (409, as it only needs waiting).
 */
export async function submitForApproval(app: App, actor: Actor, course: CourseRow): Promise<CourseRow> {
  const from = course.approvalStatus as ApprovalStatus;
  if (!canTransition('submit', from)) refuseTransition('submit', from);
  // The same rules the wizard shows (common/courses.ts), so the two cannot disagree.
  const [problem] = submissionProblems((await courseProgress(app, course)).submission);
  if (problem)
    throw new AppError(
      problem.rule === 'videos-processing' ? 'CONFLICT' : 'VALIDATION',
      said(SUBMISSION_REFUSALS[problem.rule]),
    );

  const to = submitTarget(course.approvedSnapshot !== null);
  const updated = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(courses)
      .set({ approvalStatus: to, submittedAt: new Date(), reviewComment: null })
      .where(and(eq(courses.id, course.id), eq(courses.approvalStatus, from)))
      .returning();
    if (!row) throw new AppError('CONFLICT', said('server.courses.changedMeanwhile'));
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
