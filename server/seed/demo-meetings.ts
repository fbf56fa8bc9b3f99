import { and, eq } from 'drizzle-orm';
import { courses, meetingRequests, users } from '../db/schema/index';
import type { App } from '../http/app-type';

const DEMO_STUDENT = 'student@gurukul.test';
export const DEMO_MEETING_TOPIC = 'Help with proving that the angles of a triangle add up to 180 degrees';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One pending meeting request from student@ to the demo course's teacher (README), so teacher@ finds it under
 * Conversation Management → Meeting requests. Its preferred window is 16:00–18:00 UTC, two days after the seed.
 * Idempotent: a second run, or a student who already has a request for the course, adds nothing.
 */
export async function seedDemoMeetings(app: App, courseId: string, now = new Date()): Promise<void> {
  const [student] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_STUDENT));
  const [course] = await app.db
    .select({ ownerId: courses.ownerId })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!student || !course) return;
  const [existing] = await app.db
    .select({ id: meetingRequests.id })
    .from(meetingRequests)
    .where(and(eq(meetingRequests.studentId, student.id), eq(meetingRequests.courseId, courseId)))
    .limit(1);
  if (existing) return;
  const day = new Date(now.getTime() + 2 * DAY_MS);
  day.setUTCHours(16, 0, 0, 0);
  await app.db
    .insert(meetingRequests)
    .values({
      studentId: student.id,
      courseId,
      teacherId: course.ownerId,
      topic: DEMO_MEETING_TOPIC,
      windowStart: day,
      windowEnd: new Date(day.getTime() + 2 * 60 * 60 * 1000),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}
