import {
  MEETING_EVENT,
  type MeetingAction,
  type MeetingRequestView,
  type MeetingUpdateEvent,
} from '../../../common/contracts/meetings';
import type { Locale } from '../../../common/i18n/locales';
import { formatDateTimeRange } from '../../../common/time';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { mailText, type Say, sayTo } from '../../http/mail-text';
import { reachUser } from '../../realtime/reach-user';
import { rooms } from '../../realtime/socket';
import type { MeetingRow } from './presenters';

/**
 * "Wed, 20 May, 2026, 09:30 – 10:00 UTC": the range as the web shows it (common/time.ts), but mail has no time
 * zone of the reader, so it is in UTC and says so; in the reader's language (Hindi: hi-IN's date, still UTC).
 */
export function formatMeetingTime(startsAt: string, endsAt: string | null, locale: Locale = 'en'): string {
  return `${formatDateTimeRange(startsAt, endsAt, { timeZone: 'UTC', weekday: true, locale })} UTC`;
}

/** Who did what, in one line: the live toast's and the mail subject's text, in `say`'s language. */
export function headline(say: Say, action: MeetingAction, view: MeetingRequestView): string {
  const names = { student: view.student.fullName, teacher: view.teacher.fullName, course: view.course.title };
  switch (action) {
    case 'requested':
      return say('server.meetings.mail.requested', names);
    case 'accepted':
      return say('server.meetings.mail.accepted', names);
    case 'proposed':
      return say('server.meetings.mail.proposed', names);
    case 'declined':
      return say('server.meetings.mail.declined', names);
    case 'confirmed':
      return say('server.meetings.mail.confirmed', names);
    case 'cancelled':
      // A meeting that had a time (accepted, or a time proposed) is a meeting called off, not a request.
      return view.startsAt
        ? say('server.meetings.mail.cancelledMeeting', names)
        : say('server.meetings.mail.cancelledRequest', names);
  }
}

function mailBody(app: App, say: Say, action: MeetingAction, view: MeetingRequestView, toLearner: boolean) {
  const time = (startsAt: string, endsAt: string | null) => formatMeetingTime(startsAt, endsAt, say.locale);
  const lines = [headline(say, action, view), '', say('server.meetings.mail.topic', { topic: view.topic })];
  if (action === 'requested') {
    lines.push(
      say('server.meetings.mail.preferredTime', {
        from: time(view.windowStart, null),
        to: time(view.windowEnd, null),
      }),
    );
  }
  if (view.startsAt && (action === 'accepted' || action === 'proposed' || action === 'confirmed')) {
    const when = time(view.startsAt, view.endsAt);
    lines.push(
      view.durationMinutes === null
        ? say('server.meetings.mail.when', { when })
        : say('server.meetings.mail.whenFor', { when, minutes: view.durationMinutes }),
    );
    if (view.meetingLink) lines.push(say('server.meetings.mail.link', { link: view.meetingLink }));
  }
  if (action === 'declined' && view.declineReason)
    lines.push(say('server.meetings.mail.reason', { reason: view.declineReason }));
  if (action === 'proposed') lines.push('', say('server.meetings.mail.acceptOrCancel'));
  if (action === 'accepted' || action === 'confirmed')
    lines.push('', say('server.meetings.mail.addToCalendar'));
  const page = toLearner
    ? `${app.config.publicUrl}/subscribed-courses?courseId=${view.course.id}`
    : `${app.config.publicUrl}/conversation-management?tab=meetings`;
  return mailText(say, null, [lines.join('\n'), page]);
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
  // Those who only hear it live read it in English; the one it is for reads it (live or mailed) in their own.
  const event: MeetingUpdateEvent = {
    action,
    byUserId: actor.userId,
    message: headline(sayTo({}), action, view),
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
  const say = sayTo(recipient);
  const message = headline(say, action, view);
  await reachUser(
    app,
    recipient,
    { event: MEETING_EVENT, payload: { ...event, message } },
    { subject: message, text: mailBody(app, say, action, view, toLearner) },
  );
}
