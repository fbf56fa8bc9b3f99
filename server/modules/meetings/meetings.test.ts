import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MEETING_EVENT,
  MEETING_MSG,
  type MeetingRequestView,
  type MeetingUpdateEvent,
} from '../../../common/contracts/meetings';
import { MSG } from '../../../common/messages';
import { courseSubscriptions, meetingRequests, outbox } from '../../db/schema/index';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { liveCourse } from '../../test/fixtures/reports';
import { startTestApp, type TestContext } from '../../test/harness';
import { formatMeetingTime } from './notify';

let ctx: TestContext;
let baseUrl = '';
const sockets: Socket[] = [];
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
type Method = 'GET' | 'POST';

const HOUR_MS = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();
const window = (from = 24, to = 26) => ({ windowStart: inHours(from), windowEnd: inHours(to) });
const time = (hours = 48) => ({
  startsAt: inHours(hours),
  durationMinutes: 45,
  meetingLink: 'https://meet.example.com/geo-101?x=1,2',
});

const call = (who: Session | null, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: who?.headers ?? {}, payload: payload as never });

async function ask(who: Session, courseId: string, topic = 'Proofs with triangles') {
  return call(who, 'POST', '/api/meetings', { courseId, topic, ...window() });
}

async function asked(who: Session, courseId: string, topic?: string): Promise<MeetingRequestView> {
  const response = await ask(who, courseId, topic);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const act = (who: Session, id: string, action: string, payload: unknown = {}) =>
  call(who, 'POST', `/api/meetings/${id}/${action}`, payload);

async function mailsTo(email: string) {
  return ctx.app.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id));
}

/** A socket as the web app opens it, counted as online (presence) before the test goes on. */
async function online(who: Session): Promise<MeetingUpdateEvent[]> {
  const socket = io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: who.session.jwtToken },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const events: MeetingUpdateEvent[] = [];
  socket.on(MEETING_EVENT, (event: MeetingUpdateEvent) => events.push(event));
  socket.emit('saveOnlineUser', {});
  await expect.poll(() => ctx.app.realtime.presence.isOnline(who.user.id)).toBe(true);
  return events;
}

let teacher: Session;
let student: Session;
let courseId: string;
let institute: Session;
let faculty: Session;
let facultyCourseId: string;

beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  teacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Tara Teacher' });
  student = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'Sita Student' });
  institute = await buildAndLogin(ctx.app, { userType: 'institute', fullName: 'Lotus Institute' });
  faculty = await buildAndLogin(ctx.app, {
    userType: 'teacher',
    fullName: 'Farhan Faculty',
    instituteId: institute.user.id,
  });
  courseId = (await liveCourse(ctx.app, teacher.user.id, 'Foundations of Geometry', 1)).id;
  facultyCourseId = (await liveCourse(ctx.app, faculty.user.id, 'Algebra', 1)).id;
  await ctx.app.db.insert(courseSubscriptions).values([
    { userId: student.user.id, courseId },
    { userId: student.user.id, courseId: facultyCourseId },
  ]);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => ctx.close());

/** A fresh subscribed learner, so each test starts without an open request. */
async function newLearner(course = courseId, name = 'Ravi Learner') {
  const learner = await buildAndLogin(ctx.app, { userType: 'student', fullName: name });
  await ctx.app.db.insert(courseSubscriptions).values({ userId: learner.user.id, courseId: course });
  return learner;
}

