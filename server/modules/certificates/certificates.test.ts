import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, courseCompletions, courses, outbox, users } from '../../db/schema/index';
import { verifyWithDigitalBazaar } from '../../test/credential-verifier';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi, makeTinyClip, submitAndApprove, uploadClip } from '../../test/live-courses';
import { pdfText, popplerText } from '../../test/pdf-text';
import { answerUrl, attemptUrl, insertQuiz, options, startAttemptViaApi } from '../../test/quizzes';
import { tinyPng } from '../../test/uploads';

let ctx: TestContext;
let webDist: string;
type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let teacher: Session;
let otherTeacher: Session;
let admin: Headers;
const ids = { course: '', quiz: '', question: '', otherCourse: '', otherQuiz: '' };
let lesson: { id: string; durationSeconds: number };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });

/** A student subscribed to the course. */
async function newStudent(): Promise<Session> {
  const student = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'Ananya Sharma' });
  const subscribed = await call('POST', `/api/learning/courses/${ids.course}/subscribe`, student.headers);
  expect(subscribed.statusCode).toBe(200);
  return student;
}

const watch = (student: Session, share: number) =>
  call('PUT', `/api/learning/videos/${lesson.id}/progress`, student.headers, {
    positionSeconds: lesson.durationSeconds * share,
    watchedRanges: [[0, lesson.durationSeconds * share]],
  });

/** Takes the quiz through the API, right or wrong. */
async function takeQuiz(student: Session, right: boolean) {
  const attempt = await startAttemptViaApi(ctx.app, student.headers, ids.quiz);
  const answered = await call('PUT', answerUrl(attempt.id, ids.question), student.headers, {
    response: { optionIds: [right ? 'o2' : 'o1'] },
  });
  expect(answered.statusCode).toBe(200);
  const submitted = await call('POST', `${attemptUrl(attempt.id)}/submit`, student.headers);
  expect(submitted.statusCode).toBe(200);
}

