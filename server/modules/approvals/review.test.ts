import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../common/messages';
import type { UserType } from '../../../common/roles';
import { auditLog, courseFaqs, courses, courseVideos } from '../../db/schema/index';
import hiApprovals from '../../i18n/hi/approvals.json';
import { createCourse, insertReadyLesson, VALID_COURSE_INFO } from '../../test/courses';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { connectSocket } from '../../test/sockets';
import type { CourseSnapshot } from '../courses/snapshot';
import { diffSnapshots } from './snapshots';

let ctx: TestContext;
let baseUrl = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const UNKNOWN_ID = '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f';

const post = (url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });

const api = {
  submit: (headers: Headers, id: string) => post(`/api/courses/${id}/submit`, headers),
  approve: (headers: Headers, id: string, comment?: string) =>
    post(`/api/approvals/${id}/approve`, headers, comment === undefined ? {} : { comment }),
  reject: (headers: Headers, id: string, payload?: unknown) =>
    post(`/api/approvals/${id}/reject`, headers, payload),
  course: (headers: Headers, id: string) => get(`/api/courses/${id}`, headers),
  edit: (headers: Headers, id: string, patch: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/courses/${id}`,
      headers,
      payload: { ...VALID_COURSE_INFO, ...patch },
    }),
  queue: (headers: Headers, status?: string) =>
    get(`/api/approvals${status ? `?status=${status}` : ''}`, headers),
  detail: (headers: Headers, id: string) => get(`/api/approvals/${id}`, headers),
};

async function approvalCount(headers: Headers): Promise<number> {
  const response = await get('/api/teacher/course/approval-counts', headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().count as number;
}

async function row(id: string) {
  const [found] = await ctx.app.db.select().from(courses).where(eq(courses.id, id));
  return found;
}

/** A draft with its information and a ready lesson: what a submission needs (decision 044). */
async function submittableCourse(headers: Headers, patch: Record<string, unknown> = {}) {
  const id = await createCourse(ctx.app, headers, patch);
  await insertReadyLesson(ctx.app, id);
  return id;
}

/** A submitted and approved course of `teacher`. */
async function approvedCourse(teacher: Headers, admin: Headers, patch: Record<string, unknown> = {}) {
  const id = await submittableCourse(teacher, patch);
  expect((await api.submit(teacher, id)).statusCode).toBe(200);
  const approved = await api.approve(admin, id);
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

const teacher = () => buildAndLogin(ctx.app, { userType: 'teacher' });
const admin = () => buildAndLogin(ctx.app, { userType: 'admin' });

describe('submitting a course', () => {
  it('moves a draft to PENDING with the time and an audit entry, once', async () => {
    const { user, headers } = await teacher();
    const id = await submittableCourse(headers);
    const before = Date.now();
    const response = await api.submit(headers, id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id, status: 'PENDING', hasLiveVersion: false, reviewComment: null });
    expect(Date.parse(body.submittedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await row(id)).approvalStatus).toBe('PENDING');

    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course-submit'), eq(auditLog.actorId, user.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0].details).toEqual({ courseId: id, to: 'PENDING' });

    const again = await api.submit(headers, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
    expect(again.json().message).toContain('PENDING');
    expect((await row(id)).approvalStatus).toBe('PENDING');
  });

  it('refuses while a video is still processing, and accepts once it is ready', async () => {
    const { headers } = await teacher();
    const id = await createCourse(ctx.app, headers);
    const [video] = await ctx.app.db
      .insert(courseVideos)
      .values({ courseId: id, title: 'Lesson 1', processingStatus: 'processing' })
      .returning();
    const response = await api.submit(headers, id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    expect(response.json().message).toMatch(/processing/);
    const stored = await row(id);
    expect(stored.approvalStatus).toBe('DRAFT');
    expect(stored.submittedAt).toBeNull();

    await ctx.app.db
      .update(courseVideos)
      .set({ processingStatus: 'ready' })
      .where(eq(courseVideos.id, video.id));
    expect((await api.submit(headers, id)).json().status).toBe('PENDING');
  });

  it('refuses a course whose information is incomplete with 400', async () => {
    const { user, headers } = await teacher();
    const [course] = await ctx.app.db
      .insert(courses)
      .values({ ownerId: user.id, title: 'Only a title' })
      .returning();
    const response = await api.submit(headers, course.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
    expect((await row(course.id)).approvalStatus).toBe('DRAFT');
  });

  it("refuses another teacher's course (403), unknown ids (404) and malformed ids (400)", async () => {
    const owner = await teacher();
    const intruder = await teacher();
    const id = await submittableCourse(owner.headers);
    expect((await api.submit(intruder.headers, id)).statusCode).toBe(403);
    expect((await row(id)).approvalStatus).toBe('DRAFT');
    expect((await api.submit(owner.headers, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await api.submit(owner.headers, 'nope')).statusCode).toBe(400);
  });

  it("lets an institute submit its faculty teacher's course", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const faculty = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const id = await submittableCourse(faculty.headers);
    const response = await api.submit(institute.headers, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('PENDING');
  });
});

describe('approving and rejecting', () => {
  it('approves a PENDING course and makes it the live version; a second decision is a conflict', async () => {
    const author = await teacher();
    const reviewer = await admin();
    const id = await submittableCourse(author.headers);
    await api.submit(author.headers, id);

    const response = await api.approve(reviewer.headers, id, 'Looks good');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      status: 'APPROVED',
      hasLiveVersion: true,
      reviewComment: 'Looks good',
    });
    const stored = await row(id);
    expect(stored.approvalStatus).toBe('APPROVED');
    expect(stored.reviewedBy).toBe(reviewer.user.id);
    expect(stored.reviewedAt).toBeInstanceOf(Date);
    const snapshot = stored.approvedSnapshot as CourseSnapshot;
    expect(snapshot.info).toEqual({ ...VALID_COURSE_INFO, thumbnailPath: null });
    expect(snapshot).toMatchObject({ faqs: [], materials: [] });
    expect(snapshot.videos.map((video) => [video.kind, video.title])).toEqual([['lesson', 'Lesson 1']]);

    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course-approve'), eq(auditLog.actorId, reviewer.user.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ targetId: author.user.id, details: { courseId: id } });

    for (const again of [
      await api.approve(reviewer.headers, id),
      await api.reject(reviewer.headers, id, { comment: 'Changed my mind' }),
    ]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('CONFLICT');
    }
    expect((await row(id)).approvalStatus).toBe('APPROVED');
  });

  it('refuses to decide on a draft', async () => {
    const author = await teacher();
    const reviewer = await admin();
    const id = await submittableCourse(author.headers);
    expect((await api.approve(reviewer.headers, id)).statusCode).toBe(409);
    expect((await api.reject(reviewer.headers, id, { comment: 'No' })).statusCode).toBe(409);
    const stored = await row(id);
    expect(stored.approvalStatus).toBe('DRAFT');
    expect(stored.approvedSnapshot).toBeNull();
  });

  it('requires a comment to reject', async () => {
    const author = await teacher();
    const reviewer = await admin();
    const id = await submittableCourse(author.headers);
    await api.submit(author.headers, id);
    for (const [payload, message] of [
      [{}, MSG.required],
      [{ comment: '' }, MSG.required],
      [{ comment: '   ' }, MSG.onlySpace],
    ] as const) {
      const response = await api.reject(reviewer.headers, id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { comment: message } });
    }
    const noBody = await api.reject(reviewer.headers, id);
    expect(noBody.statusCode).toBe(400);
    expect((await row(id)).approvalStatus).toBe('PENDING');
  });

  it('rejects with a comment the teacher sees, and a resubmission is PENDING again', async () => {
    const author = await teacher();
    const reviewer = await admin();
    const id = await submittableCourse(author.headers);
    await api.submit(author.headers, id);

    const response = await api.reject(reviewer.headers, id, { comment: '  Please add captions.  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'REJECTED', reviewComment: 'Please add captions.' });

    const seen = await api.course(author.headers, id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      status: 'REJECTED',
      reviewComment: 'Please add captions.',
      hasLiveVersion: false,
    });
    expect((await row(id)).approvedSnapshot).toBeNull();

    // The teacher fixes the course (it stays REJECTED while editing) and submits again.
    const edited = await api.edit(author.headers, id, { description: 'Now with captions.' });
    expect(edited.json().status).toBe('REJECTED');
    const resubmitted = await api.submit(author.headers, id);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json()).toMatchObject({ status: 'PENDING', reviewComment: null });
  });

  it('lets exactly one of two simultaneous decisions win', async () => {
    const author = await teacher();
    const first = await admin();
    const second = await admin();
    const id = await submittableCourse(author.headers);
    await api.submit(author.headers, id);
    const responses = await Promise.all([
      api.approve(first.headers, id),
      api.reject(second.headers, id, { comment: 'Too short' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = responses.find((response) => response.statusCode === 200)?.json().status;
    expect((await row(id)).approvalStatus).toBe(winner);
  });

  it('lets exactly one of two simultaneous submissions win', async () => {
    const author = await teacher();
    const id = await submittableCourse(author.headers);
    const responses = await Promise.all([api.submit(author.headers, id), api.submit(author.headers, id)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course-submit'), eq(auditLog.actorId, author.user.id)));
    expect(audits).toHaveLength(1);
  });

  it('approves with an empty comment or no body at all, and refuses an over-long comment with 400', async () => {
    const author = await teacher();
    const reviewer = await admin();
    const id = await submittableCourse(author.headers);
    await api.submit(author.headers, id);
    expect((await api.approve(reviewer.headers, id, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await row(id)).approvalStatus).toBe('PENDING');
    const approved = await api.approve(reviewer.headers, id, '   ');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', reviewComment: null });

    const second = await submittableCourse(author.headers);
    await api.submit(author.headers, second);
    const bodyless = await post(`/api/approvals/${second}/approve`, reviewer.headers);
    expect(bodyless.statusCode, bodyless.body).toBe(200);
    expect((await row(second)).approvalStatus).toBe('APPROVED');
  });

  it('answers 404 for an unknown course and 400 (not 500) for a malformed id', async () => {
    const reviewer = await admin();
    expect((await api.approve(reviewer.headers, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await api.reject(reviewer.headers, UNKNOWN_ID, { comment: 'No' })).statusCode).toBe(404);
    expect((await api.detail(reviewer.headers, UNKNOWN_ID)).statusCode).toBe(404);
    for (const bad of ['nope', '1234', `${UNKNOWN_ID}0`]) {
      expect((await api.approve(reviewer.headers, bad)).statusCode).toBe(400);
      expect((await api.reject(reviewer.headers, bad, { comment: 'No' })).statusCode).toBe(400);
      expect((await api.detail(reviewer.headers, bad)).statusCode).toBe(400);
    }
  });

  it('answers 400, never 500, to a review comment with a NUL character', async () => {
    const author = await teacher();
    const reviewer = await admin();
    const id = await submittableCourse(author.headers);
    await api.submit(author.headers, id);
    const response = await api.reject(reviewer.headers, id, { comment: 'No\u0000pe' });
    expect(response.statusCode).toBe(400);
    expect((await row(id)).approvalStatus).toBe('PENDING');
  });
});

describe('re-approval of a live course', () => {
  it('keeps the approved version live while an edit waits, and shows the admin what changed', async () => {
    const author = await teacher();
    const reviewer = await admin();
    const id = await approvedCourse(author.headers, reviewer.headers, { title: 'Geometry basics' });
    const approvedAt = (await row(id)).submittedAt as Date;

    const edited = await api.edit(author.headers, id, { title: 'Geometry, revised' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Geometry, revised',
      status: 'PENDING_REAPPROVAL',
      hasLiveVersion: true,
    });
    let stored = await row(id);
    expect(stored.approvalStatus).toBe('PENDING_REAPPROVAL');
    expect((stored.approvedSnapshot as CourseSnapshot).info.title).toBe('Geometry basics');
    // The re-approval request is a new request: it waits from the time of the edit.
    expect((stored.submittedAt as Date).getTime()).toBeGreaterThan(approvedAt.getTime());

    // A further edit leaves it waiting; submitting it explicitly is a conflict.
    expect((await api.edit(author.headers, id, { title: 'Geometry, revised' })).json().status).toBe(
      'PENDING_REAPPROVAL',
    );
    expect((await api.submit(author.headers, id)).statusCode).toBe(409);

    await ctx.app.db
      .insert(courseFaqs)
      .values({ courseId: id, question: 'Any maths needed?', answer: 'No.' });
    const detail = await api.detail(reviewer.headers, id);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body.course).toMatchObject({ id, status: 'PENDING_REAPPROVAL', title: 'Geometry, revised' });
    expect(body.infoMark).toBe('changed');
    expect(body.items.faqs).toMatchObject([{ question: 'Any maths needed?', answer: 'No.', mark: 'new' }]);
    expect(body.changes).toEqual(
      expect.arrayContaining([
        {
          area: 'info',
          kind: 'changed',
          label: 'Title',
          before: 'Geometry basics',
          after: 'Geometry, revised',
        },
        { area: 'faqs', kind: 'added', label: 'Any maths needed? — No.' },
      ]),
    );
    expect(body.changes).toHaveLength(2);

    // Rejecting the re-approval keeps the old version live.
    const rejected = await api.reject(reviewer.headers, id, { comment: 'Keep the old title' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', hasLiveVersion: true });
    stored = await row(id);
    expect((stored.approvedSnapshot as CourseSnapshot).info.title).toBe('Geometry basics');
    expect((stored.approvedSnapshot as CourseSnapshot).faqs).toEqual([]);
    expect((await api.course(author.headers, id)).json()).toMatchObject({
      status: 'REJECTED',
      reviewComment: 'Keep the old title',
      hasLiveVersion: true,
    });

    // Submitting again is a re-approval request; approving it replaces the live version.
    const again = await api.submit(author.headers, id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status).toBe('PENDING_REAPPROVAL');
    expect((await api.approve(reviewer.headers, id)).json().status).toBe('APPROVED');
    const live = (await row(id)).approvedSnapshot as CourseSnapshot;
    expect(live.info.title).toBe('Geometry, revised');
    expect(live.faqs).toMatchObject([{ question: 'Any maths needed?' }]);
  });

  it('shows no changes for a first submission', async () => {
    const author = await teacher();
    const reviewer = await admin();
    const id = await submittableCourse(author.headers);
    await api.submit(author.headers, id);
    const body = (await api.detail(reviewer.headers, id)).json();
    expect(body.changes).toBeNull();
    expect(body.course).toMatchObject({ id, status: 'PENDING' });
    expect(body.course.steps['course-information']).toBe(true);
    expect(body).toMatchObject({ infoMark: null, itemComments: [] });
  });
});

describe('the list of changes', () => {
  const snapshot = (info: Partial<CourseSnapshot['info']>): CourseSnapshot => ({
    info: { ...VALID_COURSE_INFO, thumbnailPath: null, ...info },
    videos: [],
    faqs: [],
    materials: [],
    quizzes: [],
  });

  it('names fields as the course form does and never shows where a picture is stored', () => {
    const stored = 'courses/5f0c/thumbnail-9a1b.png';
    const changes = diffSnapshots(
      snapshot({ passingScore: 60, thumbnailPath: null }),
      snapshot({ passingScore: 70, thumbnailPath: stored }),
    );
    expect(changes).toEqual([
      { area: 'info', kind: 'changed', label: 'Passing score', before: '60', after: '70' },
      { area: 'info', kind: 'changed', label: 'Course picture', before: 'no picture', after: 'a picture' },
    ]);
    const replaced = diffSnapshots(
      snapshot({ thumbnailPath: stored }),
      snapshot({ thumbnailPath: `${stored}2` }),
    );
    expect(replaced).toEqual([
      { area: 'info', kind: 'changed', label: 'Course picture', before: 'a picture', after: 'a new picture' },
    ]);
    expect(JSON.stringify([...changes, ...replaced])).not.toContain('courses/');
  });
});

describe('the admin queue', () => {
  it('lists new and re-approval requests oldest first, not drafts or decided courses', async () => {
    const author = await teacher();
    const reviewer = await admin();
    const draft = await submittableCourse(author.headers, { title: 'Queue draft' });
    const approved = await approvedCourse(author.headers, reviewer.headers, { title: 'Queue approved' });
    const reapproval = await approvedCourse(author.headers, reviewer.headers, { title: 'Queue reapproval' });
    const first = await submittableCourse(author.headers, { title: 'Queue first' });
    await api.submit(author.headers, first);
    const second = await submittableCourse(author.headers, { title: 'Queue second' });
    await api.submit(author.headers, second);
    // Approved long before the others were submitted, edited after them: it waits last.
    await api.edit(author.headers, reapproval, { title: 'Queue reapproval' });
    const rejected = await submittableCourse(author.headers, { title: 'Queue rejected' });
    await api.submit(author.headers, rejected);
    await api.reject(reviewer.headers, rejected, { comment: 'No' });

    const mine = new Set([draft, approved, reapproval, first, second, rejected]);
    const listed = async (status?: string) => {
      const response = await api.queue(reviewer.headers, status);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().courses as { id: string; status: string; ownerName: string }[]).filter(
        (course) => mine.has(course.id),
      );
    };

    const waiting = await listed();
    expect(waiting.map((course) => course.id)).toEqual([first, second, reapproval]);
    expect(waiting.map((course) => course.status)).toEqual(['PENDING', 'PENDING', 'PENDING_REAPPROVAL']);
    expect(waiting[0].ownerName).toBe(author.user.fullName);
    expect((await listed('waiting')).map((course) => course.id)).toEqual([first, second, reapproval]);
    expect((await listed('APPROVED')).map((course) => course.id)).toEqual([approved]);
    expect((await listed('REJECTED')).map((course) => course.id)).toEqual([rejected]);
    expect((await api.queue(reviewer.headers, 'DRAFT')).statusCode).toBe(400);
  });
});

describe('the approval count', () => {
  it('follows every step: submit, approve, edit of a live course, reject, resubmit', async () => {
    const author = await teacher();
    const reviewer = await admin();
    const base = await approvalCount(reviewer.headers);
    const [{ waiting }] = await ctx.app.db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(courses)
      .where(sql`${courses.approvalStatus} in ('PENDING', 'PENDING_REAPPROVAL')`);
    expect(base).toBe(waiting);

    const id = await submittableCourse(author.headers);
    expect(await approvalCount(reviewer.headers)).toBe(base);
    await api.submit(author.headers, id);
    expect(await approvalCount(reviewer.headers)).toBe(base + 1);
    await api.approve(reviewer.headers, id);
    expect(await approvalCount(reviewer.headers)).toBe(base);
    await api.edit(author.headers, id, { title: 'Edited while live' });
    expect(await approvalCount(reviewer.headers)).toBe(base + 1);
    await api.reject(reviewer.headers, id, { comment: 'Not yet' });
    expect(await approvalCount(reviewer.headers)).toBe(base);
    await api.submit(author.headers, id);
    expect(await approvalCount(reviewer.headers)).toBe(base + 1);
    await api.approve(reviewer.headers, id);
    expect(await approvalCount(reviewer.headers)).toBe(base);
  });
});

describe('live updates', () => {
  const connect = (token: string) => connectSocket(baseUrl, token, sockets);

  function record<T>(socket: Socket, event: string): T[] {
    const events: T[] = [];
    socket.on(event, (payload: T) => events.push(payload));
    return events;
  }

  it('tells every admin tab the new count and the teacher the decision', async () => {
    const author = await teacher();
    const bystander = await teacher();
    const reviewer = await admin();
    const adminTab = await connect(reviewer.session.jwtToken);
    const otherAdmin = await admin();
    const otherAdminTab = await connect(otherAdmin.session.jwtToken);
    const teacherTab = await connect(author.session.jwtToken);
    const bystanderTab = await connect(bystander.session.jwtToken);

    const counts = record<{ count: number }>(adminTab, 'updatedCourseApprovalData');
    const otherCounts = record<{ count: number }>(otherAdminTab, 'updatedCourseApprovalData');
    const teacherCounts = record(teacherTab, 'updatedCourseApprovalData');
    const reviewed = record<Record<string, unknown>>(teacherTab, 'courseReviewed');
    const bystanderReviewed = record(bystanderTab, 'courseReviewed');
    const base = await approvalCount(reviewer.headers);

    const id = await submittableCourse(author.headers, { title: 'Live course' });
    await api.submit(author.headers, id);
    await vi.waitFor(() => expect(counts).toEqual([{ count: base + 1 }]));

    await api.approve(reviewer.headers, id, 'Well done');
    await vi.waitFor(() => expect(counts).toEqual([{ count: base + 1 }, { count: base }]));
    await vi.waitFor(() => expect(reviewed).toHaveLength(1));
    expect(reviewed[0]).toMatchObject({ courseId: id, status: 'APPROVED', comment: 'Well done' });

    await api.edit(author.headers, id, { title: 'Live course, edited' });
    await vi.waitFor(() => expect(counts.at(-1)).toEqual({ count: base + 1 }));

    await api.reject(reviewer.headers, id, { comment: 'Keep the first title' });
    await vi.waitFor(() => expect(counts.at(-1)).toEqual({ count: base }));
    await vi.waitFor(() => expect(reviewed).toHaveLength(2));
    expect(reviewed[1]).toMatchObject({ courseId: id, status: 'REJECTED', comment: 'Keep the first title' });

    expect(counts).toEqual([{ count: base + 1 }, { count: base }, { count: base + 1 }, { count: base }]);
    await vi.waitFor(() => expect(otherCounts).toEqual(counts));

    // Give a wrongly delivered event time to arrive before checking that none did.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(teacherCounts).toEqual([]);
    expect(bystanderReviewed).toEqual([]);
    expect(reviewed).toHaveLength(2);
  });

  it("tells a Hindi teacher the decision in Hindi: the item comments' heading and names (decision 070)", async () => {
    const author = await teacher();
    await chooseLocale(ctx.app, author.headers, 'hi');
    const reviewer = await admin();
    const teacherTab = await connect(author.session.jwtToken);
    const reviewed = record<Record<string, unknown>>(teacherTab, 'courseReviewed');
    const id = await submittableCourse(author.headers);
    await api.submit(author.headers, id);
    await api.reject(reviewer.headers, id, {
      comment: 'Almost',
      items: [{ area: 'info', itemId: 'info', comment: 'Longer, please' }],
    });
    await vi.waitFor(() => expect(reviewed).toHaveLength(1));
    expect(reviewed[0]).toMatchObject({
      courseId: id,
      status: 'REJECTED',
      comment: `Almost\n\n${hiApprovals['server.approvals.onSingleItems']}\n• ${hiApprovals['server.approvals.item.info']}: Longer, please`,
    });
  });

  it('sends nothing when a transition is refused', async () => {
    const author = await teacher();
    const reviewer = await admin();
    const adminTab = await connect(reviewer.session.jwtToken);
    const teacherTab = await connect(author.session.jwtToken);
    const counts = record(adminTab, 'updatedCourseApprovalData');
    const reviewed = record(teacherTab, 'courseReviewed');
    const id = await submittableCourse(author.headers);
    expect((await api.approve(reviewer.headers, id)).statusCode).toBe(409);
    expect((await api.reject(reviewer.headers, id, {})).statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(counts).toEqual([]);
    expect(reviewed).toEqual([]);
  });
});

describe('who may review', () => {
  it.each<UserType>(['teacher', 'institute', 'student', 'partner', 'developer'])(
    'refuses a %s on every approval route',
    async (userType) => {
      const author = await teacher();
      const id = await submittableCourse(author.headers);
      await api.submit(author.headers, id);
      const caller = await buildAndLogin(ctx.app, { userType });
      // Even the course's own author cannot approve it.
      for (const headers of userType === 'teacher' ? [caller.headers, author.headers] : [caller.headers]) {
        for (const response of [
          await api.approve(headers, id),
          await api.reject(headers, id, { comment: 'No' }),
          await api.queue(headers),
          await api.detail(headers, id),
          await get('/api/teacher/course/approval-counts', headers),
        ]) {
          expect(response.statusCode, response.body).toBe(403);
        }
      }
      expect((await row(id)).approvalStatus).toBe('PENDING');
    },
  );
});
