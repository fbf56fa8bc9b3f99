import {
  MEETING_EVENT,
  type MeetingAction,
  type MeetingRequestView,
  type MeetingUpdateEvent,
} from '../../../common/contracts/meetings';
import { formatDateTimeRange } from '../../../common/time';
import { countOf } from '../../../common/words';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { reachUser } from '../../realtime/reach-user';
import { rooms } from '../../realtime/socket';
import type { MeetingRow } from './presenters';

/**
 * "Wed, 20 May, 2026, 09:30 – 10:00 UTC": the range as the web shows it (common/time.ts), but mail has no time
 * zone of the reader, so it is in UTC and says so.
 */
export function formatMeetingTime(startsAt: string, endsAt: string | null): string {
  return `${formatDateTimeRange(startsAt, endsAt, { timeZone: 'UTC', weekday: true })} UTC`;
}

/** Who did what, in one line: the live toast's and the mail subject's text. */
export function headline(action: MeetingAction, view: MeetingRequestView): string {
  const { student, teacher, course } = view;
  switch (action) {
    case 'requested':
      return `${student.fullName} asked for a meeting about ${course.title}`;
    case 'accepted':
      return `${teacher.fullName} accepted your meeting request for ${course.title}`;
    case 'proposed':
      return `${teacher.fullName} proposed another time for your meeting about ${course.title}`;
    case 'declined':
      return `${teacher.fullName} declined your meeting request for ${course.title}`;
    case 'confirmed':
      return `${student.fullName} confirmed the meeting about ${course.title}`;
    case 'cancelled':
      // A meeting that had a time (accepted, or a time proposed) is a meeting called off, not a request.
      return view.startsAt
        ? `${student.fullName} cancelled the meeting about ${course.title}`
        : `${student.fullName} cancelled the meeting request for ${course.title}`;
  }
}

function mailBody(app: App, action: MeetingAction, view: MeetingRequestView, toLearner: boolean) {
  const lines = [headline(action, view), '', `Topic: ${view.topic}`];
  if (action === 'requested') {
    lines.push(
      `Preferred time: ${formatMeetingTime(view.windowStart, null)} to ${formatMeetingTime(view.windowEnd, null)}`,
    );
  }
  if (view.startsAt && (action === 'accepted' || action === 'proposed' || action === 'confirmed')) {
    const length = view.durationMinutes === null ? '' : ` (${countOf(view.durationMinutes, 'minute')})`;
    lines.push(`When: ${formatMeetingTime(view.startsAt, view.endsAt)}${length}`);
    if (view.meetingLink) lines.push(`Link: ${view.meetingLink}`);
  }
  if (action === 'declined' && view.declineReason) lines.push(`Reason: ${view.declineReason}`);
  if (action === 'proposed') lines.push('', 'Accept the new time or cancel the request on the course page.');
  if (action === 'accepted' || action === 'confirmed') {
    lines.push('', 'Add it to your calendar with "Add to calendar (.ics)" on the page below.');
  }
  const page = toLearner
    ? `${app.config.publicUrl}/subscribed-courses?courseId=${view.course.id}`
    : `${app.config.publicUrl}/conversation-management?tab=meetings`;
  return `Hello,\n\n${lines.join('\n')}\n\n${page}\n\nGurukul`;
}

/**
 * Tells the other side of a change live (`meeting-update` on every tab) and by e-mail when they have no socket
 * open. The acting side's other tabs and the teacher's institute hear it live only, so lists stay current
 * without mail to people who did not ask for it.
 */
export async function tellOtherSide(
  app: App,
  actor: Actor,
  row: MeetingRow,
  view: MeetingRequestView,
  action: MeetingAction,
): Promise<void> {
  const event: MeetingUpdateEvent = {
    action,
    byUserId: actor.userId,
    message: headline(action, view),
    request: view,
  };
  const toLearner = action === 'accepted' || action === 'proposed' || action === 'declined';
  const recipient = toLearner ? row.student : row.teacher;
  const live = new Set([
    row.student.id,
    row.teacher.id,
    ...(row.teacher.instituteId ? [row.teacher.instituteId] : []),
  ]);
  live.delete(recipient.id);
  for (const userId of live) app.realtime.notify(rooms.user(userId), MEETING_EVENT, event);
  if (recipient.deletedAt) return;
  await reachUser(
    app,
    recipient,
    { event: MEETING_EVENT, payload: event },
    { subject: event.message, text: mailBody(app, action, view, toLearner) },
  );
}
