import { and, eq, lt, sql } from 'drizzle-orm';
import {
  type AttemptStatus,
  autoScore,
  hasPassed,
  isAnswered,
  isManual,
  totalScore,
} from '../../../common/quizzes';
import { type QuizAttemptRow, quizAnswers, quizAttempts } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import type { PeriodicTask } from '../../jobs/periodic';
import { announceMarked, type MarkedAttempt } from './marked-listeners';

/**
 * Status, score and pass of an attempt from its question scores (null = waiting for a mark): marked once
 * nothing waits, with a pass decided only then; until then the score is the part known so far.
 */
export function attemptOutcome(
  attempt: Pick<QuizAttemptRow, 'maxScore' | 'passPercent'>,
  scores: readonly (number | null)[],
): { status: AttemptStatus; score: number; passed: boolean | null } {
  const score = totalScore(scores);
  const waiting = scores.some((s) => s === null);
  return {
    status: waiting ? 'submitted' : 'marked',
    score,
    passed: waiting ? null : hasPassed(score, attempt.maxScore, attempt.passPercent),
  };
}

export const isOverdue = (attempt: Pick<QuizAttemptRow, 'status' | 'deadlineAt'>, now = new Date()) =>
  attempt.status === 'in_progress' && attempt.deadlineAt !== null && attempt.deadlineAt <= now;

/**
 * Submits an attempt with what was saved: auto-graded questions get their score, answered long and file
 * questions wait for a teacher (score null), blank ones score 0. Every question gets an answer row so the
 * stored scores are the whole story. Idempotent: an attempt no longer in progress is left as it is.
 */
export async function submitAttempt(app: App, attemptId: string): Promise<void> {
  const marked = await app.db.transaction(async (tx): Promise<MarkedAttempt | null> => {
    const [attempt] = await tx
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.id, attemptId))
      .for('update');
    if (attempt?.status !== 'in_progress') return null;
    const saved = await tx.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
    const responses = new Map(saved.map((answer) => [answer.questionId, answer.response]));
    const rows = attempt.paper.map((question) => {
      const response = responses.get(question.id) ?? {};
      const score = isManual(question.type)
        ? isAnswered(question, response)
          ? null
          : 0
        : autoScore(question, response);
      return { attemptId, questionId: question.id, response, score };
    });
    if (rows.length > 0) {
      await tx
        .insert(quizAnswers)
        .values(rows)
        .onConflictDoUpdate({
          target: [quizAnswers.attemptId, quizAnswers.questionId],
          set: { score: sql`excluded.score` },
        });
    }
    const now = new Date();
    const outcome = attemptOutcome(
      attempt,
      rows.map((row) => row.score),
    );
    await tx
      .update(quizAttempts)
      .set({
        ...outcome,
        // An attempt that ran out of time ended at its deadline, whenever the server noticed.
        submittedAt: isOverdue(attempt, now) ? attempt.deadlineAt : now,
        markedAt: outcome.status === 'marked' ? now : null,
      })
      .where(eq(quizAttempts.id, attemptId));
    return outcome.status === 'marked' ? { attemptId, userId: attempt.userId, quizId: attempt.quizId } : null;
  });
  if (marked) await announceMarked(app, marked);
}

/**
 * Submits every attempt whose time is over (optionally only one user's). Run by the minute sweep and
 * before answering about a user's quizzes, so an abandoned attempt never stays open.
 */
export async function submitOverdueAttempts(app: App, userId?: string): Promise<number> {
  const overdue = await app.db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.status, 'in_progress'),
        lt(quizAttempts.deadlineAt, sql`now()`),
        userId ? eq(quizAttempts.userId, userId) : undefined,
      ),
    );
  for (const { id } of overdue) await submitAttempt(app, id);
  return overdue.length;
}

/**
 * Attempts whose time ran out are also submitted lazily by any request touching them; this sweep only tidies
 * abandoned ones, every minute (submitting is idempotent under a row lock).
 */
export const overdueAttemptsTask: PeriodicTask = {
  name: 'submitting overdue quiz attempts',
  everyMs: 60_000,
  atStart: 'await',
  run: submitOverdueAttempts,
};
