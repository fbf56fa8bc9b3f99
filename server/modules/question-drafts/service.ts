import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DraftRunInput } from '../../../common/contracts/question-drafts';
import { type QuestionInput, questionSchema } from '../../../common/contracts/quizzes';
import { DRAFT_LIMITS, type QuestionDraftContent } from '../../../common/question-drafts';
import {
  type CourseRow,
  courseVideos,
  type QuizRow,
  questionDraftRuns,
  questionDrafts,
  quizQuestions,
} from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { createQuestion } from '../quizzes/authoring-service';
import type { QuestionData } from '../quizzes/question-values';
import { wordCount } from './course-text';
import { draftQuestions } from './drafter';
import { type RewrittenDraft, rewriteDrafts } from './rewrite';
import { courseLessonText } from './source';

export const QUESTION_DRAFT_QUEUE = 'question-drafts';
export interface QuestionDraftJob {
  runId: string;
}
export type DraftRow = typeof questionDrafts.$inferSelect;
export type DraftRunRow = typeof questionDraftRuns.$inferSelect;

/** A run still queued or running this long after it started is taken as lost (a worker that died). */
const RUN_STALE_MINUTES = 10;
/** Runs a teacher may start per quiz in a day: drafting reads the whole course each time. */
export const RUNS_PER_DAY = 40;

const DRAFT_NOT_FOUND = said('server.question-drafts.notFound');

// ---- Starting and running -------------------------------------------------------------------------------