describe('asking for a meeting', () => {
  it('saves the request, says so, and refuses a second open one for the same course', async () => {
    const learner = await newLearner();
    const first = await asked(learner, courseId, '  Proofs with triangles  ');
    expect(first).toMatchObject({
      status: 'pending',
      topic: 'Proofs with triangles',
      course: { id: courseId, title: 'Foundations of Geometry' },
      student: { id: learner.user.id, fullName: 'Ravi Learner' },
      teacher: { id: teacher.user.id, fullName: 'Tara Teacher' },
      startsAt: null,
      meetingLink: null,
    });
    expect(first).not.toHaveProperty('student.email');

    const again = await ask(learner, courseId, 'Something else');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MEETING_MSG.exists);
    expect(MEETING_MSG.exists).toBe('Meeting Request already exists');
    expect(MEETING_MSG.submitted).toBe('Meeting Request is submitted successfully');

    const mine = (await call(learner, 'GET', `/api/meetings/mine?courseId=${courseId}`)).json();
    expect(mine.requests.map((r: MeetingRequestView) => r.id)).toEqual([first.id]);
    expect(mine.canRequest).toBe(true);
  });

  it('allows a new request once the open one is closed, and two sent at once give one', async () => {
    const learner = await newLearner();
    const first = await asked(learner, courseId);
    expect((await act(learner, first.id, 'cancel')).statusCode).toBe(200);
    await asked(learner, courseId);

    const racer = await newLearner();
    const answers = await Promise.all([ask(racer, courseId), ask(racer, courseId), ask(racer, courseId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await ctx.app.db
      .select()
      .from(meetingRequests)
      .where(and(eq(meetingRequests.studentId, racer.user.id), eq(meetingRequests.courseId, courseId)));
    expect(rows).toHaveLength(1);
  });

  it('refuses a learner who is not subscribed, the course author, and a course that is not live', async () => {
    const stranger = await buildAndLogin(ctx.app, { userType: 'student' });
    const refused = await ask(stranger, courseId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MEETING_MSG.subscribeFirst);
    const mine = (await call(stranger, 'GET', `/api/meetings/mine?courseId=${courseId}`)).json();
    expect(mine).toEqual({ requests: [], canRequest: false });

    // An institute subscribed to its own teacher's course is the answering side, not a learner.
    await ctx.app.db
      .insert(courseSubscriptions)
      .values({ userId: institute.user.id, courseId: facultyCourseId });
    const own = await ask(institute, facultyCourseId);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MEETING_MSG.ownCourse);

    const missing = await ask(student, '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f');
    expect(missing.statusCode).toBe(404);
    expect(
      await ctx.app.db.select().from(meetingRequests).where(eq(meetingRequests.studentId, stranger.user.id)),
    ).toEqual([]);
  });

  it('answers bad input with one clear message per field and saves nothing', async () => {
    const learner = await newLearner();
    const bad = async (body: Record<string, unknown>) => {
      const response = await call(learner, 'POST', '/api/meetings', {
        courseId,
        topic: 'Angles',
        ...window(),
        ...body,
      });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().fields as Record<string, string>;
    };
    expect((await bad({ topic: '   ' })).topic).toBe(MSG.onlySpace);
    expect((await bad({ topic: '' })).topic).toBe(MSG.required);
    expect((await bad({ topic: 'x'.repeat(501) })).topic).toBe('Please use at most 500 characters');
    expect((await bad({ windowStart: '' })).windowStart).toBe(MSG.required);
    expect((await bad({ windowStart: 'tomorrow' })).windowStart).toBe(MEETING_MSG.invalidInstant);
    // A moment without its offset is ambiguous: the form sends UTC.
    expect((await bad({ windowStart: '2030-01-01T10:00' })).windowStart).toBe(MEETING_MSG.invalidInstant);
    expect((await bad(window(-2, 2))).windowStart).toBe(MEETING_MSG.windowInPast);
    expect((await bad(window(26, 24))).windowEnd).toBe(MEETING_MSG.windowOrder);
    expect((await bad(window(24, 31 * 24))).windowEnd).toBe(MEETING_MSG.windowTooFar);
    expect((await bad({ courseId: 'nope' })).courseId).toBe(MEETING_MSG.courseNotFound);
    const fields = await bad({ topic: ' ', windowEnd: inHours(1) });
    expect(fields).toMatchObject({ topic: MSG.onlySpace, windowEnd: MEETING_MSG.windowOrder });
    expect(
      await ctx.app.db.select().from(meetingRequests).where(eq(meetingRequests.studentId, learner.user.id)),
    ).toEqual([]);
  });
});

describe('answering', () => {
  it('accept, propose, confirm, decline and cancel move only along the allowed steps', async () => {
    const learner = await newLearner();
    const request = await asked(learner, courseId);

    // Confirming needs a proposal; proposing and accepting need the teacher's side.
    const early = await act(learner, request.id, 'confirm');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('There is no proposed time to confirm yet');

    const proposal = { startsAt: inHours(72), durationMinutes: 30 };
    const proposed = await act(teacher, request.id, 'propose', proposal);
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({ status: 'proposed', durationMinutes: 30, meetingLink: null });
    // The teacher may change the offer while it waits.
    const reproposed = await act(teacher, request.id, 'propose', {
      ...proposal,
      meetingLink: 'https://meet.example.com/x',
    });
    expect(reproposed.json()).toMatchObject({
      status: 'proposed',
      meetingLink: 'https://meet.example.com/x',
    });

    const confirmed = await act(learner, request.id, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    const view: MeetingRequestView = confirmed.json();
    expect(view.status).toBe('accepted');
    expect(new Date(view.endsAt as string).getTime() - new Date(view.startsAt as string).getTime()).toBe(
      30 * 60_000,
    );

    expect((await act(learner, request.id, 'confirm')).json().message).toBe(
      'This meeting is already accepted',
    );
    const proposeAccepted = await act(teacher, request.id, 'propose', proposal);
    expect(proposeAccepted.statusCode).toBe(409);
    expect(proposeAccepted.json().message).toMatch(/already accepted/);

    // Accepting again moves an accepted meeting (new time, new link).
    const moved = await act(teacher, request.id, 'accept', time(96));
    expect(moved.json()).toMatchObject({ status: 'accepted', durationMinutes: 45 });

    const cancelled = await act(learner, request.id, 'cancel');
    expect(cancelled.json().status).toBe('cancelled');
    for (const [who, action, body] of [
      [teacher, 'accept', time()],
      [teacher, 'propose', time()],
      [teacher, 'decline', { reason: 'Too late' }],
      [learner, 'confirm', {}],
      [learner, 'cancel', {}],
    ] as const) {
      const answer = await act(who, request.id, action, body);
      expect(answer.statusCode, `${action} after cancel`).toBe(409);
      expect(answer.json().message).toBe('This meeting request has been cancelled');
    }
  });

  it('declines with a reason, and refuses bad answers with clear messages', async () => {
    const learner = await newLearner();
    const request = await asked(learner, courseId);
    const field = async (action: string, body: unknown, name: string) => {
      const response = await act(teacher, request.id, action, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().fields[name];
    };
    expect(await field('accept', { ...time(), meetingLink: 'javascript:alert(1)' }, 'meetingLink')).toBe(
      MEETING_MSG.link,
    );
    expect(await field('accept', { ...time(), meetingLink: 'ftp://files.example.com' }, 'meetingLink')).toBe(
      MEETING_MSG.link,
    );
    expect(await field('accept', { ...time(), meetingLink: '' }, 'meetingLink')).toBe(MSG.required);
    expect(await field('accept', { ...time(-1) }, 'startsAt')).toBe(MEETING_MSG.startInPast);
    expect(await field('accept', { ...time(61 * 24) }, 'startsAt')).toBe(MEETING_MSG.startTooFar);
    expect(await field('accept', { ...time(), durationMinutes: 0 }, 'durationMinutes')).toBe(
      MEETING_MSG.duration,
    );
    expect(await field('accept', { ...time(), durationMinutes: 30.5 }, 'durationMinutes')).toBe(MSG.decimal);
    expect(
      await field(
        'propose',
        { startsAt: inHours(5), durationMinutes: 30, meetingLink: 'not a link' },
        'meetingLink',
      ),
    ).toBe(MEETING_MSG.link);
    expect(await field('decline', { reason: '  ' }, 'reason')).toBe(MSG.onlySpace);

    const declined = await act(teacher, request.id, 'decline', { reason: 'I am away that week' });
    expect(declined.json()).toMatchObject({ status: 'declined', declineReason: 'I am away that week' });
    const late = await act(learner, request.id, 'cancel');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This meeting request has been declined');
    // A declined request is closed: the learner may ask again.
    await asked(learner, courseId);
  });

  it('lets only the two sides read or act: other students, teachers and institutes get 404', async () => {
    const learner = await newLearner();
    const request = await asked(learner, courseId);
    const otherStudent = await newLearner(courseId, 'Other Student');
    const otherTeacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const otherInstitute = await buildAndLogin(ctx.app, { userType: 'institute' });

    for (const who of [otherTeacher, otherInstitute, institute]) {
      for (const [action, body] of [
        ['accept', time()],
        ['propose', time()],
        ['decline', { reason: 'No' }],
      ] as const) {
        const answer = await act(who, request.id, action, body);
        expect(answer.statusCode, `${action} by a stranger`).toBe(404);
        expect(answer.json().message).toBe(MEETING_MSG.notFound);
      }
      const received = (await call(who, 'GET', '/api/meetings/received?status=all')).json();
      expect(received.requests.map((r: MeetingRequestView) => r.id)).not.toContain(request.id);
      expect((await call(who, 'GET', `/api/meetings/${request.id}/calendar.ics`)).statusCode).toBe(404);
    }
    for (const action of ['confirm', 'cancel']) {
      expect((await act(otherStudent, request.id, action)).statusCode).toBe(404);
    }
    const theirs = (await call(otherStudent, 'GET', `/api/meetings/mine?courseId=${courseId}`)).json();
    expect(theirs.requests).toEqual([]);
    // The teacher cannot act for the learner, and the learner cannot answer for the teacher.
    expect((await act(teacher, request.id, 'cancel')).statusCode).toBe(403);
    expect((await act(student, request.id, 'accept', time())).statusCode).toBe(403); // a student may not call it
    expect(
      (await ctx.app.db.select().from(meetingRequests).where(eq(meetingRequests.id, request.id)))[0].status,
    ).toBe('pending');
  });

  it('lets an institute see and answer requests to its teachers, and the teacher sees its answer', async () => {
    const learner = await newLearner(facultyCourseId, 'Meena Learner');
    const request = await asked(learner, facultyCourseId);
    const ids = async (who: Session, status = 'open') =>
      (await call(who, 'GET', `/api/meetings/received?status=${status}`))
        .json()
        .requests.map((r: MeetingRequestView) => r.id);
    expect(await ids(institute)).toContain(request.id);
    expect(await ids(faculty)).toContain(request.id);
    expect(await ids(teacher)).not.toContain(request.id);

    const accepted = await act(institute, request.id, 'accept', time());
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await ids(faculty)).not.toContain(request.id);
    expect(await ids(faculty, 'accepted')).toContain(request.id);
    expect(await ids(faculty, 'closed')).not.toContain(request.id);
    const bad = await call(faculty, 'GET', '/api/meetings/received?status=everything');
    expect(bad.statusCode).toBe(400);
  });
});

describe('telling the other side', () => {
  it('a teacher who is online gets the live event and no mail; offline they get a mail', async () => {
    const events = await online(teacher);
    const learner = await newLearner(courseId, 'Online Olga');
    const request = await asked(learner, courseId, 'Similar triangles');
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({
      action: 'requested',
      byUserId: learner.user.id,
      request: { id: request.id, status: 'pending', topic: 'Similar triangles' },
    });
    expect(events[0].message).toBe('Online Olga asked for a meeting about Foundations of Geometry');
    const mailed = await mailsTo(teacher.user.email);
    expect(mailed.filter((mail) => mail.subject.startsWith('Online Olga'))).toEqual([]);

    for (const socket of sockets.splice(0)) socket.disconnect();
    await expect.poll(() => ctx.app.realtime.presence.isOnline(teacher.user.id)).toBe(false);
    const offline = await newLearner(courseId, 'Offline Omar');
    await asked(offline, courseId, 'Angle bisectors');
    const [mail] = await mailsTo(teacher.user.email);
    expect(mail.subject).toBe('Offline Omar asked for a meeting about Foundations of Geometry');
    expect(mail.text).toContain('Topic: Angle bisectors');
    expect(mail.text).toContain('http://gurukul.test/conversation-management?tab=meetings');
  });

  it('the learner is mailed the time and link when accepted offline, and told live when online', async () => {
    const learner = await newLearner(courseId, 'Lata Learner');
    const request = await asked(learner, courseId);
    const startsAt = '2031-01-01T09:30:00.000Z';
    // Fixed so the mail's text can be checked; within the 60 days is checked against now, so set it directly.
    await act(teacher, request.id, 'accept', time(50));
    await ctx.app.db
      .update(meetingRequests)
      .set({ startsAt: new Date(startsAt) })
      .where(eq(meetingRequests.id, request.id));
    const [accepted] = await mailsTo(learner.user.email);
    expect(accepted.subject).toBe('Tara Teacher accepted your meeting request for Foundations of Geometry');
    expect(accepted.text).toMatch(/When: .+ UTC \(45 minutes\)/);
    expect(accepted.text).toContain('Link: https://meet.example.com/geo-101?x=1,2');
    expect(accepted.text).toContain(`http://gurukul.test/subscribed-courses?courseId=${courseId}`);

    const events = await online(learner);
    const teacherEvents = await online(teacher);
    await act(teacher, request.id, 'decline', { reason: 'Called away' });
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({
      action: 'declined',
      byUserId: teacher.user.id,
      request: { status: 'declined', declineReason: 'Called away' },
    });
    expect((await mailsTo(learner.user.email)).length).toBe(1);
    // The acting side's own tabs hear it too (their lists refresh), marked as their own doing.
    await expect.poll(() => teacherEvents.length).toBe(1);
    expect(teacherEvents[0].byUserId).toBe(teacher.user.id);
  });

  it("an institute's teacher hears of an answer the institute gave, live", async () => {
    const learner = await newLearner(facultyCourseId, 'Kiran Learner');
    const request = await asked(learner, facultyCourseId);
    const facultyEvents = await online(faculty);
    await act(institute, request.id, 'propose', { startsAt: inHours(30), durationMinutes: 20 });
    await expect.poll(() => facultyEvents.length).toBe(1);
    expect(facultyEvents[0]).toMatchObject({ action: 'proposed', byUserId: institute.user.id });
    const [mail] = await mailsTo(learner.user.email);
    expect(mail.subject).toBe('Farhan Faculty proposed another time for your meeting about Algebra');
  });
});

describe('the mail in its reader’s language (decision 070)', () => {
  it('mails a Hindi learner the accepted meeting in Hindi', async () => {
    const learner = await newLearner(courseId, 'Hema Learner');
    await chooseLocale(ctx.app, learner.headers, 'hi');
    const request = await asked(learner, courseId, 'Proofs with triangles');
    const accepted = await act(teacher, request.id, 'accept', time(50));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const view = accepted.json() as MeetingRequestView;
    const [mail] = await mailsTo(learner.user.email);
    const subject = 'Tara Teacher ने Foundations of Geometry के लिए आपका मीटिंग अनुरोध स्वीकार कर लिया है';
    expect(mail.subject).toBe(subject);
    expect(mail.text).toBe(
      [
        'नमस्ते,',
        [
          subject,
          '',
          'विषय: Proofs with triangles',
          `कब: ${formatMeetingTime(view.startsAt as string, view.endsAt, 'hi')} (45 मिनट)`,
          'लिंक: https://meet.example.com/geo-101?x=1,2',
          '',
          'नीचे दिए पेज पर "कैलेंडर में जोड़ें (.ics)" से इसे अपने कैलेंडर में जोड़ें।',
        ].join('\n'),
        `http://gurukul.test/subscribed-courses?courseId=${courseId}`,
        'गुरुकुल',
      ].join('\n\n'),
    );
  });

  it('leaves the English mail word for word for a teacher who never chose', async () => {
    await expect.poll(() => ctx.app.realtime.presence.isOnline(teacher.user.id)).toBe(false);
    const learner = await newLearner(courseId, 'Esha English');
    const request = await asked(learner, courseId, 'Circles');
    const [mail] = await mailsTo(teacher.user.email);
    expect(mail.subject).toBe('Esha English asked for a meeting about Foundations of Geometry');
    expect(mail.text).toBe(
      `Hello,\n\nEsha English asked for a meeting about Foundations of Geometry\n\nTopic: Circles\nPreferred time: ${formatMeetingTime(request.windowStart, null)} to ${formatMeetingTime(request.windowEnd, null)}\n\nhttp://gurukul.test/conversation-management?tab=meetings\n\nGurukul`,
    );
    expect(formatMeetingTime('2031-01-01T09:30:00.000Z', '2031-01-01T10:15:00.000Z')).toBe(
      'Wed, 01 Jan, 2031, 09:30 – 10:15 UTC',
    );
  });
});

describe('the calendar file', () => {
  it('parses with ical.js: start, end, summary, URL and a stable UID; either party may download it', async () => {
    const learner = await newLearner(courseId, 'Ical Learner');
    const request = await asked(learner, courseId, 'Pythagoras; proofs, and more\\ notes');
    const notYet = await call(learner, 'GET', `/api/meetings/${request.id}/calendar.ics`);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(MEETING_MSG.notAccepted);

    const when = time(80);
    const accepted: MeetingRequestView = (await act(teacher, request.id, 'accept', when)).json();
    for (const who of [learner, teacher]) {
      const response = await call(who, 'GET', `/api/meetings/${request.id}/calendar.ics`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="gurukul-meeting-\d{4}-\d{2}-\d{2}\.ics"$/,
      );
      const body = response.body;
      // RFC 5545: CRLF only, no line longer than 75 octets.
      expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

      const calendar = new ICAL.Component(ICAL.parse(body));
      const vevent = calendar.getFirstSubcomponent('vevent');
      expect(vevent).not.toBeNull();
      const event = new ICAL.Event(vevent as ICAL.Component);
      expect(event.startDate.toJSDate().toISOString()).toBe(accepted.startsAt);
      expect(event.endDate.toJSDate().toISOString()).toBe(accepted.endsAt);
      expect(event.startDate.zone?.tzid).toBe('UTC');
      expect(event.summary).toBe('Meeting: Foundations of Geometry');
      expect(event.description).toContain('Topic: Pythagoras; proofs, and more\\ notes');
      expect(event.description).toContain('Teacher: Tara Teacher');
      expect(event.location).toBe(when.meetingLink);
      expect(vevent?.getFirstPropertyValue('url')).toBe(when.meetingLink);
      expect(event.uid).toBe(`meeting-${request.id}@gurukul.test`);
      expect(vevent?.getFirstPropertyValue('dtstamp')).toBeTruthy();
      // No e-mail addresses of either side travel in the file.
      expect(body).not.toContain('@example.test');
    }
  });
});
