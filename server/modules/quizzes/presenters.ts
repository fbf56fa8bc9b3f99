import type { AuthorQuestion, DisplayMode, QuizDetail, QuizSummary } from '../../../common/contracts/quizzes';
import { maxScore, type PaperQuestion, QUIZ_LIMITS, type QuestionType } from '../../../common/quizzes';
import type { QuizQuestionRow, QuizRow } from '../../db/schema/index';

/** A stored question as its author edits it (correct answers included); `urlOf` signs its pictures' keys. */
export function presentQuestion(question: QuizQuestionRow, urlOf: (key: string) => string): AuthorQuestion {
  return {
    id: question.id,
    quizId: question.quizId,
    position: question.position,
    type: question.type as QuestionType,
    prompt: question.prompt,
    options: question.options,
    acceptedAnswers: question.acceptedAnswers,
    marks: question.marks,
    negativeMarks: question.negativeMarks,
    explanation: question.explanation,
    videoId: question.videoId,
    videoSeconds: question.videoSeconds,
    images: question.images.map((image) => ({ ...image, url: urlOf(image.key) })),
    tags: question.tags,
  };
}

/** A stored question in the shape grading and attempt papers use (correct answers included). */
export function toPaperQuestion(question: QuizQuestionRow): PaperQuestion {
  return {
    id: question.id,
    type: question.type as QuestionType,
    prompt: question.prompt,
    options: question.options,
    acceptedAnswers: question.acceptedAnswers,
    marks: question.marks,
    negativeMarks: question.negativeMarks,
    explanation: question.explanation,
    videoId: question.videoId,
    videoSeconds: question.videoSeconds,
    images: question.images,
  };
}

export interface QuizCounts {
  questionCount: number;
  totalMarks: number;
  attemptCount: number;
}

export function presentQuizSummary(quiz: QuizRow, counts: QuizCounts): QuizSummary {
  return {
    id: quiz.id,
    courseId: quiz.courseId,
    title: quiz.title,
    questionCount: counts.questionCount,
    totalMarks: counts.totalMarks,
    timeLimitMinutes: quiz.timeLimitMinutes,
    attemptsAllowed: quiz.attemptsAllowed,
    passPercent: quiz.passPercent,
    position: quiz.position,
    attemptCount: counts.attemptCount,
  };
}

export function presentQuizDetail(
  quiz: QuizRow,
  questions: QuizQuestionRow[],
  attemptCount: number,
  urlOf: (key: string) => string,
): QuizDetail {
  return {
    ...presentQuizSummary(quiz, {
      questionCount: questions.length,
      totalMarks: maxScore(questions),
      attemptCount,
    }),
    instructions: quiz.instructions,
    shuffleQuestions: quiz.shuffleQuestions,
    shuffleOptions: quiz.shuffleOptions,
    displayMode: quiz.displayMode as DisplayMode,
    questions: questions.map((question) => presentQuestion(question, urlOf)),
  };
}

/**
 * Signs question pictures' keys for the browser, valid as long as the longest timed attempt (10 hours): a paper
 * left open keeps showing its pictures.
 */
export const questionImageUrls =
  (storage: { signedUrl(key: string, expiresInSeconds?: number): string }) => (key: string) =>
    storage.signedUrl(key, QUESTION_IMAGE_URL_SECONDS);

const QUESTION_IMAGE_URL_SECONDS = (QUIZ_LIMITS.maxTimeLimitMinutes + 60) * 60;
