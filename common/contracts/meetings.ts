import { z } from 'zod';
import { atMostCharacters, MSG } from '../messages';
import { isCalendarDay } from './dates';
import { requiredText } from './fields';

/**
 * Meeting requests: a learner asks the teacher of a subscribed course for a meeting; the teacher (or the
 * teacher's institute) accepts with a time and a link, proposes another time, or declines (decision 032).
 * Paths:
 *
 *   POST /api/meetings                         (learn)   MeetingRequestInput → 201 MeetingRequestView
 *   GET  /api/meetings/mine?courseId=          (learn)   → MyMeetings (the caller's own; canRequest for a course)
 *   GET  /api/meetings/received?status=        (teach)   → { requests: MeetingRequestView[] } open|accepted|closed|all
 *   POST /api/meetings/:meetingId/accept       (teach)   MeetingTimeInput → MeetingRequestView   → accepted
 *   POST /api/meetings/:meetingId/propose      (teach)   MeetingProposalInput → MeetingRequestView → proposed
 *   POST /api/meetings/:meetingId/decline      (teach)   { reason } → MeetingRequestView          → declined
 *   POST /api/meetings/:meetingId/confirm      (learn)   → MeetingRequestView (the proposed time) → accepted
 *   POST /api/meetings/:meetingId/cancel       (learn)   → MeetingRequestView                     → cancelled
 *   GET  /api/meetings/:meetingId/calendar.ics (either party, accepted only) → text/calendar (RFC 5545)
 *
 * Every change reaches the other side as the socket event `meeting-update` (MeetingUpdateEvent), and by e-mail
 * when they have no socket open.
 */

