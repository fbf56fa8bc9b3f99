import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type PreviewResult,
  type previewCheckSchema,
  questionSchema,
  type quizSettingsSchema,
  type quizUpdateSchema,
} from '../../../common/contracts/quizzes';
import {
  autoScore,
  hasPassed,
  isCorrect,
  maxScore,
  QUIZ_LIMITS,
  type QuestionImage,
  round2,
  scorePercent,
  totalScore,
} from '../../../common/quizzes';
import type { Db } from '../../db/client';
import {
  type CourseRow,
  courseVideos,
  type QuizQuestionRow,
  type QuizRow,
  quizAttempts,
  quizQuestions,
  quizzes,
} from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, badRequest, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { loadAuthoredCourse, touchCourse } from '../courses/service';
import { liveQuizzes } from '../courses/snapshot';
import { presentQuizSummary, toPaperQuestion } from './presenters';
import { issuesOf, keptImages, type QuestionData, questionInputOf, questionValues } from './question-values';
import { placeAt } from './reorder';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type QuizSettings = z.output<typeof quizSettingsSchema>;
export type QuizChanges = z.output<typeof quizUpdateSchema>;

export const TOO_MANY_QUESTIONS = said('server.quizzes.tooManyQuestions', {
  max: QUIZ_LIMITS.questionsPerQuiz,
});
const VIDEO_OF_COURSE = said('server.quizzes.chooseCourseVideo');

// ---- Loading ---------------------------------------------------------------------------------------------

/** A quiz of the working version (archived ones are gone from it) whose course the actor may author. */
export async function loadAuthoredQuiz(
  app: App,
  actor: Actor,
  quizId: string,
): Promise<{ course: CourseRow; quiz: QuizRow }> {
  const [quiz] = await app.db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), isNull(quizzes.archivedAt)));
  if (!quiz) throw notFound(said('server.quizzes.notFound'));
  const course = await loadAuthoredCourse(app, actor, quiz.courseId);
  return { course, quiz };
}

export async function loadQuestion(app: App, quiz: QuizRow, questionId: string): Promise<QuizQuestionRow> {
  const [question] = await app.db
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.quizId, quiz.id)));
  if (!question) throw notFound(said('server.quizzes.questionNotFound'));
  return question;
}

export async function listQuestions(db: Pick<Db, 'select'>, quizId: string): Promise<QuizQuestionRow[]> {
  return db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.createdAt));
}

export async function attemptCount(app: App, quizId: string): Promise<number> {
  const [{ attempts }] = await app.db
    .select({ attempts: count() })
    .from(quizAttempts)
    .where(eq(quizAttempts.quizId, quizId));
  return attempts;
}

/** The course's working quizzes in order, with their counts. */
export async function listQuizSummaries(app: App, course: CourseRow) {
  const rows = await app.db
    .select({
      quiz: quizzes,
      // Aliased by hand: drizzle leaves columns unqualified in a one-table select.
      questionCount: sql<number>`(select count(*)::int from quiz_questions qq where qq.quiz_id = quizzes.id)`,
      totalMarks: sql<number>`(select coalesce(sum(qq.marks), 0)::float from quiz_questions qq where qq.quiz_id = quizzes.id)`,
      attemptCount: sql<number>`(select count(*)::int from quiz_attempts qa where qa.quiz_id = quizzes.id)`,
    })
    .from(quizzes)
    .where(and(eq(quizzes.courseId, course.id), isNull(quizzes.archivedAt)))
    .orderBy(asc(quizzes.position), asc(quizzes.createdAt));
  return rows.map(({ quiz, ...counts }) =>
    presentQuizSummary(quiz, { ...counts, totalMarks: round2(counts.totalMarks) }),
  );
}

// ---- Quizzes -------------------------------------------------------------------------------------------

/** Adds a quiz at the end of the course's list. */
export async function createQuiz(app: App, course: CourseRow, settings: QuizSettings): Promise<QuizRow> {
  const [quiz] = await app.db
    .insert(quizzes)
    .values({
      courseId: course.id,
      ...settings,
      position: sql`(select coalesce(max(${quizzes.position}) + 1, 0) from ${quizzes} where ${quizzes.courseId} = ${course.id} and ${quizzes.archivedAt} is null)`,
    })
    .returning();
  await touchCourse(app, course);
  return quiz;
}

