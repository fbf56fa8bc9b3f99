import { and, asc, count, eq } from 'drizzle-orm';
import type { AttemptView, LearnerQuiz } from '../../../common/contracts/quizzes';
import { scorePercent } from '../../../common/quizzes';
import { courseSubscriptions, type QuizAttemptRow, quizAttempts, quizzes } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, forbidden, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { loadLiveCourse } from '../catalog/service';
import { SUBSCRIBE_FIRST_MESSAGE } from '../learning/service';
import { markLearning } from '../users/activity';
import { submitOverdueAttempts } from './attempt-grading';
import { freezePaper, type LiveQuiz, liveQuiz, quizMaxScore, quizzesOf } from './attempt-paper';
import { presentAttemptSummary, presentAttemptView } from './attempt-presenters';
import { attemptView } from './attempt-service';
import { questionImageUrls } from './presenters';

/** The live quizzes a subscriber sees, with their attempts, and starting an attempt. */

export const ATTEMPTS_USED_MESSAGE = said('server.quizzes.attemptsUsed');
const QUIZ_NOT_FOUND = said('server.quizzes.notFound');

async function isSubscribed(app: App, userId: string, courseId: string): Promise<boolean> {
  const [found] = await app.db
    .select({ courseId: courseSubscriptions.courseId })
    .from(courseSubscriptions)
    .where(and(eq(courseSubscriptions.courseId, courseId), eq(courseSubscriptions.userId, userId)));
  return Boolean(found);
}

/** A live course the actor is subscribed to: quizzes are for subscribers, whatever their role. */
async function loadTakingCourse(app: App, actor: Actor, courseId: string) {
  const live = await loadLiveCourse(app, courseId);
  if (!(await isSubscribed(app, actor.userId, courseId))) throw forbidden(SUBSCRIBE_FIRST_MESSAGE);
  return live;
}

/** A quiz of the live version of a course the actor is subscribed to. */
async function loadTakableQuiz(app: App, actor: Actor, quizId: string) {
  const [row] = await app.db
    .select({ courseId: quizzes.courseId })
    .from(quizzes)
    .where(eq(quizzes.id, quizId));
  if (!row) throw notFound(QUIZ_NOT_FOUND);
  const live = await loadTakingCourse(app, actor, row.courseId);
  const quiz = liveQuiz(live.snapshot, quizId);
  if (!quiz) throw notFound(QUIZ_NOT_FOUND);
  return { ...live, quiz };
}

function presentLearnerQuiz(
  quiz: LiveQuiz,
  course: { id: string; title: string },
  attempts: QuizAttemptRow[],
): LearnerQuiz {
  const marked = attempts.filter((attempt) => attempt.status === 'marked' && attempt.score !== null);
  return {
    id: quiz.id,
    courseId: course.id,
    courseTitle: course.title,
    title: quiz.title,
    instructions: quiz.instructions,
    questionCount: quiz.questions.length,
    totalMarks: quizMaxScore(quiz),
    timeLimitMinutes: quiz.timeLimitMinutes,
    attemptsAllowed: quiz.attemptsAllowed,
    attemptsUsed: attempts.length,
    passPercent: quiz.passPercent,
    displayMode: quiz.displayMode,
    openAttemptId: attempts.find((attempt) => attempt.status === 'in_progress')?.id ?? null,
    bestPercent:
      marked.length === 0
        ? null
        : Math.max(...marked.map((attempt) => scorePercent(attempt.score ?? 0, attempt.maxScore))),
    attempts: attempts.map((attempt) => presentAttemptSummary(attempt, course.title)),
  };
}

async function attemptsOf(app: App, userId: string, where: { courseId?: string; quizId?: string }) {
  return app.db
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        where.courseId ? eq(quizAttempts.courseId, where.courseId) : undefined,
        where.quizId ? eq(quizAttempts.quizId, where.quizId) : undefined,
      ),
    )
    .orderBy(asc(quizAttempts.number));
}

/** The live quizzes of a subscribed course with the actor's attempts on each. */
export async function listLearnerQuizzes(app: App, actor: Actor, courseId: string): Promise<LearnerQuiz[]> {
  const { course, snapshot } = await loadTakingCourse(app, actor, courseId);
  await submitOverdueAttempts(app, actor.userId);
  const attempts = await attemptsOf(app, actor.userId, { courseId });
  const target = { id: course.id, title: snapshot.info.title };
  return quizzesOf(snapshot).map((quiz) =>
    presentLearnerQuiz(
      quiz,
      target,
      attempts.filter((attempt) => attempt.quizId === quiz.id),
    ),
  );
}

export async function learnerQuiz(app: App, actor: Actor, quizId: string): Promise<LearnerQuiz> {
  const { course, snapshot, quiz } = await loadTakableQuiz(app, actor, quizId);
  await submitOverdueAttempts(app, actor.userId);
  const attempts = await attemptsOf(app, actor.userId, { quizId });
  return presentLearnerQuiz(quiz, { id: course.id, title: snapshot.info.title }, attempts);
}

const openAttemptOf = async (app: App, userId: string, quizId: string) =>
  (
    await app.db
      .select()
      .from(quizAttempts)
      .where(
        and(
          eq(quizAttempts.userId, userId),
          eq(quizAttempts.quizId, quizId),
          eq(quizAttempts.status, 'in_progress'),
        ),
      )
  )[0];

/**
 * Starts an attempt, or resumes the open one: a double click or two tabs get the same attempt, because
 * the unique index on open attempts lets only one insert win and the loser reads the winner's.
 */
export async function startAttempt(app: App, actor: Actor, quizId: string): Promise<AttemptView> {
  const { course, snapshot, quiz } = await loadTakableQuiz(app, actor, quizId);
  await submitOverdueAttempts(app, actor.userId);
  const open = await openAttemptOf(app, actor.userId, quizId);
  if (open) return attemptView(app, open);
  if (quiz.questions.length === 0) throw new AppError('CONFLICT', said('server.quizzes.noQuestionsYet'));
  const [{ used }] = await app.db
    .select({ used: count() })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, actor.userId), eq(quizAttempts.quizId, quizId)));
  if (quiz.attemptsAllowed > 0 && used >= quiz.attemptsAllowed) {
    throw new AppError('CONFLICT', ATTEMPTS_USED_MESSAGE);
  }
  const paper = freezePaper(quiz);
  const now = new Date();
  try {
    const [attempt] = await app.db
      .insert(quizAttempts)
      .values({
        quizId,
        courseId: course.id,
        userId: actor.userId,
        number: used + 1,
        quizTitle: quiz.title,
        displayMode: quiz.displayMode,
        passPercent: quiz.passPercent,
        paper,
        startedAt: now,
        deadlineAt:
          quiz.timeLimitMinutes > 0 ? new Date(now.getTime() + quiz.timeLimitMinutes * 60_000) : null,
        maxScore: quizMaxScore(quiz),
      })
      .returning();
    await markLearning(app.db, actor.userId, now);
    return presentAttemptView(
      attempt,
      [],
      { title: snapshot.info.title, snapshot },
      questionImageUrls(app.storage),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await openAttemptOf(app, actor.userId, quizId);
    if (!winner) throw new AppError('CONFLICT', said('server.quizzes.startUnderWay'));
    return attemptView(app, winner);
  }
}
