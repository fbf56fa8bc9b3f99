import { type PaperQuestion, maxScore as paperMaxScore, shuffled } from '../../../common/quizzes';
import type { SnapshotQuiz } from '../courses/snapshot';
import { type CourseSnapshot, liveQuizzes } from '../courses/snapshot';

/** A quiz of the live version of a course: what students take (questions in the author's order). */
export type LiveQuiz = SnapshotQuiz;

/** The quizzes of a live snapshot, in course order. */
export const quizzesOf = (snapshot: CourseSnapshot): LiveQuiz[] =>
  [...liveQuizzes(snapshot)].sort((a, b) => a.position - b.position);

export const liveQuiz = (snapshot: CourseSnapshot, quizId: string) =>
  quizzesOf(snapshot).find((quiz) => quiz.id === quizId) ?? null;

export const quizMaxScore = (quiz: LiveQuiz) => paperMaxScore(quiz.questions);

/**
 * The paper of a new attempt: the live questions copied whole, in the order this student gets them.
 * Options of true/false questions keep their fixed True, False order even when options are shuffled.
 */
export function freezePaper(quiz: LiveQuiz, random: () => number = Math.random): PaperQuestion[] {
  const questions = quiz.shuffleQuestions ? shuffled(quiz.questions, random) : quiz.questions;
  return questions.map((question) => ({
    id: question.id,
    type: question.type,
    prompt: question.prompt,
    options:
      quiz.shuffleOptions && question.type !== 'true_false'
        ? shuffled(question.options, random)
        : [...question.options],
    acceptedAnswers: [...question.acceptedAnswers],
    marks: question.marks,
    negativeMarks: question.negativeMarks,
    explanation: question.explanation,
    videoId: question.videoId,
    videoSeconds: question.videoSeconds,
    images: (question.images ?? []).map((image) => ({ ...image })),
  }));
}
