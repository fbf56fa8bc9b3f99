import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalDetail } from '../../../common/contracts/approvals';
import { MSG } from '../../../common/messages';
import {
  courseFaqs,
  courseMaterials,
  courseReviewItems,
  courses,
  quizQuestions,
  storedFiles,
} from '../../db/schema/index';
import hiApprovals from '../../i18n/hi/approvals.json';
import { createCourse, insertReadyLesson } from '../../test/courses';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { makeTinyClip, submitAndApprove, uploadClip } from '../../test/live-courses';
import { insertQuiz, options, tinyPdf } from '../../test/quizzes';

// Issue 21: the admin's review shows what students would get, marked against the live version, and a
// rejection can carry comments on single items that the course's authors read.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const UNKNOWN_ID = '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f';

const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });
const detail = async (headers: Headers, id: string): Promise<ApprovalDetail> => {
  const response = await get(`/api/approvals/${id}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const teacher = () => buildAndLogin(ctx.app, { userType: 'teacher' });
const admin = () => buildAndLogin(ctx.app, { userType: 'admin' });

/** A study PDF stored and listed as the material step would. */
async function insertMaterial(courseId: string, title: string) {
  const filePath = `courses/${courseId}/materials/${title.replace(/\W+/g, '-')}.pdf`;
  const pdf = tinyPdf();
  await ctx.app.storage.put(filePath, pdf, 'application/pdf');
  await ctx.app.db
    .insert(storedFiles)
    .values({ path: filePath, contentType: 'application/pdf', category: 'PDF', sizeBytes: pdf.length });
  const [material] = await ctx.app.db
    .insert(courseMaterials)
    .values({ courseId, title, filePath, sizeBytes: pdf.length })
    .returning();
  return material;
}

describe('the review page', () => {
  it('shows every item with its answers and media, marked new, changed or removed since approval', async () => {
    const author = await teacher();
    const reviewer = await admin();
    const id = await createCourse(ctx.app, author.headers, { title: 'Angles' });
    const clip = makeTinyClip();
    const lesson = await uploadClip(ctx.app, author.headers, id, clip, 'lesson', 'Measuring angles');
    const preview = await uploadClip(ctx.app, author.headers, id, clip, 'preview', 'Taster');
    const [faq] = await ctx.app.db
      .insert(courseFaqs)
      .values({ courseId: id, question: 'Is it hard?', answer: 'No.', position: 0 })
      .returning();
    await insertMaterial(id, 'Angle sheet');
    const { quizId, questionIds } = await insertQuiz(ctx.app, id, { title: 'Angles check' }, [
      { type: 'single', prompt: 'A right angle is', options: options(['45°', '90°'], [1]), marks: 2 },
      { type: 'short', prompt: 'Name an angle under 90°', acceptedAnswers: ['Acute'], marks: 1 },
    ]);
    await submitAndApprove(ctx.app, author.headers, reviewer.headers, id);

    // A first look after approval: nothing is marked.
    let body = await detail(reviewer.headers, id);
    expect(body.items.lessons).toMatchObject([{ id: lesson.id, mark: null }]);

    // The teacher renames the lesson (which asks for re-approval), adds one, removes the preview and the FAQ,
    // and changes a question's marks.
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/courses/${id}/videos/${lesson.id}`,
      headers: author.headers,
      payload: { title: 'Measuring angles well' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const added = await insertReadyLesson(ctx.app, id, 'Radians');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/courses/${id}/videos/${preview.id}`,
      headers: author.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await ctx.app.db.delete(courseFaqs).where(eq(courseFaqs.id, faq.id));
    await ctx.app.db.update(quizQuestions).set({ marks: 3 }).where(eq(quizQuestions.id, questionIds[0]));
    const [stored] = await ctx.app.db.select().from(courses).where(eq(courses.id, id));
    expect(stored.approvalStatus).toBe('PENDING_REAPPROVAL');

    body = await detail(reviewer.headers, id);
    expect(body.infoMark).toBeNull();
    expect(body.items.lessons).toMatchObject([
      {
        id: lesson.id,
        title: 'Measuring angles well',
        mark: 'changed',
        before: 'Title: “Measuring angles”, no captions',
        playlistUrl: `/api/approvals/${id}/videos/${lesson.id}/hls/index.m3u8`,
      },
      { id: added.id, title: 'Radians', mark: 'new' },
    ]);
    expect(body.items.lessons[0].durationSeconds).toBeGreaterThan(0);
    expect(body.items.previews).toMatchObject([{ id: preview.id, title: 'Taster', mark: 'removed' }]);
    expect(body.items.faqs).toEqual([
      { id: faq.id, question: 'Is it hard?', answer: 'No.', mark: 'removed' },
    ]);
    expect(body.items.materials).toMatchObject([{ title: 'Angle sheet', mark: null }]);

    // The quiz with what students never see while answering: correct options, accepted answers, marks.
    expect(body.items.quizzes).toHaveLength(1);
    const [quiz] = body.items.quizzes;
    expect(quiz).toMatchObject({ id: quizId, title: 'Angles check', mark: 'changed', totalMarks: 4 });
    expect(quiz.before).toContain('3 marks');
    expect(quiz.questions).toMatchObject([
      {
        id: questionIds[0],
        prompt: 'A right angle is',
        marks: 3,
        mark: 'changed',
        options: [
          { text: '45°', correct: false },
          { text: '90°', correct: true },
        ],
      },
      { id: questionIds[1], acceptedAnswers: ['Acute'], marks: 1, mark: null },
    ]);

    // Storage paths never reach the page; the PDF opens through its signed link.
    expect(JSON.stringify(body)).not.toMatch(/"courses\/|hlsPath|filePath/);
    const pdf = await get(body.items.materials[0].url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body.startsWith('%PDF')).toBe(true);

    // The admin plays the changed lesson, and the removed preview (still live, so its files stay).
    for (const video of [body.items.lessons[0], body.items.previews[0]]) {
      const playlist = await get(video.playlistUrl as string, reviewer.headers);
      expect(playlist.statusCode, playlist.body).toBe(200);
      expect(playlist.headers['content-type']).toContain('mpegurl');
      const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'));
      const base = (video.playlistUrl as string).replace(/index\.m3u8$/, '');
      expect((await get(`${base}${segment}`, reviewer.headers)).statusCode).toBe(200);
    }
    // A stand-in lesson without files, an unknown video or file: 404; a malformed id: 400.
    expect(
      (await get(`/api/approvals/${id}/videos/${added.id}/hls/index.m3u8`, reviewer.headers)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/approvals/${id}/videos/${UNKNOWN_ID}/hls/index.m3u8`, reviewer.headers)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/approvals/${id}/videos/${lesson.id}/hls/secret.txt`, reviewer.headers)).statusCode,
    ).toBe(404);
    expect((await get(`/api/approvals/${id}/videos/nope/hls/index.m3u8`, reviewer.headers)).statusCode).toBe(
      400,
    );

    // Nobody but admins reads the review (answers included) or plays from it: not even the course's author.
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    for (const headers of [author.headers, student.headers]) {
      expect((await get(`/api/approvals/${id}`, headers)).statusCode).toBe(403);
      expect((await get(body.items.lessons[0].playlistUrl as string, headers)).statusCode).toBe(403);
    }
    expect((await get(`/api/approvals/${id}`)).statusCode).toBe(401);
  });
});

describe('rejecting with comments on single items', () => {
  async function waitingCourse() {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const author = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    const id = await createCourse(ctx.app, author.headers, { title: 'Trigonometry' });
    const lesson = await insertReadyLesson(ctx.app, id, 'Radians');
    const [faq] = await ctx.app.db
      .insert(courseFaqs)
      .values({ courseId: id, question: 'Any maths needed?', answer: 'Some.', position: 0 })
      .returning();
    const submitted = await post(`/api/courses/${id}/submit`, author.headers, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    return { institute, author, id, lesson, faq };
  }
  const reject = (headers: Headers, id: string, payload: Record<string, unknown>) =>
    post(`/api/approvals/${id}/reject`, headers, payload);
  const itemComments = (headers: Headers, id: string) => get(`/api/approvals/${id}/item-comments`, headers);

  it('stores them with the overall reason; the owner and their institute read them until the next decision', async () => {
    const { institute, author, id, lesson, faq } = await waitingCourse();
    const reviewer = await admin();
    const response = await reject(reviewer.headers, id, {
      comment: 'Nearly there.',
      items: [
        { area: 'lesson', itemId: lesson.id, comment: '  The sound is too quiet.  ' },
        { area: 'faq', itemId: faq.id, comment: 'Say which maths.' },
        { area: 'info', itemId: 'info', comment: 'A longer description, please.' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = [
      { area: 'lesson', itemId: lesson.id, label: 'Lesson “Radians”', comment: 'The sound is too quiet.' },
      { area: 'faq', itemId: faq.id, label: 'FAQ “Any maths needed?”', comment: 'Say which maths.' },
      { area: 'info', itemId: 'info', label: 'Course information', comment: 'A longer description, please.' },
    ];
    // The overall reason comes first; the item comments follow it wherever the teacher reads the reason.
    expect(response.json().reviewComment).toBe(
      'Nearly there.\n\nOn single items:\n• Lesson “Radians”: The sound is too quiet.\n' +
        '• FAQ “Any maths needed?”: Say which maths.\n• Course information: A longer description, please.',
    );
    for (const headers of [author.headers, institute.headers, reviewer.headers]) {
      const seen = await itemComments(headers, id);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toEqual({ comments: expected });
    }
    expect((await detail(reviewer.headers, id)).itemComments).toEqual(expected);

    // Someone else's teacher, a student: 403; unknown course 404; malformed id 400; no session 401.
    const stranger = await teacher();
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    expect((await itemComments(stranger.headers, id)).statusCode).toBe(403);
    expect((await itemComments(student.headers, id)).statusCode).toBe(403);
    expect((await itemComments(author.headers, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await itemComments(author.headers, 'nope')).statusCode).toBe(400);
    expect((await itemComments({}, id)).statusCode).toBe(401);

    // Resubmitted, the request is new: the teacher no longer sees them, the admin still sees what was asked.
    expect((await post(`/api/courses/${id}/submit`, author.headers, {})).statusCode).toBe(200);
    expect((await itemComments(author.headers, id)).json()).toEqual({ comments: [] });
    expect((await detail(reviewer.headers, id)).itemComments).toEqual(expected);

    // Approving clears them; the approval's own comment has no item comments.
    const approved = await post(`/api/approvals/${id}/approve`, reviewer.headers, { comment: 'Thanks' });
    expect(approved.json()).toMatchObject({ status: 'APPROVED', reviewComment: 'Thanks' });
    const left = await ctx.app.db.select().from(courseReviewItems).where(eq(courseReviewItems.courseId, id));
    expect(left).toEqual([]);
  });

  it('refuses item comments that name no item of the course, twice the same item, or say nothing (400)', async () => {
    const { id, lesson } = await waitingCourse();
    const other = await waitingCourse();
    const reviewer = await admin();
    const item = (patch: Record<string, unknown>) => ({
      area: 'lesson',
      itemId: lesson.id,
      comment: 'Fix',
      ...patch,
    });
    const cases: [Record<string, unknown>[], RegExp][] = [
      [[item({ itemId: other.lesson.id })], /not part of the course/],
      [[item({ itemId: UNKNOWN_ID })], /not part of the course/],
      [[item({ area: 'faq' })], /not part of the course/],
      [[item({ area: 'info', itemId: 'everything' })], /not part of the course/],
      [[item({ area: 'chapter' })], /choose what the comment is about/],
      [[item({}), item({ comment: 'Again' })], /two comments on Lesson “Radians”/],
      [[item({ comment: '' })], new RegExp(MSG.required)],
      [[item({ comment: '   ' })], new RegExp(MSG.onlySpace)],
      [[item({ comment: 'x'.repeat(1001) })], /at most 1000 characters/],
      [Array.from({ length: 101 }, () => item({})), /at most 100 items/],
    ];
    for (const [items, message] of cases) {
      const response = await reject(reviewer.headers, id, { comment: 'No', items });
      expect(response.statusCode, JSON.stringify(items).slice(0, 200)).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(JSON.stringify(response.json())).toMatch(message);
    }
    // Without the overall reason, item comments alone do not reject.
    expect((await reject(reviewer.headers, id, { items: [item({})] })).statusCode).toBe(400);
    const [stored] = await ctx.app.db.select().from(courses).where(eq(courses.id, id));
    expect(stored.approvalStatus).toBe('PENDING');
    expect(
      await ctx.app.db.select().from(courseReviewItems).where(eq(courseReviewItems.courseId, id)),
    ).toEqual([]);
  });

  it('reads the rejection to a Hindi teacher in Hindi: the heading and the item names, the admin’s words as written', async () => {
    const { author, id, lesson } = await waitingCourse();
    const reviewer = await admin();
    const rejected = await reject(reviewer.headers, id, {
      comment: 'थोड़ा और काम चाहिए।',
      items: [
        { area: 'lesson', itemId: lesson.id, comment: 'Louder, please.\nAnd slower.' },
        { area: 'info', itemId: 'info', comment: 'विवरण लंबा करें।' },
      ],
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const english =
      'थोड़ा और काम चाहिए।\n\nOn single items:\n• Lesson “Radians”: Louder, please.\nAnd slower.\n' +
      '• Course information: विवरण लंबा करें।';
    expect(rejected.json().reviewComment).toBe(english);

    await chooseLocale(ctx.app, author.headers, 'hi');
    const hindi =
      `थोड़ा और काम चाहिए।\n\n${hiApprovals['server.approvals.onSingleItems']}\n` +
      '• पाठ “Radians”: Louder, please.\nAnd slower.\n• कोर्स की जानकारी: विवरण लंबा करें।';
    const course = await get(`/api/courses/${id}`, author.headers);
    expect(course.statusCode, course.body).toBe(200);
    expect(JSON.stringify(course.json())).toContain(JSON.stringify(hindi));
    expect(
      (await itemComments(author.headers, id)).json().comments.map((each: { label: string }) => each.label),
    ).toEqual(['पाठ “Radians”', 'कोर्स की जानकारी']);
    // Stored in English still: an English reader, and the next decision, read what they always did.
    const [stored] = await ctx.app.db.select().from(courses).where(eq(courses.id, id));
    expect(stored.reviewComment).toBe(english);
  });

  it("refuses in the admin's language: Hindi with the item filled in, English unchanged (decision 070)", async () => {
    const { id, lesson } = await waitingCourse();
    const reviewer = await admin();
    const twice = {
      comment: 'No',
      items: [0, 1].map(() => ({ area: 'lesson', itemId: lesson.id, comment: 'Fix' })),
    };
    const english = await reject(reviewer.headers, id, twice);
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe('There are two comments on Lesson “Radians”. Please keep one.');
    expect((await get(`/api/approvals/${UNKNOWN_ID}`, reviewer.headers)).json().message).toBe(
      'Course not found',
    );

    await chooseLocale(ctx.app, reviewer.headers, 'hi');
    const hindi = await reject(reviewer.headers, id, twice);
    expect(hindi.statusCode).toBe(400);
    // The item named as a Hindi admin reads it; the lesson's own title as written.
    const expected = hiApprovals['server.approvals.twoComments'].replace('{label}', 'पाठ “Radians”');
    expect(hindi.json().message).toBe(expected);
    expect(hindi.json().fields).toEqual({ 'items.1.itemId': expected });
    expect((await get(`/api/approvals/${UNKNOWN_ID}`, reviewer.headers)).json().message).toBe(
      hiApprovals['server.approvals.courseNotFound'],
    );
  });
});
