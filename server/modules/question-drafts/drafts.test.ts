import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionDraft } from '../../../common/contracts/question-drafts';
import { courseVideos, questionDrafts, quizQuestions, quizzes } from '../../db/schema/index';
import { insertCourse } from '../../test/courses';
import { insertDeckLesson } from '../../test/deck-lessons';
import { buildAndLogin } from '../../test/factories';
import { HINDI_SOLAR_SLIDES } from '../../test/fixtures/hindi-deck/slides';
import { WATER_CYCLE_SLIDES } from '../../test/fixtures/water-cycle-deck';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let teacher: Session;
let otherTeacher: Session;
let student: Session;
const ids = { course: '', lesson: '', shortLesson: '', quiz: '', otherCourseLesson: '', hindiQuiz: '' };

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
const drafts = (quizId = ids.quiz) => `/api/question-drafts/quizzes/${quizId}`;

async function offered(headers: Headers = teacher.headers, quizId = ids.quiz): Promise<QuestionDraft[]> {
  const response = await call('GET', drafts(quizId), headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().drafts;
}

/** An empty quiz of the course's working version. */
async function emptyQuiz(courseId: string, title: string): Promise<string> {
  const [quiz] = await ctx.app.db.insert(quizzes).values({ courseId, title }).returning();
  return quiz?.id as string;
}

beforeAll(async () => {
  ctx = await startTestApp();
  teacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Tara Teacher' });
  otherTeacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Other Teacher' });
  student = await buildAndLogin(ctx.app, { userType: 'student', fullName: 'Sam Student' });
  const course = await insertCourse(ctx.app, teacher.user.id, { title: 'Earth science' });
  ids.course = course.id;
  ids.lesson = (await insertDeckLesson(ctx.app, course.id, 'The water cycle', WATER_CYCLE_SLIDES)).id;
  ids.shortLesson = (
    await insertDeckLesson(ctx.app, course.id, 'Welcome', [{ title: 'Welcome', body: 'Hello and welcome.' }])
  ).id;
  ids.quiz = await emptyQuiz(course.id, 'Water cycle check');
  const other = await insertCourse(ctx.app, otherTeacher.user.id, { title: 'Other course' });
  ids.otherCourseLesson = (await insertDeckLesson(ctx.app, other.id, 'Theirs', WATER_CYCLE_SLIDES)).id;
  const hindi = await insertCourse(ctx.app, teacher.user.id, { title: 'सौर मंडल', language: 'Hindi' });
  await insertDeckLesson(ctx.app, hindi.id, 'हमारा सौर मंडल', HINDI_SOLAR_SLIDES);
  ids.hindiQuiz = await emptyQuiz(hindi.id, 'सौर मंडल प्रश्नोत्तरी');
});
afterAll(() => ctx.close());

describe('drafting questions from a lesson (issue 37)', () => {
  it('drafts in the worker queue, each draft citing its sentence and the moment it is said', async () => {
    const started = await call('POST', `${drafts()}/runs`, teacher.headers, {
      videoId: ids.lesson,
      count: 12,
    });
    expect(started.statusCode, started.body).toBe(202);
    const run = started.json();
    // Jobs run inline in tests: the run is over when the call returns.
    const read = await call('GET', `${drafts()}/runs/${run.id}`, teacher.headers);
    expect(read.json()).toMatchObject({ status: 'done', progress: 100, made: 12, message: null });

    const list = await offered();
    expect(list).toHaveLength(12);
    const slides = WATER_CYCLE_SLIDES.map((slide) => [slide.body].flat().join(' ').replace(/•\s*/gu, ''));
    for (const draft of list) {
      expect(draft.videoId).toBe(ids.lesson);
      expect(draft.videoTitle).toBe('The water cycle');
      // The sentence is the course's, word for word, and said within its slide's 30 seconds.
      const slide = slides.findIndex((text) =>
        text.includes(draft.sentence.split(' ').slice(0, 6).join(' ')),
      );
      expect(slide, draft.sentence).toBeGreaterThanOrEqual(0);
      expect(draft.videoSeconds).toBeGreaterThanOrEqual(slide * 30);
      expect(draft.videoSeconds).toBeLessThanOrEqual((slide + 1) * 30);
      if (draft.type === 'single') {
        expect(draft.options.filter((option) => option.correct)).toHaveLength(1);
        // No wrong option is said by the sentence itself.
        for (const option of draft.options.filter((candidate) => !candidate.correct)) {
          expect(draft.sentence.toLowerCase()).not.toContain(option.text.toLowerCase());
        }
      }
    }
    // A mix, not one kind.
    expect(new Set(list.map((draft) => draft.type)).size).toBeGreaterThanOrEqual(3);
    // Nothing entered the quiz.
    expect(
      await ctx.app.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, ids.quiz)),
    ).toHaveLength(0);
  });

  it('accepts as drafted (the moment kept), accepts as edited, and rejects with a reason never offered again', async () => {
    const [first, second, third] = await offered();
    if (!first || !second || !third) throw new Error('drafts expected');

    const accepted = await call('POST', `${drafts()}/${first.id}/accept`, teacher.headers, {});
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [question] = await ctx.app.db
      .select()
      .from(quizQuestions)
      .where(eq(quizQuestions.id, accepted.json().questionId));
    expect(question).toMatchObject({
      quizId: ids.quiz,
      prompt: first.prompt,
      videoId: ids.lesson,
      videoSeconds: first.videoSeconds,
      explanation: first.sentence,
    });
    expect((await call('POST', `${drafts()}/${first.id}/accept`, teacher.headers, {})).statusCode).toBe(409);

    const edited = await call('POST', `${drafts()}/${second.id}/accept`, teacher.headers, {
      question: {
        type: 'true_false',
        prompt: 'Condensation turns gas into liquid.',
        trueFalseAnswer: true,
        marks: 2,
        videoId: ids.lesson,
        videoSeconds: 95,
      },
    });
    expect(edited.statusCode, edited.body).toBe(201);
    const [saved] = await ctx.app.db
      .select()
      .from(quizQuestions)
      .where(eq(quizQuestions.id, edited.json().questionId));
    expect(saved).toMatchObject({
      prompt: 'Condensation turns gas into liquid.',
      marks: 2,
      videoSeconds: 95,
    });

    // An edit that is not a valid question is refused, and the draft stays offered.
    const invalid = await call('POST', `${drafts()}/${third.id}/accept`, teacher.headers, {
      question: { type: 'single', prompt: 'Pick', options: [{ text: 'Only one', correct: true }] },
    });
    expect(invalid.statusCode).toBe(400);
    expect((await offered()).some((draft) => draft.id === third.id)).toBe(true);

    const rejected = await call('POST', `${drafts()}/${third.id}/reject`, teacher.headers, {
      reason: 'Too easy',
    });
    expect(rejected.statusCode).toBe(204);
    const [row] = await ctx.app.db.select().from(questionDrafts).where(eq(questionDrafts.id, third.id));
    expect(row).toMatchObject({ status: 'rejected', rejectReason: 'Too easy' });
    expect((await offered()).map((draft) => draft.id)).not.toContain(third.id);

    // Another run never offers a question offered before: not the rejected one, not any other.
    const before = new Set(
      (await ctx.app.db.select().from(questionDrafts)).map((draft) => draft.fingerprint),
    );
    const again = await call('POST', `${drafts()}/runs`, teacher.headers, { videoId: ids.lesson, count: 10 });
    expect(again.statusCode).toBe(202);
    const fresh = await ctx.app.db
      .select()
      .from(questionDrafts)
      .where(eq(questionDrafts.runId, again.json().id));
    for (const draft of fresh) expect(before.has(draft.fingerprint)).toBe(false);
  });

  it('regenerates one in its place and drafts more like one right after it', async () => {
    const list = await offered();
    const target = list[1] as QuestionDraft;
    const regenerated = await call('POST', `${drafts()}/${target.id}/regenerate`, teacher.headers, {});
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const replacement = regenerated.json().draft as QuestionDraft;
    const after = await offered();
    expect(after.map((draft) => draft.id)).not.toContain(target.id);
    expect(after[1]?.id).toBe(replacement.id);
    expect(replacement.sentence === target.sentence && replacement.prompt === target.prompt).toBe(false);

    const more = await call('POST', `${drafts()}/${replacement.id}/more`, teacher.headers, {});
    expect(more.statusCode, more.body).toBe(200);
    const added = more.json().drafts as QuestionDraft[];
    expect(added.length).toBeGreaterThan(0);
    expect(added.length).toBeLessThanOrEqual(3);
    const order = (await offered()).map((draft) => draft.id);
    expect(order.slice(2, 2 + added.length)).toEqual(added.map((draft) => draft.id));
  });

  it('says a lesson has too little text, in the reader’s language', async () => {
    const english = await call('POST', `${drafts()}/runs`, teacher.headers, {
      videoId: ids.shortLesson,
      count: 5,
    });
    expect(english.statusCode).toBe(202);
    expect(english.json()).toMatchObject({ status: 'failed', made: 0 });
    expect(english.json().message).toContain('too little text');
    const hindi = await call('GET', `${drafts()}/runs/${english.json().id}`, {
      ...teacher.headers,
      'accept-language': 'hi',
    });
    expect(hindi.json().message).toContain('बहुत कम');
  });

  it('drafts a Hindi course in Hindi', async () => {
    const started = await call('POST', `${drafts(ids.hindiQuiz)}/runs`, teacher.headers, {
      videoId: null,
      count: 8,
    });
    expect(started.json()).toMatchObject({ status: 'done', made: 8 });
    const list = await offered(teacher.headers, ids.hindiQuiz);
    for (const draft of list) expect(draft.prompt).toMatch(/\p{Script=Devanagari}/u);
    const fillBlank = list.find((draft) => draft.prompt.startsWith('रिक्त स्थान भरें'));
    expect(fillBlank?.acceptedAnswers.length).toBeGreaterThan(0);
  });

  it('refuses bad input with 400 and saves nothing', async () => {
    const runsBefore = (await ctx.app.db.select().from(questionDrafts)).length;
    for (const body of [{ count: 0 }, { count: 31 }, { count: 'ten' }, { videoId: 'not-a-uuid' }]) {
      expect((await call('POST', `${drafts()}/runs`, teacher.headers, body)).statusCode).toBe(400);
    }
    const elsewhere = await call('POST', `${drafts()}/runs`, teacher.headers, {
      videoId: ids.otherCourseLesson,
      count: 5,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toContain('not part of this quiz');
    const longReason = await call('POST', `${drafts()}/${(await offered())[0]?.id}/reject`, teacher.headers, {
      reason: 'x'.repeat(301),
    });
    expect(longReason.statusCode).toBe(400);
    expect(longReason.json().message).toContain('300 characters');
    // A preview video teaches nothing to ask about.
    const preview = await ctx.app.db
      .insert(courseVideos)
      .values({ courseId: ids.course, kind: 'preview', title: 'Trailer', processingStatus: 'ready' })
      .returning();
    const fromPreview = await call('POST', `${drafts()}/runs`, teacher.headers, {
      videoId: preview[0]?.id,
      count: 5,
    });
    expect(fromPreview.statusCode).toBe(400);
    expect((await ctx.app.db.select().from(questionDrafts)).length).toBe(runsBefore);
  });

  it('is the course’s authors’ only: another teacher and a student get nothing', async () => {
    const draft = (await offered())[0] as QuestionDraft;
    // The quiz editor's own rule (loadAuthoredQuiz): a course that is not yours is forbidden, not hidden.
    for (const session of [otherTeacher, student]) {
      const expected = 403;
      expect((await call('GET', drafts(), session.headers)).statusCode).toBe(expected);
      expect((await call('POST', `${drafts()}/runs`, session.headers, { count: 3 })).statusCode).toBe(
        expected,
      );
      for (const action of ['accept', 'reject', 'regenerate', 'more']) {
        expect(
          (await call('POST', `${drafts()}/${draft.id}/${action}`, session.headers, {})).statusCode,
        ).toBe(expected);
      }
    }
    expect((await offered()).some((candidate) => candidate.id === draft.id)).toBe(true);
  });
});