/** Changes settings and/or moves the quiz among the course's working quizzes. */
export async function updateQuiz(app: App, course: CourseRow, quiz: QuizRow, changes: QuizChanges) {
  const { position, ...settings } = changes;
  await app.db.transaction(async (tx) => {
    if (Object.keys(settings).length > 0) {
      await tx
        .update(quizzes)
        .set({ ...settings, updatedAt: new Date() })
        .where(eq(quizzes.id, quiz.id));
    }
    if (position !== undefined) await moveQuiz(tx, course, quiz.id, position);
  });
  await touchCourse(app, course);
}

async function moveQuiz(tx: Tx, course: CourseRow, quizId: string, position: number) {
  const siblings = await tx
    .select({ id: quizzes.id, position: quizzes.position })
    .from(quizzes)
    .where(and(eq(quizzes.courseId, course.id), isNull(quizzes.archivedAt)))
    .orderBy(asc(quizzes.position), asc(quizzes.createdAt))
    .for('update');
  for (const { id, position: index } of placeAt(siblings, quizId, position)) {
    await tx.update(quizzes).set({ position: index }).where(eq(quizzes.id, id));
  }
}

/**
 * Deletes a quiz, or archives it when students attempted it or the live (approved) version still shows it:
 * the attempts keep their quiz, and the live version keeps working until the next approval.
 */
export async function deleteQuiz(
  app: App,
  course: CourseRow,
  quiz: QuizRow,
): Promise<'deleted' | 'archived'> {
  const keep =
    liveQuizzes(course.approvedSnapshot).some((live) => live.id === quiz.id) ||
    (await attemptCount(app, quiz.id)) > 0;
  if (keep) {
    await app.db.update(quizzes).set({ archivedAt: new Date() }).where(eq(quizzes.id, quiz.id));
  } else {
    await app.db.delete(quizzes).where(eq(quizzes.id, quiz.id));
  }
  await touchCourse(app, course);
  return keep ? 'archived' : 'deleted';
}

// ---- Questions -----------------------------------------------------------------------------------------

/** Refuses a video that is not one of this course's (400 on the videoId field). */
async function assertCourseVideo(app: App, course: CourseRow, videoId: string | null) {
  if (!videoId) return;
  const [video] = await app.db
    .select({ id: courseVideos.id })
    .from(courseVideos)
    .where(and(eq(courseVideos.id, videoId), eq(courseVideos.courseId, course.id)));
  if (!video) throw badRequest(VIDEO_OF_COURSE, { videoId: VIDEO_OF_COURSE });
}

/** Locks the quiz row so concurrent additions count and number questions one after another. */
async function lockQuiz(tx: Tx, quizId: string): Promise<number> {
  await tx.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quizId)).for('update');
  const [{ questions }] = await tx
    .select({ questions: count() })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId));
  return questions;
}

const nextPosition = (quizId: string) =>
  sql`(select coalesce(max(${quizQuestions.position}) + 1, 0) from ${quizQuestions} where ${quizQuestions.quizId} = ${quizId})`;

/** Adds a question at the end of the quiz. */
export async function createQuestion(
  app: App,
  course: CourseRow,
  quiz: QuizRow,
  input: QuestionData,
): Promise<QuizQuestionRow> {
  await assertCourseVideo(app, course, input.videoId);
  const question = await app.db.transaction(async (tx) => {
    if ((await lockQuiz(tx, quiz.id)) >= QUIZ_LIMITS.questionsPerQuiz) {
      throw new AppError('CONFLICT', TOO_MANY_QUESTIONS);
    }
    const [row] = await tx
      .insert(quizQuestions)
      .values({ quizId: quiz.id, ...questionValues(input), position: nextPosition(quiz.id) })
      .returning();
    return row;
  });
  await touchQuiz(app, course, quiz);
  return question;
}

/**
 * Saves an edit. The form sends the whole question, but any part left out keeps its saved value: the
 * merged question is checked as a whole, so an edit can never leave an invalid question behind.
 */
export async function updateQuestion(
  app: App,
  course: CourseRow,
  quiz: QuizRow,
  question: QuizQuestionRow,
  body: Record<string, unknown> & { position?: number },
): Promise<QuizQuestionRow> {
  const { position, ...edit } = body;
  const parsed = questionSchema.safeParse({ ...questionInputOf(question), ...edit });
  if (!parsed.success) {
    const { message, fields } = issuesOf(parsed.error);
    throw badRequest(message, fields);
  }
  await assertCourseVideo(app, course, parsed.data.videoId);
  await app.db.transaction(async (tx) => {
    await tx
      .update(quizQuestions)
      .set(questionValues(parsed.data, keptImages(parsed.data.images, question.images)))
      .where(eq(quizQuestions.id, question.id));
    if (position !== undefined) await moveQuestion(tx, quiz.id, question.id, position);
  });
  await touchQuiz(app, course, quiz);
  return loadQuestion(app, quiz, question.id);
}

