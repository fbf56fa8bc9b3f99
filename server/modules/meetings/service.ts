import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import {
  MEETING_MSG,
  type MeetingAction,
  type MeetingListFilter,
  type MeetingRequestView,
  type MeetingStatus,
  type MyMeetings,
  OPEN_MEETING_STATUSES,
} from '../../../common/contracts/meetings';
import { courseSubscriptions, courses, meetingRequests, users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import { canAuthorFor } from '../../http/policies';
import type { CalendarMeeting } from './ics';
import { tellOtherSide } from './notify';
import { loadMeetingRows, type MeetingRow, presentMeeting, sideOf, teacherInInstitute } from './presenters';

/** Why a request in this state cannot take the asked step (409). */
const STATE_CONFLICT: Record<MeetingStatus, string> = {
  pending: 'This meeting request is still waiting for the teacher',
  proposed: 'This meeting request is waiting for the student to answer the proposed time',
  accepted: 'This meeting is already accepted',
  declined: 'This meeting request has been declined',
  cancelled: 'This meeting request has been cancelled',
};

/** The live course and its owner, if the actor may ask its teacher for a meeting; otherwise why not. */
async function requestableCourse(app: App, actor: Actor, courseId: string) {
  const [course] = await app.db
    .select({ id: courses.id, ownerId: courses.ownerId, ownerInstituteId: users.instituteId })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(and(eq(courses.id, courseId), isNotNull(courses.approvedSnapshot)));
  if (!course) return { course: null, refusal: notFound(MEETING_MSG.courseNotFound) };
  if (canAuthorFor(actor, { id: course.ownerId, instituteId: course.ownerInstituteId })) {
    return { course: null, refusal: forbidden(MEETING_MSG.ownCourse) };
  }
  const [subscribed] = await app.db
    .select({ courseId: courseSubscriptions.courseId })
    .from(courseSubscriptions)
    .where(and(eq(courseSubscriptions.courseId, courseId), eq(courseSubscriptions.userId, actor.userId)));
  if (!subscribed) return { course: null, refusal: forbidden(MEETING_MSG.subscribeFirst) };
  return { course, refusal: null };
}

async function loadOne(app: App, meetingId: string): Promise<MeetingRow | undefined> {
  const [row] = await loadMeetingRows(app, eq(meetingRequests.id, meetingId), undefined, 1);
  return row;
}

/** A learner asks the course's teacher for a meeting: one open request per learner and course. */
export async function requestMeeting(
  app: App,
  actor: Actor,
  input: { courseId: string; topic: string; windowStart: Date; windowEnd: Date },
): Promise<MeetingRequestView> {
  const { course, refusal } = await requestableCourse(app, actor, input.courseId);
  if (!course) throw refusal;
  let id: string;
  try {
    const [created] = await app.db
      .insert(meetingRequests)
      .values({
        studentId: actor.userId,
        courseId: course.id,
        teacherId: course.ownerId,
        topic: input.topic,
        windowStart: input.windowStart,
        windowEnd: input.windowEnd,
      })
      .returning({ id: meetingRequests.id });
    id = created.id;
  } catch (error) {
    // The partial unique index decides, so two requests sent at once cannot both be open.
    if (isUniqueViolation(error)) throw conflict(MEETING_MSG.exists);
    throw error;
  }
  return afterChange(app, actor, id, 'requested');
}

/** Presents a changed request and tells the other side; the change itself has committed. */
async function afterChange(
  app: App,
  actor: Actor,
  meetingId: string,
  action: MeetingAction,
): Promise<MeetingRequestView> {
  const row = await loadOne(app, meetingId);
  if (!row) throw notFound(MEETING_MSG.notFound);
  const view = presentMeeting(row);
  await tellOtherSide(app, actor, row, view, action);
  return view;
}

/** The learner's own requests, newest first; for a course, whether they may ask its teacher now. */
export async function myMeetings(app: App, actor: Actor, courseId?: string): Promise<MyMeetings> {
  const where = and(
    eq(meetingRequests.studentId, actor.userId),
    courseId ? eq(meetingRequests.courseId, courseId) : undefined,
  );
  const rows = await loadMeetingRows(app, where);
  const canRequest = courseId ? (await requestableCourse(app, actor, courseId)).course !== null : false;
  return { requests: rows.map(presentMeeting), canRequest };
}

const FILTER_STATUSES: Record<MeetingListFilter, readonly MeetingStatus[] | null> = {
  open: OPEN_MEETING_STATUSES,
  accepted: ['accepted'],
  closed: ['declined', 'cancelled'],
  all: null,
};

/**
 * Requests to the actor's side: a teacher's own courses; an institute's, and those of its teachers. Open ones
 * oldest first (who waited longest is answered first), accepted ones by their time, the rest newest first.
 */
export async function receivedMeetings(
  app: App,
  actor: Actor,
  filter: MeetingListFilter,
): Promise<MeetingRequestView[]> {
  const mine: SQL | undefined =
    actor.userType === 'institute'
      ? or(eq(meetingRequests.teacherId, actor.userId), teacherInInstitute(actor.userId))
      : eq(meetingRequests.teacherId, actor.userId);
  const statuses = FILTER_STATUSES[filter];
  const where = and(mine, statuses ? inArray(meetingRequests.status, [...statuses]) : undefined);
  const order =
    filter === 'open'
      ? [sql`${meetingRequests.createdAt} asc`]
      : filter === 'accepted'
        ? [sql`${meetingRequests.startsAt} desc`]
        : [sql`${meetingRequests.updatedAt} desc`];
  return (await loadMeetingRows(app, where, order)).map(presentMeeting);
}

type Side = 'learner' | 'teacher';

/** A request the actor is a party to, on the side the step needs: 404 for strangers, 403 for the other side. */
async function loadForSide(app: App, actor: Actor, meetingId: string, side: Side): Promise<MeetingRow> {
  const row = await loadOne(app, meetingId);
  const actual = row ? sideOf(actor, row) : null;
  if (!row || !actual) throw notFound(MEETING_MSG.notFound);
  if (actual !== side)
    throw forbidden(side === 'teacher' ? MEETING_MSG.teacherOnly : MEETING_MSG.learnerOnly);
  return row;
}

interface Step {
  side: Side;
  from: readonly MeetingStatus[];
  to: MeetingStatus;
  action: MeetingAction;
  /** The 409 message for a request in a state the step does not start from (STATE_CONFLICT otherwise). */
  refusal?: Partial<Record<MeetingStatus, string>>;
  set?: Partial<typeof meetingRequests.$inferInsert>;
}

/**
 * One state change: checked against the row's state, then written only if the state is still what was read
 * (a conditional UPDATE), so two answers at once cannot both win. The loser gets the 409 of the new state.
 */
async function step(app: App, actor: Actor, meetingId: string, change: Step): Promise<MeetingRequestView> {
  const row = await loadForSide(app, actor, meetingId, change.side);
  const refuse = (status: MeetingStatus) =>
    new AppError('CONFLICT', change.refusal?.[status] ?? STATE_CONFLICT[status]);
  const current = row.request.status as MeetingStatus;
  if (!change.from.includes(current)) throw refuse(current);
  const updated = await app.db
    .update(meetingRequests)
    .set({ ...change.set, status: change.to, updatedAt: new Date() })
    .where(and(eq(meetingRequests.id, meetingId), inArray(meetingRequests.status, [...change.from])))
    .returning({ id: meetingRequests.id });
  if (updated.length === 0) {
    const now = await loadOne(app, meetingId);
    throw refuse((now?.request.status ?? current) as MeetingStatus);
  }
  return afterChange(app, actor, meetingId, change.action);
}

/** The teacher's side fixes the time and link: from a new request, over its own proposal, or to move one. */
export function acceptMeeting(
  app: App,
  actor: Actor,
  meetingId: string,
  input: { startsAt: Date; durationMinutes: number; meetingLink: string },
) {
  return step(app, actor, meetingId, {
    side: 'teacher',
    from: ['pending', 'proposed', 'accepted'],
    to: 'accepted',
    action: 'accepted',
    set: { ...input, declineReason: null },
  });
}

/** The teacher's side offers another time; the learner confirms it or cancels. */
export function proposeMeeting(
  app: App,
  actor: Actor,
  meetingId: string,
  input: { startsAt: Date; durationMinutes: number; meetingLink?: string },
) {
  return step(app, actor, meetingId, {
    side: 'teacher',
    from: ['pending', 'proposed'],
    to: 'proposed',
    action: 'proposed',
    refusal: { accepted: 'This meeting is already accepted: accept it again to change its time or link' },
    set: { ...input, meetingLink: input.meetingLink ?? null },
  });
}

/** The teacher's side says no, with a reason (an accepted meeting may be called off this way too). */
export function declineMeeting(app: App, actor: Actor, meetingId: string, reason: string) {
  return step(app, actor, meetingId, {
    side: 'teacher',
    from: ['pending', 'proposed', 'accepted'],
    to: 'declined',
    action: 'declined',
    set: { declineReason: reason },
  });
}

/** The learner takes the proposed time. */
export function confirmMeeting(app: App, actor: Actor, meetingId: string) {
  return step(app, actor, meetingId, {
    side: 'learner',
    from: ['proposed'],
    to: 'accepted',
    action: 'confirmed',
    refusal: { pending: 'There is no proposed time to confirm yet' },
  });
}

/** The learner withdraws: while it waits, or calls off an accepted meeting. */
export function cancelMeeting(app: App, actor: Actor, meetingId: string) {
  return step(app, actor, meetingId, {
    side: 'learner',
    from: ['pending', 'proposed', 'accepted'],
    to: 'cancelled',
    action: 'cancelled',
  });
}

/** An accepted meeting either party may put in a calendar, as the calendar file says it. */
export async function calendarMeeting(app: App, actor: Actor, meetingId: string): Promise<CalendarMeeting> {
  const row = await loadOne(app, meetingId);
  if (!row || !sideOf(actor, row)) throw notFound(MEETING_MSG.notFound);
  const { request } = row;
  if (request.status !== 'accepted' || !request.startsAt || !request.durationMinutes) {
    throw conflict(MEETING_MSG.notAccepted);
  }
  return {
    id: request.id,
    host: new URL(app.config.publicUrl).hostname,
    summary: `Meeting: ${row.courseTitle}`,
    description: [
      `Topic: ${request.topic}`,
      `Teacher: ${row.teacher.fullName}`,
      `Student: ${row.student.fullName}`,
      ...(request.meetingLink ? [`Join: ${request.meetingLink}`] : []),
    ].join('\n'),
    startsAt: request.startsAt,
    endsAt: new Date(request.startsAt.getTime() + request.durationMinutes * 60_000),
    link: request.meetingLink,
    updatedAt: request.updatedAt,
  };
}