export async function startDraftRun(
  app: App,
  userId: string,
  course: CourseRow,
  quiz: QuizRow,
  input: Required<Pick<DraftRunInput, 'count'>> & { videoId: string | null },
): Promise<DraftRunRow> {
  if (input.videoId) {
    const [video] = await app.db
      .select({ id: courseVideos.id })
      .from(courseVideos)
      .where(
        and(
          eq(courseVideos.id, input.videoId),
          eq(courseVideos.courseId, course.id),
          // A preview video is no lesson: nothing is taught in it to ask about.
          eq(courseVideos.kind, 'lesson'),
        ),
      );
    if (!video) throw badRequest(said('server.question-drafts.lessonNotInCourse'));
  }
  const [busy] = await app.db
    .select({ id: questionDraftRuns.id })
    .from(questionDraftRuns)
    .where(
      and(
        eq(questionDraftRuns.quizId, quiz.id),
        inArray(questionDraftRuns.status, ['queued', 'running']),
        gt(questionDraftRuns.createdAt, sql`now() - make_interval(mins => ${RUN_STALE_MINUTES})`),
      ),
    );
  if (busy) throw conflict(said('server.question-drafts.runBusy'));
  const [offered] = await app.db
    .select({ n: count() })
    .from(questionDrafts)
    .where(and(eq(questionDrafts.quizId, quiz.id), eq(questionDrafts.status, 'offered')));
  if ((offered?.n ?? 0) >= DRAFT_LIMITS.offeredPerQuiz) {
    throw conflict(said('server.question-drafts.tooManyOffered', { count: offered?.n ?? 0 }));
  }
  const [today] = await app.db
    .select({ n: count() })
    .from(questionDraftRuns)
    .where(
      and(
        eq(questionDraftRuns.quizId, quiz.id),
        gt(questionDraftRuns.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  if ((today?.n ?? 0) >= RUNS_PER_DAY) {
    throw new AppError('RATE_LIMITED', said('server.question-drafts.planLimit', { max: RUNS_PER_DAY }));
  }
  const [run] = await app.db
    .insert(questionDraftRuns)
    .values({
      quizId: quiz.id,
      courseId: course.id,
      videoId: input.videoId,
      requestedBy: userId,
      count: input.count,
    })
    .returning();
  const row = run as DraftRunRow;
  await app.jobs.send<QuestionDraftJob>(QUESTION_DRAFT_QUEUE, { runId: row.id }, { expireInSeconds: 600 });
  return (await loadRun(app, quiz.id, row.id)) ?? row;
}

async function setRun(app: App, runId: string, values: Partial<typeof questionDraftRuns.$inferInsert>) {
  await app.db.update(questionDraftRuns).set(values).where(eq(questionDraftRuns.id, runId));
}

/** The sentences this quiz's drafts were made from: a later run asks about other sentences. */
async function draftedSentences(app: App, quizId: string): Promise<Set<string>> {
  const rows = await app.db
    .select({ sentence: sql<string>`${questionDrafts.content}->>'sentence'` })
    .from(questionDrafts)
    .where(eq(questionDrafts.quizId, quizId));
  return new Set(rows.map((row) => row.sentence));
}

/** Every fingerprint the course's quizzes were offered: never offered again, whatever became of it. */
async function knownFingerprints(app: App, courseId: string): Promise<Set<string>> {
  const rows = await app.db
    .select({ fingerprint: questionDrafts.fingerprint })
    .from(questionDrafts)
    .where(eq(questionDrafts.courseId, courseId));
  return new Set(rows.map((row) => row.fingerprint));
}

async function quizPrompts(app: App, quizId: string): Promise<string[]> {
  const rows = await app.db
    .select({ prompt: quizQuestions.prompt })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId));
  return rows.map((row) => row.prompt);
}

async function nextPosition(app: App, quizId: string): Promise<number> {
  const [row] = await app.db
    .select({ max: sql<number | null>`max(${questionDrafts.position})` })
    .from(questionDrafts)
    .where(eq(questionDrafts.quizId, quizId));
  return (row?.max ?? -1) + 1;
}

/** With LLM_BASE_URL set, a model rewords the drafts; each wording is kept only if it passes the check. */
async function worded(app: App, drafts: QuestionDraftContent[], language: string): Promise<RewrittenDraft[]> {
  const llm = app.config.ai.llm;
  if (!llm) return drafts.map((content) => ({ content, rewritten: false }));
  return rewriteDrafts(llm, drafts, language);
}

async function insertDrafts(
  app: App,
  run: Pick<DraftRunRow, 'quizId' | 'courseId'> & { id: string | null },
  drafts: RewrittenDraft[],
  firstPosition: number,
): Promise<DraftRow[]> {
  if (drafts.length === 0) return [];
  return app.db
    .insert(questionDrafts)
    .values(
      drafts.map(({ content, rewritten }, index) => ({
        quizId: run.quizId,
        courseId: run.courseId,
        runId: run.id,
        position: firstPosition + index,
        content,
        fingerprint: content.fingerprint,
        rewritten,
      })),
    )
    .returning();
}

/** The job: reads the course's text, drafts, stores the drafts, and says how far it got at each step. */
export async function runDrafting(app: App, runId: string): Promise<void> {
  const [run] = await app.db.select().from(questionDraftRuns).where(eq(questionDraftRuns.id, runId));
  if (!run || run.status === 'done' || run.status === 'failed') return;
  try {
    await setRun(app, runId, { status: 'running', progress: 10 });
    const text = await courseLessonText(app, run.courseId);
    const scope = run.videoId
      ? text.passages.filter((passage) => passage.videoId === run.videoId)
      : text.passages;
    if (wordCount(scope, text.language) < DRAFT_LIMITS.minimumWords) {
      const key = run.videoId
        ? 'server.question-drafts.tooLittleText'
        : 'server.question-drafts.courseTooLittleText';
      await setRun(app, runId, {
        status: 'failed',
        progress: 100,
        messageKey: key,
        messageValues: { min: DRAFT_LIMITS.minimumWords },
        finishedAt: new Date(),
      });
      return;
    }
    await setRun(app, runId, { progress: 30 });
    const drafts = await draftQuestions({
      passages: scope,
      coursePassages: text.passages,
      language: text.language,
      count: run.count,
      existingPrompts: await quizPrompts(app, run.quizId),
      excluded: await knownFingerprints(app, run.courseId),
      usedSentences: await draftedSentences(app, run.quizId),
    });
    await setRun(app, runId, { progress: 60 });
    const final = await worded(app, drafts, text.language);
    await setRun(app, runId, { progress: 90 });
    await insertDrafts(app, run, final, await nextPosition(app, run.quizId));
    await setRun(app, runId, {
      status: 'done',
      progress: 100,
      made: drafts.length,
      messageKey: drafts.length === 0 ? 'server.question-drafts.nothingNew' : null,
      finishedAt: new Date(),
    });
  } catch (error) {
    app.log.error({ err: error, runId }, 'question drafting failed');
    await setRun(app, runId, {
      status: 'failed',
      progress: 100,
      messageKey: 'server.question-drafts.failed',
      finishedAt: new Date(),
    });
  }
}

// ---- Reading --------------------------------------------------------------------------------------------

export async function loadRun(app: App, quizId: string, runId: string): Promise<DraftRunRow | null> {
  const [run] = await app.db
    .select()
    .from(questionDraftRuns)
    .where(and(eq(questionDraftRuns.id, runId), eq(questionDraftRuns.quizId, quizId)));
  return run ?? null;
}

export async function latestRun(app: App, quizId: string): Promise<DraftRunRow | null> {
  const [run] = await app.db
    .select()
    .from(questionDraftRuns)
    .where(eq(questionDraftRuns.quizId, quizId))
    .orderBy(desc(questionDraftRuns.createdAt))
    .limit(1);
  return run ?? null;
}

export async function offeredDrafts(app: App, quizId: string): Promise<DraftRow[]> {
  return app.db
    .select()
    .from(questionDrafts)
    .where(and(eq(questionDrafts.quizId, quizId), eq(questionDrafts.status, 'offered')))
    .orderBy(asc(questionDrafts.position), asc(questionDrafts.createdAt));
}

export async function loadOfferedDraft(app: App, quizId: string, draftId: string): Promise<DraftRow> {
  const [draft] = await app.db
    .select()
    .from(questionDrafts)
    .where(and(eq(questionDrafts.id, draftId), eq(questionDrafts.quizId, quizId)));
  if (!draft) throw notFound(DRAFT_NOT_FOUND);
  if (draft.status !== 'offered') throw conflict(said('server.question-drafts.alreadyReviewed'));
  return draft;
}

// ---- Reviewing ------------------------------------------------------------------------------------------

/** The quiz question a draft becomes as drafted: its sentence is the explanation, its moment kept. */
export function questionOfDraft(content: QuestionDraftContent): QuestionInput {
  return {
    type: content.type,
    prompt: content.prompt,
    options: content.options.map((option) => ({ text: option.text, correct: option.correct })),
    trueFalseAnswer: content.trueFalseAnswer ?? undefined,
    acceptedAnswers: content.acceptedAnswers,
    marks: 1,
    negativeMarks: 0,
    explanation: content.sentence.slice(0, 2000),
    videoId: content.videoId,
    videoSeconds: content.videoId ? content.videoSeconds : null,
  };
}

/** Into the quiz, as drafted or as the teacher edited it (checked like any question the editor saves). */
export async function acceptDraft(
  app: App,
  userId: string,
  course: CourseRow,
  quiz: QuizRow,
  draft: DraftRow,
  edited: QuestionData | undefined,
): Promise<string> {
  const asDrafted = questionSchema.safeParse(questionOfDraft(draft.content));
  const data = edited ?? (asDrafted.success ? asDrafted.data : null);
  if (!data) throw badRequest(said('server.http.invalidValue'));
  const question = await createQuestion(app, course, quiz, data);
  // Two tabs accepting the same draft: the second finds it reviewed and its question is taken back.
  const updated = await app.db
    .update(questionDrafts)
    .set({ status: 'accepted', questionId: question.id, reviewedBy: userId, reviewedAt: new Date() })
    .where(and(eq(questionDrafts.id, draft.id), eq(questionDrafts.status, 'offered')))
    .returning({ id: questionDrafts.id });
  if (updated.length === 0) {
    await app.db.delete(quizQuestions).where(eq(quizQuestions.id, question.id));
    throw conflict(said('server.question-drafts.alreadyReviewed'));
  }
  return question.id;
}

export async function rejectDraft(app: App, userId: string, draft: DraftRow, reason: string): Promise<void> {
  const updated = await app.db
    .update(questionDrafts)
    .set({ status: 'rejected', rejectReason: reason || null, reviewedBy: userId, reviewedAt: new Date() })
    .where(and(eq(questionDrafts.id, draft.id), eq(questionDrafts.status, 'offered')))
    .returning({ id: questionDrafts.id });
  if (updated.length === 0) throw conflict(said('server.question-drafts.alreadyReviewed'));
}

/** Drafts like `draft` (same passage and type first), none offered before: for "regenerate" and "more". */
async function draftsLike(
  app: App,
  quiz: QuizRow,
  draft: DraftRow,
  wanted: number,
): Promise<RewrittenDraft[]> {
  const text = await courseLessonText(app, draft.courseId);
  const scope = draft.content.videoId
    ? text.passages.filter((passage) => passage.videoId === draft.content.videoId)
    : text.passages;
  const drafts = await draftQuestions({
    passages: scope,
    coursePassages: text.passages,
    language: text.language,
    count: wanted,
    existingPrompts: await quizPrompts(app, quiz.id),
    excluded: await knownFingerprints(app, draft.courseId),
    like: { sentence: draft.content.sentence, type: draft.content.type },
  });
  return worded(app, drafts, text.language);
}

/** Another draft in this one's place; this one is set aside (not judged: it may come back another day). */
export async function regenerateDraft(app: App, quiz: QuizRow, draft: DraftRow): Promise<DraftRow> {
  const [replacement] = await draftsLike(app, quiz, draft, 1);
  if (!replacement) throw conflict(said('server.question-drafts.nothingNew'));
  await app.db.update(questionDrafts).set({ status: 'replaced' }).where(eq(questionDrafts.id, draft.id));
  const [row] = await insertDrafts(app, { ...draft, id: draft.runId }, [replacement], draft.position);
  return row as DraftRow;
}

/** Up to three more like this one, right after it. */
export async function moreLikeDraft(app: App, quiz: QuizRow, draft: DraftRow): Promise<DraftRow[]> {
  const more = await draftsLike(app, quiz, draft, 3);
  if (more.length === 0) throw conflict(said('server.question-drafts.nothingNew'));
  await app.db
    .update(questionDrafts)
    .set({ position: sql`${questionDrafts.position} + ${more.length}` })
    .where(and(eq(questionDrafts.quizId, quiz.id), gt(questionDrafts.position, draft.position)));
  return insertDrafts(app, { ...draft, id: draft.runId }, more, draft.position + 1);
}
