import type { QuestionOption, QuestionType } from '../../common/quizzes';
import { courseSubscriptions, quizQuestions, quizzes } from '../db/schema/index';
import type { App } from '../http/app-type';

type Headers = Record<string, string>;

export interface QuestionSeed {
  type: QuestionType;
  prompt?: string;
  options?: QuestionOption[];
  acceptedAnswers?: string[];
  marks?: number;
  negativeMarks?: number;
  explanation?: string;
  videoId?: string | null;
  videoSeconds?: number | null;
}

/** Options o1…oN with the given texts; `correct` lists the (0-based) indexes of the right ones. */
export const options = (texts: string[], correct: number[]): QuestionOption[] =>
  texts.map((text, i) => ({ id: `o${i + 1}`, text, correct: correct.includes(i) }));

export const TRUE_FALSE = (answer: boolean): QuestionOption[] => [
  { id: 'true', text: 'True', correct: answer },
  { id: 'false', text: 'False', correct: !answer },
];

/**
 * Inserts a quiz and its questions straight into the working version (no authoring API); the course must
 * then be approved for students to see it. Answers the quiz id and the question ids in order.
 */
export async function insertQuiz(
  app: App,
  courseId: string,
  settings: Partial<typeof quizzes.$inferInsert>,
  questions: QuestionSeed[],
): Promise<{ quizId: string; questionIds: string[] }> {
  const [quiz] = await app.db
    .insert(quizzes)
    .values({ courseId, title: 'A quiz', attemptsAllowed: 0, ...settings })
    .returning();
  const rows = await app.db
    .insert(quizQuestions)
    .values(
      questions.map((question, position) => ({
        quizId: quiz.id,
        position,
        prompt: `Question ${position + 1}`,
        ...question,
      })),
    )
    .returning();
  const ordered = [...rows].sort((a, b) => a.position - b.position);
  return { quizId: quiz.id, questionIds: ordered.map((row) => row.id) };
}

/** Subscribes users straight in the database (the course must be live for them to take its quizzes). */
export async function subscribeDirectly(app: App, courseId: string, ...userIds: string[]) {
  await app.db
    .insert(courseSubscriptions)
    .values(userIds.map((userId) => ({ courseId, userId })))
    .onConflictDoNothing();
}

export const attemptsUrl = (quizId: string) => `/api/learning/quizzes/${quizId}/attempts`;
export const attemptUrl = (attemptId: string) => `/api/learning/attempts/${attemptId}`;
export const answerUrl = (attemptId: string, questionId: string) =>
  `/api/learning/attempts/${attemptId}/answers/${questionId}`;

/** Starts (or resumes) an attempt through the API; throws unless 200. */
export async function startAttemptViaApi(app: App, headers: Headers, quizId: string) {
  const response = await app.inject({ method: 'POST', url: attemptsUrl(quizId), headers });
  if (response.statusCode !== 200) throw new Error(`start: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A minimal PDF of one blank page: known by its bytes, and read through by the upload check (decision 054). */
export function tinyPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );
}
