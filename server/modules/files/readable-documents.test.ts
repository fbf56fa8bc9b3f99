import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseLibraries, courseMaterials, quizAnswers, storedFiles } from '../../db/schema/index';
import { PDF_NO_PAGES_MESSAGE, pptxSupport } from '../../media/pdf-slides';
import { insertCourse } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { pdfOf } from '../../test/fixtures/guru-training';
import { startTestApp, type TestContext } from '../../test/harness';
import { createCourseViaApi, submitAndApprove } from '../../test/live-courses';
import { answerUrl, insertQuiz, startAttemptViaApi, subscribeDirectly, tinyPdf } from '../../test/quizzes';
import { multipart } from '../../test/uploads';

/**
 * Decision 054: a document is read through in the PDF child process before it is accepted, on every upload
 * path that takes one; a file that starts like a PDF but is not one is refused and nothing is kept.
 */
let ctx: TestContext;
type Login = Awaited<ReturnType<typeof buildAndLogin>>;
let teacher: Login;
let student: Login;

/** What the issue sent: the PDF marker, then noise. */
const randomPdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20_000)]);
/** A PDF whose page tree is empty: it opens, and there is nothing in it. */
const noPagesPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );
/** A ZIP naming a presentation part, then noise. */
const randomPptx = () =>
  Buffer.concat([
    Buffer.from('PK\x03\x04', 'latin1'),
    Buffer.alloc(26),
    Buffer.from('ppt/presentation.xml', 'latin1'),
    randomBytes(5_000),
  ]);

const storedBy = (ownerId: string) => ctx.app.db.$count(storedFiles, eq(storedFiles.ownerId, ownerId));

function send(who: Login, url: string, name: string, type: string, bytes: Buffer) {
  const body = multipart(name, type, bytes);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

/** The refusal every unreadable PDF gets: a 400 in the words of the course library's deck refusals. */
function expectUnreadable(response: Awaited<ReturnType<typeof send>>, message: string | RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().code).toBe('INVALID_FILE');
  expect(response.json().message).toMatch(message);
}
const DAMAGED = /^This PDF cannot be read; it may be damaged or incomplete\./;

beforeAll(async () => {
  ctx = await startTestApp();
  teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  student = await buildAndLogin(ctx.app, { userType: 'student' });
});
afterAll(async () => ctx?.close());

describe('only documents that can be read are accepted', () => {
  it('study material (what gurus learn from): refused, nothing stored or listed; a real PDF is taken', async () => {
    const course = await insertCourse(ctx.app, teacher.user.id);
    const url = `/api/courses/${course.id}/materials`;
    const before = await storedBy(teacher.user.id);
    expectUnreadable(await send(teacher, url, 'notes.pdf', 'application/pdf', randomPdf()), DAMAGED);
    expectUnreadable(
      await send(teacher, url, 'empty.pdf', 'application/pdf', noPagesPdf()),
      PDF_NO_PAGES_MESSAGE,
    );
    expect(PDF_NO_PAGES_MESSAGE).toBe(
      'This PDF could not be read: it has no pages. Please export it again and upload the new copy.',
    );
    expect(await storedBy(teacher.user.id)).toBe(before);
    expect(await ctx.app.db.$count(courseMaterials, eq(courseMaterials.courseId, course.id))).toBe(0);

    const real = await send(teacher, url, 'notes.pdf', 'application/pdf', await pdfOf(['Osmosis.']));
    expect(real.statusCode, real.body).toBe(201);
  });

  it('course library decks, PDF and PowerPoint: refused, no library and no slide kept', async () => {
    const url = '/api/course-libraries';
    const libraries = () => ctx.app.db.$count(courseLibraries, eq(courseLibraries.ownerId, teacher.user.id));
    const slides = () => ctx.app.db.$count(storedFiles, like(storedFiles.path, 'libraries/%'));
    const [librariesBefore, slidesBefore] = [await libraries(), await slides()];
    expectUnreadable(await send(teacher, url, 'deck.pdf', 'application/octet-stream', randomPdf()), DAMAGED);
    expectUnreadable(
      await send(teacher, url, 'deck.pdf', 'application/octet-stream', noPagesPdf()),
      PDF_NO_PAGES_MESSAGE,
    );
    if (pptxSupport(ctx.app.config.libreOfficeBinary).available) {
      expectUnreadable(
        await send(teacher, url, 'deck.pptx', 'application/octet-stream', randomPptx()),
        /^This presentation could not be converted to slides\./,
      );
    }
    expect([await libraries(), await slides()]).toEqual([librariesBefore, slidesBefore]);
  }, 60_000);

  it('support attachments: refused, nothing stored', async () => {
    const before = await storedBy(student.user.id);
    const url = '/api/support/attachments';
    expectUnreadable(await send(student, url, 'screen.pdf', 'application/pdf', randomPdf()), DAMAGED);
    expectUnreadable(
      await send(student, url, 'empty.pdf', 'application/pdf', noPagesPdf()),
      PDF_NO_PAGES_MESSAGE,
    );
    expect(await storedBy(student.user.id)).toBe(before);
  });

  it("a quiz's file answers: refused, nothing stored and no answer saved; a real PDF is taken", async () => {
    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const courseId = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Lab reports' });
    const { quizId, questionIds } = await insertQuiz(ctx.app, courseId, { title: 'Report' }, [
      { type: 'file', marks: 4 },
    ]);
    await submitAndApprove(ctx.app, teacher.headers, admin.headers, courseId);
    await subscribeDirectly(ctx.app, courseId, student.user.id);
    const attempt = await startAttemptViaApi(ctx.app, student.headers, quizId);
    const url = `${answerUrl(attempt.id, questionIds[0])}/file`;
    const before = await storedBy(student.user.id);
    expectUnreadable(await send(student, url, 'report.pdf', 'application/pdf', randomPdf()), DAMAGED);
    expectUnreadable(
      await send(student, url, 'report.pdf', 'application/pdf', noPagesPdf()),
      PDF_NO_PAGES_MESSAGE,
    );
    expect(await storedBy(student.user.id)).toBe(before);
    expect(await ctx.app.db.$count(quizAnswers, eq(quizAnswers.attemptId, attempt.id))).toBe(0);
    const real = await send(student, url, 'report.pdf', 'application/pdf', tinyPdf());
    expect(real.statusCode, real.body).toBe(200);
  });
});
