import { and, eq } from 'drizzle-orm';
import type { AttemptView } from '../../../common/contracts/quizzes';
import type { AnswerResponse, PaperQuestion } from '../../../common/quizzes';
import type { Db } from '../../db/client';
import { courses, type QuizAttemptRow, quizAnswers, quizAttempts } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, badRequest, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { liveSnapshot } from '../catalog/service';
import type { CourseSnapshot } from '../courses/snapshot';
import { isOverdue, submitAttempt } from './attempt-grading';
import { presentAttemptView } from './attempt-presenters';
import { questionImageUrls } from './presenters';

/* An attempt after it started: reading it, saving answers while it is open, submitting it. */

export const ALREADY_SUBMITTED_MESSAGE = said('server.quizzes.alreadySubmitted');
export const TIME_OVER_MESSAGE = said('server.quizzes.timeOver');
const ATTEMPT_NOT_FOUND = said('server.quizzes.attemptNotFound');

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The actor's own attempt (anyone else's is "not found"), submitted first if its time is over. */
export async function loadOwnAttempt(app: App, actor: Actor, attemptId: string): Promise<QuizAttemptRow> {
  const attempt = await ownAttemptRow(app, actor, attemptId);
  if (!isOverdue(attempt)) return attempt;
  await submitAttempt(app, attempt.id);
  return ownAttemptRow(app, actor, attemptId);
}

export async function ownAttemptRow(app: App, actor: Actor, attemptId: string): Promise<QuizAttemptRow> {
  const [attempt] = await app.db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, actor.userId)));
  if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
  return attempt;
}

/** The course's title and live snapshot as its students see them (the working title if never live). */
export async function courseOfAttempt(app: App, courseId: string) {
  const [course] = await app.db
    .select({ title: courses.title, approvedSnapshot: courses.approvedSnapshot })
    .from(courses)
    .where(eq(courses.id, courseId));
  const snapshot = course ? liveSnapshot(course) : null;
  return { title: snapshot?.info.title ?? course?.title ?? '', snapshot: snapshot as CourseSnapshot | null };
}

export async function attemptView(app: App, attempt: QuizAttemptRow): Promise<AttemptView> {
  const answers = await app.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attempt.id));
  return presentAttemptView(
    attempt,
    answers,
    await courseOfAttempt(app, attempt.courseId),
    questionImageUrls(app.storage),
  );
}

/**
 * Runs `write` while the attempt is locked and still open. An attempt whose time is over is submitted with
 * what was saved and the write is refused, so nothing lands after the deadline or after submission.
 */
export async function whileOpen<T>(app: App, attemptId: string, write: (tx: Tx) => Promise<T>): Promise<T> {
  const outcome = await app.db.transaction(async (tx) => {
    // Only the columns the check needs: this runs on every saved answer, and the paper is large.
    const [attempt] = await tx
      .select({ status: quizAttempts.status, deadlineAt: quizAttempts.deadlineAt })
      .from(quizAttempts)
      .where(eq(quizAttempts.id, attemptId))
      .for('update');
    if (attempt?.status !== 'in_progress') return { state: 'submitted' as const };
    if (isOverdue(attempt)) return { state: 'overdue' as const };
    return { state: 'open' as const, value: await write(tx) };
  });
  if (outcome.state === 'overdue') {
    await submitAttempt(app, attemptId);
    throw new AppError('CONFLICT', TIME_OVER_MESSAGE);
  }
  if (outcome.state === 'submitted') throw new AppError('CONFLICT', ALREADY_SUBMITTED_MESSAGE);
  return outcome.value;
}

export function paperQuestion(attempt: QuizAttemptRow, questionId: string): PaperQuestion {
  const question = attempt.paper.find((q) => q.id === questionId);
  if (!question) throw notFound(said('server.quizzes.questionNotInAttempt'));
  return question;
}

/** Checks a response against its question and keeps only what that type of question takes. */
function checkedResponse(question: PaperQuestion, response: AnswerResponse): AnswerResponse {
  if (question.type === 'file') throw badRequest(said('server.quizzes.uploadToAnswer'));
  if (question.type === 'short' || question.type === 'long') return { text: response.text ?? '' };
  const chosen = [...new Set(response.optionIds ?? [])];
  const known = new Set(question.options.map((option) => option.id));
  if (chosen.some((id) => !known.has(id))) throw badRequest(said('server.quizzes.chooseShownOption'));
  if (question.type !== 'multiple' && chosen.length > 1)
    throw badRequest(said('server.quizzes.chooseOneOption'));
  return { optionIds: chosen };
}

/** Saves (or replaces) the answer to one question of the actor's open attempt. */
export async function saveAnswer(
  app: App,
  actor: Actor,
  attemptId: string,
  questionId: string,
  given: AnswerResponse,
) {
  const attempt = await ownAttemptRow(app, actor, attemptId);
  const response = checkedResponse(paperQuestion(attempt, questionId), given);
  const savedAt = await whileOpen(app, attempt.id, async (tx) => {
    const now = new Date();
    await tx
      .insert(quizAnswers)
      .values({ attemptId, questionId, response, savedAt: now })
      .onConflictDoUpdate({
        target: [quizAnswers.attemptId, quizAnswers.questionId],
        set: { response, savedAt: now },
      });
    return now;
  });
  return { questionId, response, savedAt: savedAt.toISOString() };
}

/** Submits the actor's attempt (again is fine: the result is the same) and answers its result. */
export async function submitOwnAttempt(app: App, actor: Actor, attemptId: string): Promise<AttemptView> {
  const attempt = await loadOwnAttempt(app, actor, attemptId);
  await submitAttempt(app, attempt.id);
  return attemptView(app, await ownAttemptRow(app, actor, attemptId));
}
