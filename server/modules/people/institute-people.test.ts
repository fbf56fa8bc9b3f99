import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSubscriptions, outbox, plans, subscriptions, users } from '../../db/schema/index';
import { buildAndLogin, buildUser, nextRemoteAddress, TEST_PASSWORD } from '../../test/factories';
import { liveCourse } from '../../test/fixtures/reports';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/uploads';

let ctx: TestContext;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let institute: Session;
let otherInstitute: Session;

const call = (session: Session | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: session?.headers ?? {},
    payload: payload as never,
    remoteAddress: nextRemoteAddress(),
  });

/** The invitation token in the newest mail to `email`, read from its link as the person would. */
async function invitationToken(email: string) {
  const [mail] = await ctx.app.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  const match = /\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation mailed to ${email}`);
  return match[1];
}

/** Gives the institute a plan with these seats, so the limits are the test's own. */
async function seats(session: Session, teacherSeats: number | null, studentSeats: number | null) {
  const [plan] = await ctx.app.db
    .insert(plans)
    .values({
      name: `Seats ${teacherSeats}/${studentSeats}`,
      audience: 'institute',
      limits: {
        gurus: null,
        guruSessionsPerMonth: null,
        slidesPerLibrary: null,
        didCredits: null,
        storageMb: null,
        courses: null,
        teacherSeats,
        studentSeats,
      },
    })
    .returning();
  await ctx.app.db
    .update(subscriptions)
    .set({ planId: plan.id })
    .where(eq(subscriptions.userId, session.user.id));
}

beforeAll(async () => {
  ctx = await startTestApp();
  institute = await buildAndLogin(ctx.app, { userType: 'institute', fullName: 'Lotus Academy' });
  otherInstitute = await buildAndLogin(ctx.app, { userType: 'institute', fullName: 'Other School' });
});
afterAll(async () => ctx.close());

describe('invitations', () => {
  it("are written in the invitee's language when they have an account, else in the institute's", async () => {
    const hindiSchool = await buildAndLogin(ctx.app, { userType: 'institute', fullName: 'कमल विद्यालय' });
    await ctx.app.db.update(users).set({ locale: 'hi' }).where(eq(users.id, hindiSchool.user.id));
    const newcomer = 'naya.shikshak@school.test';
    const sent = await call(hindiSchool, 'POST', '/api/institute/invites', {
      email: newcomer,
      fullName: 'नीना',
      userType: 'teacher',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const newest = async (email: string) =>
      (
        await ctx.app.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1)
      )[0];
    const hindi = await newest(newcomer);
    expect(hindi.subject).toBe('कमल विद्यालय आपको Gurukul पर आमंत्रित करता है');
    expect(hindi.text).toMatch(/^नमस्ते नीना,\n\nकमल विद्यालय आपको Gurukul पर शिक्षक के रूप में जुड़ने/u);
    expect(hindi.text).toContain('/invitation?token=');

    // An English reader with an account gets English from the same Hindi school, greeted by their own name.
    const reader = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'Esha English' });
    await ctx.app.db.update(users).set({ locale: 'en' }).where(eq(users.id, reader.user.id));
    const again = await call(hindiSchool, 'POST', '/api/institute/invites', {
      email: reader.user.email,
      userType: 'student',
    });
    expect(again.statusCode, again.body).toBe(201);
    const english = await newest(reader.user.email);
    expect(english.subject).toBe('कमल विद्यालय invites you to Gurukul');
    expect(english.text).toMatch(
      /^Hello Esha English,\n\nकमल विद्यालय invites you to join them on Gurukul as a student\./u,
    );
  });

  it('a new teacher signs up from the link, bound to the institute and covered by its plan', async () => {
    const sent = await call(institute, 'POST', '/api/institute/invites', {
      email: 'New.Teacher@School.test',
      fullName: 'Nina',
      userType: 'teacher',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const twice = await call(institute, 'POST', '/api/institute/invites', {
      email: 'new.teacher@school.test',
      userType: 'teacher',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('An invitation is already waiting for this e-mail');

    const token = await invitationToken('new.teacher@school.test');
    const view = await call(null, 'GET', `/api/invitations/${token}`);
    expect(view.json()).toEqual({
      instituteName: 'Lotus Academy',
      email: 'new.teacher@school.test',
      fullName: 'Nina',
      userType: 'teacher',
      accountExists: false,
    });
    const weak = await call(null, 'POST', `/api/invitations/${token}/sign-up`, {
      fullName: 'Nina Rao',
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    const signedUp = await call(null, 'POST', `/api/invitations/${token}/sign-up`, {
      fullName: 'Nina Rao',
      password: TEST_PASSWORD,
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    expect(signedUp.json().userObj).toMatchObject({ userType: 'teacher', instituteId: institute.user.id });
    // The institute's plan covers them: no trial of their own.
    const own = await ctx.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, signedUp.json().userObj.userId));
    expect(own).toEqual([]);
    // A used link is spent.
    expect((await call(null, 'GET', `/api/invitations/${token}`)).statusCode).toBe(400);
    const teachers = (await call(institute, 'GET', '/api/institute/people?role=teacher')).json();
    expect(teachers.rows.map((row: { fullName: string }) => row.fullName)).toEqual(['Nina Rao']);
    expect((await call(institute, 'GET', '/api/institute/invites')).json().invites).toEqual([]);
  });

  it('an existing student accepts only when logged in as the invited address', async () => {
    const student = await buildAndLogin(ctx.app, { userType: 'student', email: 'sam@school.test' });
    const stranger = await buildAndLogin(ctx.app, { userType: 'student' });
    await call(institute, 'POST', '/api/institute/invites', {
      email: 'sam@school.test',
      userType: 'student',
    });
    const token = await invitationToken('sam@school.test');
    expect((await call(null, 'GET', `/api/invitations/${token}`)).json().accountExists).toBe(true);
    expect(
      (
        await call(null, 'POST', `/api/invitations/${token}/sign-up`, {
          fullName: 'X',
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(409);
    expect((await call(stranger, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(403);
    expect((await call(student, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
    const stored = await ctx.app.db.query.users.findFirst({ where: eq(users.id, student.user.id) });
    expect(stored?.instituteId).toBe(institute.user.id);
  });

  it('refuses accounts of another kind or institute, and withdrawn invitations stop working', async () => {
    await buildUser(ctx.app, { userType: 'partner', email: 'partner@x.test' });
    const kind = await call(institute, 'POST', '/api/institute/invites', {
      email: 'partner@x.test',
      userType: 'student',
    });
    expect(kind.json().message).toBe('This e-mail belongs to a partner account');
    await buildUser(ctx.app, {
      userType: 'student',
      email: 'taken@x.test',
      instituteId: otherInstitute.user.id,
    });
    const taken = await call(institute, 'POST', '/api/institute/invites', {
      email: 'taken@x.test',
      userType: 'student',
    });
    expect(taken.json().message).toBe('Already belongs to another institute');
    const bad = await call(institute, 'POST', '/api/institute/invites', {
      email: 'nope',
      userType: 'student',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.email).toBe('Please enter valid email address');

    const sent = await call(institute, 'POST', '/api/institute/invites', {
      email: 'later@x.test',
      userType: 'student',
    });
    const token = await invitationToken('later@x.test');
    expect(
      (await call(otherInstitute, 'DELETE', `/api/institute/invites/${sent.json().id}`)).statusCode,
    ).toBe(404);
    expect((await call(institute, 'DELETE', `/api/institute/invites/${sent.json().id}`)).statusCode).toBe(
      200,
    );
    expect((await call(null, 'GET', `/api/invitations/${token}`)).statusCode).toBe(400);
  });

  it('stops at the seats of the plan with the plan message; invitations waiting take a seat', async () => {
    const small = await buildAndLogin(ctx.app, { userType: 'institute' });
    await seats(small, 1, 1);
    expect(
      (await call(small, 'POST', '/api/institute/invites', { email: 's1@x.test', userType: 'student' }))
        .statusCode,
    ).toBe(201);
    const full = await call(small, 'POST', '/api/institute/invites', {
      email: 's2@x.test',
      userType: 'student',
    });
    expect(full.statusCode).toBe(403);
    expect(full.json().message).toBe('Please upgrade your plan to add more students');
    expect(
      (await call(small, 'POST', '/api/institute/invites', { email: 't1@x.test', userType: 'teacher' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('CSV import', () => {
  it('invites the good lines and reports each refused one with its reason', async () => {
    const school = await buildAndLogin(ctx.app, { userType: 'institute' });
    await seats(school, null, 4);
    await buildUser(ctx.app, { userType: 'teacher', email: 'teach@x.test' });
    const csv = [
      'Name,Email',
      'Asha,asha@class.test',
      'Bad,not-an-email',
      'Chitra,chitra@class.test',
      'Asha again,ASHA@class.test',
      'Teacher,teach@x.test',
      ',',
      'Dev,dev@class.test',
      'Esha,esha@class.test',
      'Farid,farid@class.test',
    ].join('\r\n');
    const upload = multipart('students.csv', 'text/csv', Buffer.from(csv));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/institute/invites/import?role=student',
      headers: { ...school.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.invited).toBe(4);
    expect(report.rows.filter((row: { outcome: string }) => row.outcome === 'refused')).toEqual([
      { line: 3, email: 'not-an-email', outcome: 'refused', reason: 'Not a valid e-mail address' },
      { line: 5, email: 'ASHA@class.test', outcome: 'refused', reason: 'Listed twice in this file' },
      {
        line: 6,
        email: 'teach@x.test',
        outcome: 'refused',
        reason: 'This e-mail belongs to a teacher account',
      },
      {
        line: 10,
        email: 'farid@class.test',
        outcome: 'refused',
        reason: 'No student seat left on your plan',
      },
    ]);
    const invites = (await call(school, 'GET', '/api/institute/invites?role=student')).json().invites;
    expect(invites.map((invite: { email: string }) => invite.email).sort()).toEqual([
      'asha@class.test',
      'chitra@class.test',
      'dev@class.test',
      'esha@class.test',
    ]);
  });

  it('refuses files that are not CSV text, have no e-mail column or are too large', async () => {
    const send = async (bytes: Buffer) => {
      const upload = multipart('x.csv', 'text/csv', bytes);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/institute/invites/import?role=student',
        headers: { ...institute.headers, ...upload.headers },
        payload: upload.payload,
      });
    };
    const png = await send(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe('Please upload a CSV file (comma-separated text)');
    expect((await send(Buffer.from('name,phone\nA,1\n'))).json().message).toContain('"email"');
    expect((await send(Buffer.from('email\n"unclosed\n'))).statusCode).toBe(400);
    expect((await send(Buffer.alloc(0))).statusCode).toBe(400);
    expect((await send(Buffer.from(`email\n${'a@b.test\n'.repeat(70_000)}`))).statusCode).toBe(413);
  });
});

describe("the institute's own people", () => {
  it('lists, removes and enrols only its own; another institute sees none of them', async () => {
    const teacher = await buildUser(ctx.app, {
      userType: 'teacher',
      instituteId: institute.user.id,
      fullName: 'Own Teacher',
    });
    const student = await buildUser(ctx.app, {
      userType: 'student',
      instituteId: institute.user.id,
      fullName: 'Own Student',
    });
    const course = await liveCourse(ctx.app, teacher.id, 'Physics', 1);
    const foreignTeacher = await buildUser(ctx.app, {
      userType: 'teacher',
      instituteId: otherInstitute.user.id,
    });
    const foreignCourse = await liveCourse(ctx.app, foreignTeacher.id, 'Foreign', 1);

    const theirs = (await call(otherInstitute, 'GET', '/api/institute/people?role=student')).json();
    expect(theirs.rows.map((row: { id: string }) => row.id)).not.toContain(student.id);
    expect((await call(otherInstitute, 'DELETE', `/api/institute/people/${student.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(otherInstitute, 'POST', `/api/institute/people/${student.id}/enrolments`, {
          courseId: foreignCourse.id,
        })
      ).statusCode,
    ).toBe(404);

    expect((await call(institute, 'GET', '/api/institute/courses')).json().courses).toEqual([
      { id: course.id, title: 'Physics' },
    ]);
    const foreign = await call(institute, 'POST', `/api/institute/people/${student.id}/enrolments`, {
      courseId: foreignCourse.id,
    });
    expect(foreign.statusCode).toBe(404);
    const enrolled = await call(institute, 'POST', `/api/institute/people/${student.id}/enrolments`, {
      courseId: course.id,
    });
    expect(enrolled.json()).toEqual({ enrolled: true });
    const rows = await ctx.app.db
      .select()
      .from(courseSubscriptions)
      .where(and(eq(courseSubscriptions.userId, student.id), eq(courseSubscriptions.courseId, course.id)));
    expect(rows).toHaveLength(1);
    expect(
      (
        await call(institute, 'POST', `/api/institute/people/${student.id}/enrolments`, {
          courseId: course.id,
        })
      ).json(),
    ).toEqual({
      enrolled: false,
    });

    // A removed teacher keeps the account and starts a trial of their own.
    expect((await call(institute, 'DELETE', `/api/institute/people/${teacher.id}`)).statusCode).toBe(200);
    const left = await ctx.app.db.query.users.findFirst({ where: eq(users.id, teacher.id) });
    expect(left?.instituteId).toBeNull();
    const trial = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, teacher.id));
    expect(trial.map((sub) => sub.status)).toEqual(['trial']);
  });
});