async function moveQuestion(tx: Tx, quizId: string, questionId: string, position: number) {
  const siblings = await tx
    .select({ id: quizQuestions.id, position: quizQuestions.position })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.createdAt))
    .for('update');
  for (const { id, position: index } of placeAt(siblings, questionId, position)) {
    await tx.update(quizQuestions).set({ position: index }).where(eq(quizQuestions.id, id));
  }
}

/** Deletes a question; the ones after it close up so positions stay 0..n-1. */
export async function deleteQuestion(app: App, course: CourseRow, quiz: QuizRow, question: QuizQuestionRow) {
  await app.db.transaction(async (tx) => {
    await tx.delete(quizQuestions).where(eq(quizQuestions.id, question.id));
    await tx
      .update(quizQuestions)
      .set({ position: sql`${quizQuestions.position} - 1` })
      .where(and(eq(quizQuestions.quizId, quiz.id), gt(quizQuestions.position, question.position)));
  });
  await touchQuiz(app, course, quiz);
}

/** A copy of the question, placed right after it. */
export async function duplicateQuestion(
  app: App,
  course: CourseRow,
  quiz: QuizRow,
  question: QuizQuestionRow,
): Promise<QuizQuestionRow> {
  const copy = await app.db.transaction(async (tx) => {
    if ((await lockQuiz(tx, quiz.id)) >= QUIZ_LIMITS.questionsPerQuiz) {
      throw new AppError('CONFLICT', TOO_MANY_QUESTIONS);
    }
    await tx
      .update(quizQuestions)
      .set({ position: sql`${quizQuestions.position} + 1` })
      .where(and(eq(quizQuestions.quizId, quiz.id), gt(quizQuestions.position, question.position)));
    const { id: _id, createdAt: _createdAt, ...values } = question;
    const [row] = await tx
      .insert(quizQuestions)
      .values({ ...values, position: question.position + 1 })
      .returning();
    return row;
  });
  await touchQuiz(app, course, quiz);
  return copy;
}

/**
 * Appends imported questions in their order, in one transaction, as many as the quiz still has room for, each
 * with the pictures the import stored for it. Answers how many were added; the caller reports the rest.
 */
export async function appendQuestions(
  app: App,
  course: CourseRow,
  quiz: QuizRow,
  questions: { data: QuestionData; images: QuestionImage[] }[],
): Promise<number> {
  if (questions.length === 0) return 0;
  const added = await app.db.transaction(async (tx) => {
    const room = Math.max(0, QUIZ_LIMITS.questionsPerQuiz - (await lockQuiz(tx, quiz.id)));
    const taken = questions.slice(0, room);
    if (taken.length === 0) return 0;
    const [{ next }] = await tx
      .select({ next: sql<number>`${nextPosition(quiz.id)}::int` })
      .from(quizzes)
      .where(eq(quizzes.id, quiz.id));
    await tx.insert(quizQuestions).values(
      taken.map((question, index) => ({
        quizId: quiz.id,
        ...questionValues(question.data, question.images),
        position: next + index,
      })),
    );
    return taken.length;
  });
  if (added > 0) await touchQuiz(app, course, quiz);
  return added;
}

/** A question edit is a quiz edit, and a quiz edit is a course edit (an approved course awaits re-approval). */
async function touchQuiz(app: App, course: CourseRow, quiz: QuizRow) {
  await app.db.update(quizzes).set({ updatedAt: new Date() }).where(eq(quizzes.id, quiz.id));
  await touchCourse(app, course);
}

// ---- Preview -------------------------------------------------------------------------------------------

/** Grades responses against the working version, as a student's attempt would be; records nothing. */
export async function checkPreview(
  app: App,
  quiz: QuizRow,
  responses: z.output<typeof previewCheckSchema>['responses'],
): Promise<PreviewResult> {
  const paper = (await listQuestions(app.db, quiz.id)).map(toPaperQuestion);
  const questions = paper.map((question) => ({
    id: question.id,
    correct: isCorrect(question, responses[question.id]),
    score: autoScore(question, responses[question.id]),
  }));
  const score = totalScore(questions.map((question) => question.score));
  const max = maxScore(paper);
  return {
    score,
    maxScore: max,
    percent: scorePercent(score, max),
    passed: hasPassed(score, max, quiz.passPercent),
    questions,
  };
}