export const MEETING_STATUSES = ['pending', 'proposed', 'accepted', 'declined', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
/** Waiting for an answer: at most one per learner and course. */
export const OPEN_MEETING_STATUSES = ['pending', 'proposed'] as const satisfies readonly MeetingStatus[];
/** The teacher's list: open (pending, proposed), accepted, closed (declined, cancelled) or all. */
export const MEETING_LIST_FILTERS = ['open', 'accepted', 'closed', 'all'] as const;
export type MeetingListFilter = (typeof MEETING_LIST_FILTERS)[number];

export const MEETING_EVENT = 'meeting-update';

export const MEETING_LIMITS = {
  topicMax: 500,
  reasonMax: 500,
  linkMax: 500,
  /** The preferred window must end within this many days. */
  windowDaysAhead: 30,
  /** An accepted or proposed time must start within this many days. */
  scheduleDaysAhead: 60,
  durationMin: 5,
  durationMax: 480,
} as const;

/** The spec's texts (SPEC §8) and our own for the flows it leaves open. */
export const MEETING_MSG = {
  submitted: 'Meeting Request is submitted successfully',
  exists: 'Meeting Request already exists',
  notFound: 'Meeting request not found',
  courseNotFound: 'Course not found',
  subscribeFirst: 'Please subscribe to this course first',
  ownCourse: 'You teach this course: students ask you for meetings here',
  invalidInstant: 'Please enter a valid date and time',
  windowInPast: 'The preferred time must be in the future',
  windowOrder: 'The end must be after the start',
  windowTooFar: `Please choose a time within the next ${MEETING_LIMITS.windowDaysAhead} days`,
  startInPast: 'The meeting must start in the future',
  startTooFar: `Please choose a time within the next ${MEETING_LIMITS.scheduleDaysAhead} days`,
  duration: `Please choose between ${MEETING_LIMITS.durationMin} and ${MEETING_LIMITS.durationMax} minutes`,
  link: MSG.url('https://meet.example.com/abc-defg'),
  notAccepted: 'The meeting has no agreed time yet',
  teacherOnly: "Only the course's teacher can answer this request",
  learnerOnly: 'Only the student who asked can do this',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

const MINUTE_MS = 60_000;

/**
 * A moment with its offset (`2026-05-20T09:30:00.000Z`, `…+05:30`): a form converts its local time first.
 * Meetings are arranged to the minute, so seconds are dropped (the calendar file and the page then agree).
 */
const instant = z
  .string({ error: MSG.required })
  .min(1, { error: MSG.required, abort: true })
  // Date.parse rolls 2026-02-31 over to March; a day that is not on the calendar is refused instead.
  .refine((value) => ISO_INSTANT.test(value) && isCalendarDay(value.slice(0, 10)), {
    error: MEETING_MSG.invalidInstant,
    abort: true,
  })
  .transform((value) => new Date(Math.floor(Date.parse(value) / MINUTE_MS) * MINUTE_MS));

/** An http(s) address with a real host: what a video call link is. */
export function isMeetingLink(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    const web = url.protocol === 'https:' || url.protocol === 'http:';
    return web && (url.hostname.includes('.') || url.hostname === 'localhost');
  } catch {
    return false;
  }
}

const meetingLink = requiredText(MEETING_LIMITS.linkMax).refine(isMeetingLink, MEETING_MSG.link);
/** Left empty, a proposal has no link yet (the teacher adds it when accepting). */
const optionalMeetingLink = z
  .string()
  .max(MEETING_LIMITS.linkMax, atMostCharacters(MEETING_LIMITS.linkMax))
  .optional()
  .transform((value) => value?.trim() || undefined)
  .refine((value) => value === undefined || isMeetingLink(value), MEETING_MSG.link);

const durationMinutes = z
  .number({ error: MSG.required })
  .int(MSG.decimal)
  .min(MEETING_LIMITS.durationMin, MEETING_MSG.duration)
  .max(MEETING_LIMITS.durationMax, MEETING_MSG.duration);

/**
 * Checks across fields live in their own object, joined to the rest with `.and()`: zod skips an object's
 * refinements once any of its fields failed, and a form should still say "the end must be after the start"
 * while the topic is empty.
 */
const endStillValid =
  (...dates: string[]) =>
  (payload: { value: unknown; issues: readonly { path?: PropertyKey[] }[] }) => {
    const value = payload.value as Record<string, unknown> | null;
    if (!value || typeof value !== 'object') return false;
    if (!dates.every((key) => value[key] instanceof Date)) return false;
    return !payload.issues.some((issue) => issue.path?.[0] === 'windowEnd');
  };

const preferredWindow = z
  .object({ windowStart: instant, windowEnd: instant })
  .refine((value) => value.windowStart.getTime() > Date.now(), {
    path: ['windowStart'],
    error: MEETING_MSG.windowInPast,
  })
  .refine((value) => value.windowEnd > value.windowStart, {
    path: ['windowEnd'],
    error: MEETING_MSG.windowOrder,
    when: endStillValid('windowStart', 'windowEnd'),
  })
  .refine((value) => value.windowEnd.getTime() <= Date.now() + MEETING_LIMITS.windowDaysAhead * DAY_MS, {
    path: ['windowEnd'],
    error: MEETING_MSG.windowTooFar,
    when: endStillValid('windowEnd'),
  });

export const meetingRequestSchema = z
  .object({
    courseId: z.uuid({ error: MEETING_MSG.courseNotFound }),
    topic: requiredText(MEETING_LIMITS.topicMax),
  })
  .and(preferredWindow);
export type MeetingRequestInput = z.input<typeof meetingRequestSchema>;

const startsAt = z
  .object({ startsAt: instant })
  .refine((value) => value.startsAt.getTime() > Date.now(), {
    path: ['startsAt'],
    error: MEETING_MSG.startInPast,
  })
  .refine((value) => value.startsAt.getTime() <= Date.now() + MEETING_LIMITS.scheduleDaysAhead * DAY_MS, {
    path: ['startsAt'],
    error: MEETING_MSG.startTooFar,
  });

/** Accept: the agreed time (inside the student's window or not), its length and the call's link. */
export const meetingTimeSchema = z.object({ durationMinutes, meetingLink }).and(startsAt);
export type MeetingTimeInput = z.input<typeof meetingTimeSchema>;

/** Propose another time: the link may wait until the meeting is agreed. */
export const meetingProposalSchema = z
  .object({ durationMinutes, meetingLink: optionalMeetingLink })
  .and(startsAt);
export type MeetingProposalInput = z.input<typeof meetingProposalSchema>;

export const meetingDeclineSchema = z.object({ reason: requiredText(MEETING_LIMITS.reasonMax) });
export type MeetingDeclineInput = z.input<typeof meetingDeclineSchema>;

export const myMeetingsQuerySchema = z.object({
  courseId: z.uuid({ error: MEETING_MSG.courseNotFound }).optional(),
});
export const receivedMeetingsQuerySchema = z.object({
  status: z.enum(MEETING_LIST_FILTERS, { error: MSG.selectOption }).default('open'),
});

export interface MeetingRequestView {
  id: string;
  status: MeetingStatus;
  topic: string;
  windowStart: string;
  windowEnd: string;
  /** The agreed time (accepted) or the teacher's offer (proposed); null while pending. */
  startsAt: string | null;
  endsAt: string | null;
  durationMinutes: number | null;
  meetingLink: string | null;
  declineReason: string | null;
  createdAt: string;
  updatedAt: string;
  course: { id: string; title: string };
  student: { id: string; fullName: string };
  teacher: { id: string; fullName: string };
}

export interface MyMeetings {
  requests: MeetingRequestView[];
  /** For `courseId`: whether the caller may ask its teacher (subscribed to the live course, not its author). */
  canRequest: boolean;
}

export type MeetingAction = 'requested' | 'accepted' | 'proposed' | 'confirmed' | 'declined' | 'cancelled';

/** The socket event `meeting-update`: what changed, who did it, and the request as it is now. */
export interface MeetingUpdateEvent {
  action: MeetingAction;
  byUserId: string;
  message: string;
  request: MeetingRequestView;
}
