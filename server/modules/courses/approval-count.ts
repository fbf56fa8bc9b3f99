import { count, inArray } from 'drizzle-orm';
import { courses } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { rooms } from '../../realtime/socket';

export const AWAITING_APPROVAL = ['PENDING', 'PENDING_REAPPROVAL'] as const;

/** Courses waiting for an admin: new submissions and re-approval requests. */
export async function approvalCount(app: App): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(courses)
    .where(inArray(courses.approvalStatus, [...AWAITING_APPROVAL]));
  return row.n;
}

/** Tells every admin tab the new count; call after a submission, approval or rejection commits. */
export async function broadcastApprovalCount(app: App): Promise<void> {
  app.realtime.notify(rooms.admins, 'updatedCourseApprovalData', { count: await approvalCount(app) });
}
