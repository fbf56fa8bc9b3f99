import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MeetingRequestView, MeetingStatus } from '../../../common/contracts/meetings';
import { courses, meetingRequests, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';

const student = alias(users, 'meeting_student');
const teacher = alias(users, 'meeting_teacher');
/** What learners see of the course: the approved version's title (the working title may be a draft). */
const courseTitle = sql<string>`coalesce(${courses.approvedSnapshot} -> 'info' ->> 'title', ${courses.title})`;

/** A request with the people and the course it names, as loaded for presenting and for deciding. */
export interface MeetingRow {
  request: typeof meetingRequests.$inferSelect;
  courseTitle: string;
  student: { id: string; fullName: string; email: string; locale: string; deletedAt: Date | null };
  teacher: {
    id: string;
    fullName: string;
    email: string;
    locale: string;
    deletedAt: Date | null;
    instituteId: string | null;
  };
}

/** Requests with their course and both people, filtered and ordered by the caller. */
export async function loadMeetingRows(
  app: App,
  where: SQL | undefined,
  order: SQL[] = [sql`${meetingRequests.createdAt} desc`],
  limit = 200,
): Promise<MeetingRow[]> {
  return app.db
    .select({
      request: meetingRequests,
      courseTitle,
      student: {
        id: student.id,
        fullName: student.fullName,
        email: student.email,
        locale: student.locale,
        deletedAt: student.deletedAt,
      },
      teacher: {
        id: teacher.id,
        fullName: teacher.fullName,
        email: teacher.email,
        locale: teacher.locale,
        deletedAt: teacher.deletedAt,
        instituteId: teacher.instituteId,
      },
    })
    .from(meetingRequests)
    .innerJoin(courses, eq(courses.id, meetingRequests.courseId))
    .innerJoin(student, eq(student.id, meetingRequests.studentId))
    .innerJoin(teacher, eq(teacher.id, meetingRequests.teacherId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

/** Requests whose teacher belongs to this institute (an institute answers for its teachers). */
export const teacherInInstitute = (instituteId: string) => eq(teacher.instituteId, instituteId);

/** Which side of a request the actor is on, if any: the student who asked, or the course owner's side. */
export function sideOf(actor: Actor, row: MeetingRow): 'learner' | 'teacher' | null {
  if (row.request.studentId === actor.userId) return 'learner';
  if (row.request.teacherId === actor.userId) return 'teacher';
  if (actor.userType === 'institute' && row.teacher.instituteId === actor.userId) return 'teacher';
  return null;
}

const MINUTE_MS = 60_000;

/** The request as either side sees it: names, never e-mail addresses. */
export function presentMeeting(row: MeetingRow): MeetingRequestView {
  const { request } = row;
  const endsAt =
    request.startsAt && request.durationMinutes
      ? new Date(request.startsAt.getTime() + request.durationMinutes * MINUTE_MS)
      : null;
  return {
    id: request.id,
    status: request.status as MeetingStatus,
    topic: request.topic,
    windowStart: request.windowStart.toISOString(),
    windowEnd: request.windowEnd.toISOString(),
    startsAt: request.startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    durationMinutes: request.durationMinutes,
    meetingLink: request.meetingLink,
    declineReason: request.declineReason,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    course: { id: request.courseId, title: row.courseTitle },
    student: { id: row.student.id, fullName: row.student.fullName },
    teacher: { id: row.teacher.id, fullName: row.teacher.fullName },
  };
}
