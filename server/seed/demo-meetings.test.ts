import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeetingRequestView } from '../../common/contracts/meetings';
import { courseSubscriptions, meetingRequests, users } from '../db/schema/index';
import { authHeader, login } from '../test/factories';
import { liveCourse } from '../test/fixtures/reports';
import { startTestApp, type TestContext } from '../test/harness';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { DEMO_MEETING_TOPIC, seedDemoMeetings } from './demo-meetings';

describe('seedDemoMeetings', () => {
  let ctx: TestContext;
  let courseId: string;
  beforeAll(async () => {
    ctx = await startTestApp();
    await seedDemo(ctx.app.db);
    const byEmail = async (email: string) =>
      (await ctx.app.db.select().from(users).where(eq(users.email, email)))[0];
    const teacher = await byEmail('teacher@gurukul.test');
    const student = await byEmail('student@gurukul.test');
    courseId = (await liveCourse(ctx.app, teacher.id, 'Foundations of Geometry', 1)).id;
    await ctx.app.db.insert(courseSubscriptions).values({ userId: student.id, courseId });
  });
  afterAll(async () => ctx.close());

  it('adds one pending request from student@ that teacher@ sees, once', async () => {
    await seedDemoMeetings(ctx.app, courseId);
    await seedDemoMeetings(ctx.app, courseId);
    const rows = await ctx.app.db.select().from(meetingRequests);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', topic: DEMO_MEETING_TOPIC });
    expect(rows[0].windowEnd.getTime()).toBeGreaterThan(rows[0].windowStart.getTime());

    const teacher = await login(ctx.app, 'teacher@gurukul.test', { password: DEMO_PASSWORD });
    const received = await ctx.app.inject({ url: '/api/meetings/received', headers: authHeader(teacher) });
    const requests = received.json().requests as MeetingRequestView[];
    expect(requests.map((request) => [request.student.fullName, request.course.title])).toEqual([
      ['Sita Student', 'Foundations of Geometry'],
    ]);
    // The open request is the one the demo student would be refused a second of.
    const student = await login(ctx.app, 'student@gurukul.test', { password: DEMO_PASSWORD });
    const mine = await ctx.app.inject({
      url: `/api/meetings/mine?courseId=${courseId}`,
      headers: authHeader(student),
    });
    expect(mine.json().requests).toHaveLength(1);
  });
});
