import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  MarkInput,
  MarkingPage,
  MarkingRow,
  MarkingView,
  QuizMarkedEvent,
} from '../../../common/contracts/quizzes';
import { type AttemptStatus, isManual } from '../../../common/quizzes';
import { courses, type QuizAttemptRow, quizAnswers, quizAttempts, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, badRequest, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { rooms } from '../../realtime/socket';
import { attemptOutcome } from './attempt-grading';
import { presentResultQuestion } from './attempt-presenters';
import { courseOfAttempt, paperQuestion } from './attempt-service';
import { announceMarked } from './marked-listeners';
import { questionImageUrls } from './presenters';

const ATTEMPT_NOT_FOUND = said('server.quizzes.attemptNotFound');

export interface MarkingQuery {
  status: 'submitted' | 'marked';
  courseId?: string;
  page: number;
  pageSize: number;
}

const owner = alias(users, 'owner');
const student = alias(users, 'student');

/** Attempts the actor marks: on courses they own, and for an institute also its teachers' courses. */
function markableBy(actor: Actor): SQL | undefined {
  const owns = eq(courses.ownerId, actor.userId);
  return actor.userType === 'institute' ? or(owns, eq(owner.instituteId, actor.userId)) : owns;
}

/** Questions of an attempt still waiting for a mark: since submission every question has a row. */
const waitingCount = sql<number>`(select count(*)::int from ${quizAnswers} where ${quizAnswers.attemptId} = ${quizAttempts.id} and ${quizAnswers.score} is null)`;

function scoped(app: App) {
  return app.db
    .select({
      attempt: quizAttempts,
      studentName: student.fullName,
      studentEmail: student.email,
      courseTitle: courses.title,
      waiting: waitingCount,
    })
    .from(quizAttempts)
    .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
    .innerJoin(owner, eq(owner.id, courses.ownerId))
    .innerJoin(student, eq(student.id, quizAttempts.userId));
}

type Found = {
  attempt: QuizAttemptRow;
  studentName: string;
  studentEmail: string;
  courseTitle: string;
  waiting: number;
};

function presentMarkingRow(row: Found): MarkingRow {
  const { attempt } = row;
  return {
    attemptId: attempt.id,
    studentId: attempt.userId,
    studentName: row.studentName,
    studentEmail: row.studentEmail,
    courseId: attempt.courseId,
    courseTitle: row.courseTitle,
    quizId: attempt.quizId,
    quizTitle: attempt.quizTitle,
    number: attempt.number,
    status: attempt.status as AttemptStatus,
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    waiting: Number(row.waiting),
    score: attempt.score,
    maxScore: attempt.maxScore,
  };
}

/** Submitted (default) or marked attempts the actor may mark, oldest waiting first; and how many wait. */
export async function listMarking(app: App, actor: Actor, query: MarkingQuery): Promise<MarkingPage> {
  const scope = and(
    markableBy(actor),
    query.courseId ? eq(quizAttempts.courseId, query.courseId) : undefined,
  );
  const where = and(scope, eq(quizAttempts.status, query.status));
  const counted = (condition: SQL | undefined) =>
    app.db
      .select({ total: count() })
      .from(quizAttempts)
      .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
      .innerJoin(owner, eq(owner.id, courses.ownerId))
      .where(condition);
  const rows = await scoped(app)
    .where(where)
    .orderBy(
      query.status === 'submitted' ? asc(quizAttempts.submittedAt) : desc(quizAttempts.markedAt),
      asc(quizAttempts.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [[{ total }], [{ total: waiting }]] = await Promise.all([
    counted(where),
    counted(and(scope, eq(quizAttempts.status, 'submitted'))),
  ]);
  return {
    attempts: rows.map(presentMarkingRow),
    total,
    waiting,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The courses with attempts the actor may mark (submitted or marked), by title: the marking page's course
 * filter. Every one of them, however many courses the teacher or institute has.
 */
export async function markingCourses(app: App, actor: Actor): Promise<{ id: string; title: string }[]> {
  return app.db
    .selectDistinct({ id: courses.id, title: courses.title })
    .from(quizAttempts)
    .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
    .innerJoin(owner, eq(owner.id, courses.ownerId))
    .where(and(markableBy(actor), inArray(quizAttempts.status, ['submitted', 'marked'])))
    .orderBy(asc(courses.title), asc(courses.id));
}

/** A submitted or marked attempt the actor may mark; anything else is "not found". */
async function loadMarkable(app: App, actor: Actor, attemptId: string): Promise<Found> {
  const [row] = await scoped(app).where(
    and(
      eq(quizAttempts.id, attemptId),
      markableBy(actor),
      inArray(quizAttempts.status, ['submitted', 'marked']),
    ),
  );
  if (!row) throw notFound(ATTEMPT_NOT_FOUND);
  return row;
}

async function markingView(app: App, row: Found): Promise<MarkingView> {
  const { attempt } = row;
  const answers = await app.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attempt.id));
  const byQuestion = new Map(answers.map((answer) => [answer.questionId, answer]));
  const { snapshot } = await courseOfAttempt(app, attempt.courseId);
  return {
    ...presentMarkingRow(row),
    passPercent: attempt.passPercent,
    passed: attempt.passed,
    questions: attempt.paper.map((question) => {
      const answer = byQuestion.get(question.id);
      return {
        ...presentResultQuestion(question, answer, snapshot, questionImageUrls(app.storage)),
        needsMarking: isManual(question.type) && (answer?.score ?? null) === null,
        fileUrl: answer?.filePath ? app.storage.signedUrl(answer.filePath) : null,
      };
    }),
  };
}

export async function loadMarkingView(app: App, actor: Actor, attemptId: string): Promise<MarkingView> {
  return markingView(app, await loadMarkable(app, actor, attemptId));
}

/**
 * Records marks for long and file answers. Once none waits, the attempt is marked with its total and
 * pass, and the student hears it live. Re-marking a marked attempt updates its score the same way.
 */
export async function markAttempt(
  app: App,
  actor: Actor,
  attemptId: string,
  input: MarkInput,
): Promise<MarkingView> {
  const found = await loadMarkable(app, actor, attemptId);
  for (const mark of input.marks) {
    const question = paperQuestion(found.attempt, mark.questionId);
    if (!isManual(question.type)) {
      throw badRequest(said('server.quizzes.markedAutomatically'));
    }
    if (mark.score < 0 || mark.score > question.marks) {
      throw badRequest(said('server.quizzes.scoreRange', { max: question.marks }));
    }
  }
  const marked = await app.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.id, attemptId))
      .for('update');
    if (attempt.status === 'in_progress')
      throw new AppError('CONFLICT', said('server.quizzes.notSubmittedYet'));
    for (const mark of input.marks) {
      await tx
        .insert(quizAnswers)
        .values({
          attemptId,
          questionId: mark.questionId,
          response: {},
          score: mark.score,
          feedback: mark.feedback ?? '',
        })
        .onConflictDoUpdate({
          target: [quizAnswers.attemptId, quizAnswers.questionId],
          set: { score: mark.score, feedback: mark.feedback ?? '' },
        });
    }
    const answers = await tx.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
    const scores = new Map(answers.map((answer) => [answer.questionId, answer.score]));
    const outcome = attemptOutcome(
      attempt,
      attempt.paper.map((question) => scores.get(question.id) ?? (isManual(question.type) ? null : 0)),
    );
    const now = new Date();
    const [updated] = await tx
      .update(quizAttempts)
      .set({
        ...outcome,
        markedAt: outcome.status === 'marked' ? now : null,
        markedBy: outcome.status === 'marked' ? actor.userId : null,
      })
      .where(eq(quizAttempts.id, attemptId))
      .returning();
    return updated;
  });
  if (marked.status === 'marked') {
    const event: QuizMarkedEvent = {
      attemptId: marked.id,
      quizId: marked.quizId,
      courseId: marked.courseId,
      score: marked.score ?? 0,
      maxScore: marked.maxScore,
      passed: marked.passed ?? false,
    };
    app.realtime.notify(rooms.user(marked.userId), 'quizMarked', event);
    await announceMarked(app, { attemptId: marked.id, userId: marked.userId, quizId: marked.quizId });
  }
  return loadMarkingView(app, actor, marked.id);
}

/** A signed URL for the file a student gave as an answer. */
export async function fileAnswerUrl(app: App, actor: Actor, attemptId: string, questionId: string) {
  const { attempt } = await loadMarkable(app, actor, attemptId);
  paperQuestion(attempt, questionId);
  const [answer] = await app.db
    .select({ filePath: quizAnswers.filePath })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.attemptId, attempt.id), eq(quizAnswers.questionId, questionId)));
  if (!answer?.filePath) throw notFound(said('server.quizzes.noFileGiven'));
  return { url: app.storage.signedUrl(answer.filePath) };
}
