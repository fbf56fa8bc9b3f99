import type { AuthorQuestion, DisplayMode, QuizDetail, QuizSummary } from '../../../common/contracts/quizzes';
import { maxScore, type PaperQuestion, type QuestionType } from '../../../common/quizzes';
import type { QuizQuestionRow, QuizRow } from '../../db/schema/index';

/** A stored question as its author edits it (correct answers included). */
export function presentQuestion(question: QuizQuestionRow): AuthorQuestion {
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
    questions: questions.map(presentQuestion),
  };
}
