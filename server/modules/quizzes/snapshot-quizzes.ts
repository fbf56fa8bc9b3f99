import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DisplayMode } from '../../../common/contracts/quizzes';
import { maxScore } from '../../../common/quizzes';
import { countOf } from '../../../common/words';
import type { Db } from '../../db/client';
import { quizQuestions, quizzes } from '../../db/schema/index';
import type { SnapshotQuiz } from '../courses/snapshot';
import { toPaperQuestion } from './presenters';

type Executor = Pick<Db, 'select'>;

/** The course's working quizzes (archived ones left out), in order, with their questions in order. */
export async function buildQuizSnapshots(db: Executor, courseId: string): Promise<SnapshotQuiz[]> {
  const rows = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.courseId, courseId), isNull(quizzes.archivedAt)))
    .orderBy(asc(quizzes.position), asc(quizzes.createdAt));
  if (rows.length === 0) return [];
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(
      inArray(
        quizQuestions.quizId,
        rows.map((quiz) => quiz.id),
      ),
    )
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.createdAt));
  return rows.map((quiz) => ({
    id: quiz.id,
    title: quiz.title,
    instructions: quiz.instructions,
    timeLimitMinutes: quiz.timeLimitMinutes,
    attemptsAllowed: quiz.attemptsAllowed,
    shuffleQuestions: quiz.shuffleQuestions,
    shuffleOptions: quiz.shuffleOptions,
    displayMode: quiz.displayMode as DisplayMode,
    passPercent: quiz.passPercent,
    position: quiz.position,
    questions: questions.filter((question) => question.quizId === quiz.id).map(toPaperQuestion),
  }));
}

/** One line an admin can compare: what a student would notice about the quiz. */
export function describeSnapshotQuiz(quiz: SnapshotQuiz): string {
  const count = quiz.questions.length;
  const limit = quiz.timeLimitMinutes > 0 ? `${quiz.timeLimitMinutes} min` : 'no time limit';
  return `${quiz.title} — ${countOf(count, 'question')}, ${countOf(maxScore(quiz.questions), 'mark')}, pass ${quiz.passPercent}%, ${limit}`;
}

/** Whether two versions of a quiz differ in anything students see (its place in the list aside). */
export function quizChanged(before: SnapshotQuiz, after: SnapshotQuiz): boolean {
  const { position: _a, ...left } = before;
  const { position: _b, ...right } = after;
  return stableJson(left) !== stableJson(right);
}

/** JSON with object keys sorted: a snapshot read back from jsonb has its keys in another order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