const progressOf = async (student: Session) => {
  const response = await call('GET', `/api/certificates/courses/${ids.course}/progress`, student.headers);
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** The documents a verifier fetches, fetched from our own public routes. */
async function publishedDocuments(credential: { proof: { verificationMethod: string } }) {
  const issuer = await call('GET', '/api/certificates/issuer', {});
  const keyPath = new URL(credential.proof.verificationMethod).pathname;
  const key = await call('GET', keyPath, {});
  expect(issuer.statusCode).toBe(200);
  expect(key.statusCode).toBe(200);
  return { [issuer.json().id]: issuer.json(), [credential.proof.verificationMethod]: key.json() };
}

const mails = async (to: string) =>
  (await ctx.app.db.select().from(outbox).where(eq(outbox.to, to))).map((row) => row.subject);

beforeAll(async () => {
  // A built web app of one page, for the verification page's link preview.
  webDist = mkdtempSync(path.join(os.tmpdir(), 'gurukul-certificates-web-'));
  mkdirSync(webDist, { recursive: true });
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="description" content="Gurukul" /><title>Gurukul</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await startTestApp({ webDist });
  teacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Meera Iyer' });
  otherTeacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  admin = (await buildAndLogin(ctx.app, { userType: 'admin' })).headers;
  ids.course = await createCourseViaApi(ctx.app, teacher.headers, { title: 'जल चक्र: The water cycle' });
  lesson = await uploadClip(ctx.app, teacher.headers, ids.course, makeTinyClip(), 'lesson', 'Evaporation');
  const quiz = await insertQuiz(ctx.app, ids.course, { title: 'Check', passPercent: 60 }, [
    { type: 'single', options: options(['Condensation', 'Evaporation'], [1]) },
  ]);
  ids.quiz = quiz.quizId;
  ids.question = quiz.questionIds[0] ?? '';
  await submitAndApprove(ctx.app, teacher.headers, admin, ids.course);
  ids.otherCourse = await createCourseViaApi(ctx.app, otherTeacher.headers, { title: 'Another course' });
  ids.otherQuiz = (await insertQuiz(ctx.app, ids.otherCourse, {}, [{ type: 'true_false' }])).quizId;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('completion, decided by the server', () => {
  let student: Session;
  let certificateId = '';

  it('starts with every rule unmet, and refuses a claim', async () => {
    student = await newStudent();
    const progress = await progressOf(student);
    expect(progress).toMatchObject({
      enabled: true,
      lessonPercent: 90,
      met: false,
      completedAt: null,
      certificate: null,
      printedName: 'Ananya Sharma',
      nameConfirmed: false,
    });
    expect(progress.lessons).toEqual([
      { id: lesson.id, title: 'Evaporation', watchedPercent: 0, met: false },
    ]);
    expect(progress.quizzes).toEqual([
      { id: ids.quiz, title: 'Check', minPercent: 60, bestPercent: null, met: false },
    ]);
    const claim = await call('POST', `/api/certificates/courses/${ids.course}/claim`, student.headers, {
      name: 'Ananya',
    });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toBe("You have not met this course's certificate rules yet");
  });

  it('needs the share of each lesson and the quiz passed; a failed attempt does not count', async () => {
    await watch(student, 0.5);
    expect((await progressOf(student)).lessons[0]).toMatchObject({ watchedPercent: 50, met: false });
    await watch(student, 1);
    await takeQuiz(student, false);
    const progress = await progressOf(student);
    expect(progress.lessons[0].met).toBe(true);
    expect(progress.quizzes[0]).toMatchObject({ bestPercent: 0, met: false });
    expect(progress.met).toBe(false);
  });

  it('records the completion once the quiz is passed, and waits for the name before issuing', async () => {
    await takeQuiz(student, true);
    const progress = await progressOf(student);
    expect(progress.met).toBe(true);
    expect(progress.completedAt).not.toBeNull();
    expect(progress.certificate).toBeNull();
    const rows = await ctx.app.db
      .select()
      .from(courseCompletions)
      .where(eq(courseCompletions.userId, student.user.id));
    expect(rows).toHaveLength(1);
  });

  it('issues the certificate with the name the learner asked for, and e-mails them', async () => {
    const claim = await call('POST', `/api/certificates/courses/${ids.course}/claim`, student.headers, {
      name: '  अनन्या   शर्मा ',
    });
    expect(claim.statusCode).toBe(200);
    const certificate = claim.json();
    certificateId = certificate.id;
    expect(certificate).toMatchObject({
      courseId: ids.course,
      courseTitle: 'जल चक्र: The water cycle',
      recipientName: 'अनन्या शर्मा',
      issuerName: 'Meera Iyer',
      revokedAt: null,
    });
    expect(certificate.id).toMatch(/^[a-z2-7]{24}$/);
    expect(certificate.verifyUrl).toBe(`${ctx.app.config.publicUrl}/certificate/${certificate.id}`);
    expect(await mails(student.user.email)).toContain('Your certificate for जल चक्र: The water cycle');
    // Claiming again returns the same certificate: one per learner and course.
    const again = await call('POST', `/api/certificates/courses/${ids.course}/claim`, student.headers, {
      name: 'Someone else',
    });
    expect(again.json().id).toBe(certificate.id);
    expect(again.json().recipientName).toBe('अनन्या शर्मा');
    const mine = (await call('GET', '/api/certificates/mine', student.headers)).json();
    expect(mine.certificates.map((c: { id: string }) => c.id)).toEqual([certificate.id]);
    expect(mine).toMatchObject({ printedName: 'अनन्या शर्मा', nameConfirmed: true });
  });

  it('shows anyone the name, course, issuer, date and status, and nothing else about the learner', async () => {
    const response = await call('GET', `/api/certificates/verify/${certificateId}`, {});
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.json();
    expect(Object.keys(page).sort()).toEqual(
      [
        'credential',
        'courseTitle',
        'id',
        'issuedAt',
        'issuerName',
        'recipientName',
        'revokedAt',
        'signatureValid',
        'status',
      ].sort(),
    );
    expect(page).toMatchObject({ recipientName: 'अनन्या शर्मा', status: 'valid', signatureValid: true });
    expect(JSON.stringify(page)).not.toContain(student.user.email);
    expect(JSON.stringify(page)).not.toContain(student.user.id);
  });

  it('gives a credential that an independent verifier accepts, and refuses once changed', async () => {
    const download = await call('GET', `/api/certificates/verify/${certificateId}/credential`, {});
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    const credential = download.json();
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    const documents = await publishedDocuments(credential);
    expect((await verifyWithDigitalBazaar(credential, documents)).verified).toBe(true);
    for (const change of [
      (c: typeof credential) => {
        c.credentialSubject.identifier[0].identityHash = 'Someone Else';
      },
      (c: typeof credential) => {
        c.validFrom = '2020-01-01T00:00:00.000Z';
      },
      (c: typeof credential) => {
        c.issuer.name = 'Fake University';
      },
    ]) {
      const changed = structuredClone(credential);
      change(changed);
      expect((await verifyWithDigitalBazaar(changed, documents)).verified).toBe(false);
    }
  });

  it('prints the PDF for the learner and the course authors only', async () => {
    const url = `/api/certificates/${certificateId}/pdf`;
    const own = await call('GET', url, student.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const text = popplerText(own.rawPayload);
    expect(text).toContain('अनन्या शर्मा');
    expect(text).toContain(certificateId);
    expect((await call('GET', url, teacher.headers)).statusCode).toBe(200);
    expect((await call('GET', url, admin)).statusCode).toBe(200);
    const stranger = await newStudent();
    expect((await call('GET', url, stranger.headers)).statusCode).toBe(403);
    expect((await call('GET', url, otherTeacher.headers)).statusCode).toBe(403);
  });

  it('keeps an issued certificate as it was when the course changes', async () => {
    // As a re-approved edit leaves it: the live version renamed.
    await ctx.app.db
      .update(courses)
      .set({
        approvedSnapshot: sql`jsonb_set(${courses.approvedSnapshot}, '{info,title}', '"Renamed course"')`,
      })
      .where(eq(courses.id, ids.course));
    const progress = (await call('GET', `/api/learning/courses/${ids.course}`, student.headers)).json();
    expect(progress.title).toBe('Renamed course');
    const page = (await call('GET', `/api/certificates/verify/${certificateId}`, {})).json();
    expect(page.courseTitle).toBe('जल चक्र: The water cycle');
    expect(page.signatureValid).toBe(true);
  });

  it('lists, searches and exports the course’s certificates for its authors', async () => {
    const list = await call(
      'GET',
      `/api/certificates/courses/${ids.course}/issued?search=${encodeURIComponent('अनन्या')}`,
      teacher.headers,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ id: certificateId, email: student.user.email }],
    });
    const none = await call(
      'GET',
      `/api/certificates/courses/${ids.course}/issued?search=zzz%25`,
      teacher.headers,
    );
    expect(none.json().total).toBe(0);
    const csv = await call('GET', `/api/certificates/courses/${ids.course}/issued.csv`, teacher.headers);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(certificateId);
    expect(csv.body).toContain('अनन्या शर्मा');
    expect(
      (await call('GET', `/api/certificates/courses/${ids.course}/issued`, otherTeacher.headers)).statusCode,
    ).toBe(403);
  });

  it('is revoked by its course’s author with a reason, seen everywhere, and the learner told', async () => {
    const url = `/api/certificates/${certificateId}/revoke`;
    expect((await call('POST', url, otherTeacher.headers, { reason: 'x' })).statusCode).toBe(403);
    expect((await call('POST', url, student.headers, { reason: 'x' })).statusCode).toBe(403);
    const empty = await call('POST', url, teacher.headers, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    const revoked = await call('POST', url, teacher.headers, { reason: 'Plagiarised the project' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedReason).toBe('Plagiarised the project');
    expect((await call('POST', url, teacher.headers, { reason: 'again' })).statusCode).toBe(409);
    const page = (await call('GET', `/api/certificates/verify/${certificateId}`, {})).json();
    expect(page.status).toBe('revoked');
    expect(JSON.stringify(page)).not.toContain('Plagiarised');
    expect((await progressOf(student)).certificate.revokedAt).not.toBeNull();
    expect(await mails(student.user.email)).toContain(
      'Your certificate for जल चक्र: The water cycle was revoked',
    );
    const pdf = await call('GET', `/api/certificates/${certificateId}/pdf`, student.headers);
    // The stamp runs diagonally: pdfjs reads it whole, pdftotext letter by letter.
    expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ')).toContain('Revoked on');
  });

  it('fills in the link preview of the verification page, and keeps it out of search', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/certificate/${certificateId}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<meta property="og:title" content="Certificate: जल चक्र: The water cycle" />',
    );
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    const unknown = await ctx.app.inject({ method: 'GET', url: '/certificate/aaaaaaaaaaaaaaaaaaaaaaaa' });
    expect(unknown.body).not.toContain('og:title');
  });
});

describe('issuing without a claim, and rules', () => {
  it('issues on the passing mark itself once the learner has confirmed their name', async () => {
    const student = await newStudent();
    const named = await call('PUT', '/api/certificates/name', student.headers, { name: 'Ravi Kumar' });
    expect(named.statusCode).toBe(200);
    await watch(student, 1);
    await takeQuiz(student, true);
    // The marked attempt's listener issued it: nothing was read by the learner's page.
    const [row] = await ctx.app.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, student.user.id), eq(certificates.courseId, ids.course)));
    expect(row?.content.recipientName).toBe('Ravi Kumar');
  });

  it('prints the teacher’s brand logo when the design has no logo of its own', async () => {
    const logoPath = `brand/${teacher.user.id}/logo.png`;
    await ctx.app.storage.put(logoPath, tinyPng(), 'image/png');
    await ctx.app.db.update(users).set({ brandLogoPath: logoPath }).where(eq(users.id, teacher.user.id));
    const student = await newStudent();
    await call('PUT', '/api/certificates/name', student.headers, { name: 'Logo Learner' });
    await watch(student, 1);
    await takeQuiz(student, true);
    const [row] = await ctx.app.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, student.user.id));
    expect(row?.content.template.logoPath).toBe(logoPath);
    const pdf = await call('GET', `/api/certificates/${row?.id}/pdf`, student.headers);
    // The QR code and the logo.
    expect(pdf.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(2);
    await ctx.app.db.update(users).set({ brandLogoPath: null }).where(eq(users.id, teacher.user.id));
  });

  it('refuses rules naming another course’s quiz or an impossible share, and checks authorship', async () => {
    const url = `/api/certificates/courses/${ids.course}/rules`;
    const base = { enabled: true, lessonPercent: 80, quizzes: null, guruQuestions: 0 };
    const foreign = await call('PUT', url, teacher.headers, {
      ...base,
      quizzes: [{ quizId: ids.otherQuiz, minPercent: 50 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('A quiz in the rules is not a quiz of this course');
    const share = await call('PUT', url, teacher.headers, { ...base, lessonPercent: 5 });
    expect(share.statusCode).toBe(400);
    expect(JSON.stringify(share.json())).toContain(
      'The share of each lesson must be a whole number from 10 to 100',
    );
    const twice = await call('PUT', url, teacher.headers, {
      ...base,
      quizzes: [
        { quizId: ids.quiz, minPercent: 50 },
        { quizId: ids.quiz, minPercent: 0 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain('A quiz can be in the rules only once');
    expect((await call('PUT', url, otherTeacher.headers, base)).statusCode).toBe(403);
    const read = await call('GET', url, teacher.headers);
    expect(read.json().quizzes).toEqual([{ id: ids.quiz, title: 'Check', passPercent: 60 }]);
  });

  it('applies saved rules: no quiz, a lower share, or certificates off', async () => {
    const url = `/api/certificates/courses/${ids.course}/rules`;
    const saved = await call('PUT', url, teacher.headers, {
      enabled: true,
      lessonPercent: 40,
      quizzes: [],
      guruQuestions: 0,
    });
    expect(saved.statusCode).toBe(200);
    const student = await newStudent();
    await watch(student, 0.5);
    expect((await progressOf(student)).met).toBe(true);
    await call('PUT', url, teacher.headers, {
      enabled: false,
      lessonPercent: 40,
      quizzes: [],
      guruQuestions: 0,
    });
    const later = await newStudent();
    await watch(later, 1);
    const progress = await progressOf(later);
    expect(progress).toMatchObject({ enabled: false, met: false });
    const claim = await call('POST', `/api/certificates/courses/${ids.course}/claim`, later.headers, {
      name: 'Late Learner',
    });
    expect(claim.statusCode).toBe(409);
    await call('PUT', url, teacher.headers, {
      enabled: true,
      lessonPercent: 90,
      quizzes: null,
      guruQuestions: 0,
    });
  });

  it('refuses a name with control or text-direction characters, and keeps the Indian scripts’ joiners', async () => {
    const student = await newStudent();
    for (const name of ['Bhavya\u0007 Shetty', 'Bhavya \u202eyttehS', 'Zero\u200bwidth']) {
      const refused = await call('PUT', '/api/certificates/name', student.headers, { name });
      expect(refused.statusCode, name).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(
        'The name cannot contain control or text-direction characters',
      );
    }
    // Devanagari with a zero-width joiner and non-joiner (क्‍ष, र‌्य) is a name as written.
    const joined = await call('PUT', '/api/certificates/name', student.headers, {
      name: 'क्\u200dष र\u200c्य',
    });
    expect(joined.statusCode).toBe(200);
  });

  it('answers an unknown or malformed id with the same "not found"', async () => {
    for (const id of [
      'aaaaaaaaaaaaaaaaaaaaaaaa',
      'AAAA',
      "x'; drop table certificates;--",
      'a'.repeat(100),
    ]) {
      const response = await call('GET', `/api/certificates/verify/${encodeURIComponent(id)}`, {});
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Certificate not found' });
    }
  });

  it('answers in Hindi to a learner who chose it', async () => {
    const student = await newStudent();
    await chooseLocale(ctx.app, student.headers, 'hi');
    const claim = await call('POST', `/api/certificates/courses/${ids.course}/claim`, student.headers, {
      name: 'राम',
    });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toBe('आपने अभी इस पाठ्यक्रम के प्रमाणपत्र के नियम पूरे नहीं किए हैं');
  });
});

describe('signing keys', () => {
  it('rotates: certificates signed with the old key still verify, new ones use the new key', async () => {
    const [old] = await ctx.app.db.select().from(certificates).limit(1);
    if (!old) throw new Error('no certificate issued yet');
    const oldMethod = (old.credential.proof as { verificationMethod: string }).verificationMethod;
    expect((await call('POST', '/api/certificates/keys/rotate', teacher.headers)).statusCode).toBe(403);
    const rotated = await call('POST', '/api/certificates/keys/rotate', admin);
    expect(rotated.statusCode).toBe(200);
    expect(oldMethod.endsWith(rotated.json().keyId)).toBe(false);
    const issuer = (await call('GET', '/api/certificates/issuer', {})).json();
    expect(JSON.stringify(issuer.assertionMethod)).toContain(oldMethod);
    expect(JSON.stringify(issuer.assertionMethod)).toContain(rotated.json().keyId);
    const page = (await call('GET', `/api/certificates/verify/${old.id}`, {})).json();
    expect(page.signatureValid).toBe(true);
    expect(
      (await verifyWithDigitalBazaar(old.credential, await publishedDocuments(old.credential as never)))
        .verified,
    ).toBe(true);
    const student = await newStudent();
    await call('PUT', '/api/certificates/name', student.headers, { name: 'New Key' });
    await watch(student, 1);
    await takeQuiz(student, true);
    const mine = (await call('GET', '/api/certificates/mine', student.headers)).json().certificates;
    const fresh = (await call('GET', `/api/certificates/verify/${mine[0].id}/credential`, {})).json();
    expect(fresh.proof.verificationMethod.endsWith(rotated.json().keyId)).toBe(true);
  });
});
