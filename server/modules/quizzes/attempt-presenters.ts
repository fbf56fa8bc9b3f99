import type {
  AttemptSummary,
  AttemptView,
  DisplayMode,
  ResultQuestion,
} from '../../../common/contracts/quizzes';
import {
  type AnswerResponse,
  type AttemptStatus,
  isAnswered,
  isCorrect,
  isManual,
  openQuestion,
  type PaperQuestion,
  scorePercent,
} from '../../../common/quizzes';
import type { QuizAnswerRow, QuizAttemptRow } from '../../db/schema/index';
import type { CourseSnapshot } from '../courses/snapshot';

type AnswerLike = Pick<QuizAnswerRow, 'questionId' | 'response' | 'score' | 'feedback' | 'filePath'>;

/** A percent only for a final score: a submitted attempt's score lacks the marks still to come. */
const finalPercent = (attempt: QuizAttemptRow) =>
  attempt.status === 'marked' && attempt.score !== null
    ? scorePercent(attempt.score, attempt.maxScore)
    : null;

export function presentAttemptSummary(attempt: QuizAttemptRow, courseTitle: string): AttemptSummary {
  return {
    id: attempt.id,
    quizId: attempt.quizId,
    quizTitle: attempt.quizTitle,
    courseId: attempt.courseId,
    courseTitle,
    number: attempt.number,
    status: attempt.status as AttemptStatus,
    startedAt: attempt.startedAt.toISOString(),
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    score: attempt.score,
    maxScore: attempt.maxScore,
    percent: finalPercent(attempt),
    passed: attempt.passed,
  };
}

/** Only answers that say something: rows written at submission for blank questions are left out. */
function givenResponses(paper: PaperQuestion[], answers: Map<string, AnswerLike>) {
  const responses: Record<string, AnswerResponse> = {};
  for (const question of paper) {
    const response = answers.get(question.id)?.response;
    if (response && isAnswered(question, response)) responses[question.id] = response;
  }
  return responses;
}

/** One question of a submitted attempt with its correct answer, explanation and teaching video. */
export function presentResultQuestion(
  question: PaperQuestion,
  answer: AnswerLike | undefined,
  snapshot: CourseSnapshot | null,
  urlOf: (key: string) => string,
): ResultQuestion {
  const response = answer?.response && isAnswered(question, answer.response) ? answer.response : null;
  const video = question.videoId ? snapshot?.videos.find((v) => v.id === question.videoId) : undefined;
  const score = answer?.score ?? null;
  return {
    ...openQuestion(question, urlOf),
    response,
    // Hand-marked answers are "correct" once they earned full marks; null while waiting.
    correct: isManual(question.type)
      ? score === null
        ? null
        : score >= question.marks
      : isCorrect(question, response),
    score,
    feedback: answer?.feedback || null,
    correctOptionIds: question.options.filter((option) => option.correct).map((option) => option.id),
    acceptedAnswers: question.acceptedAnswers,
    explanation: question.explanation,
    video:
      video && question.videoId
        ? { videoId: question.videoId, seconds: question.videoSeconds ?? 0, title: video.title }
        : null,
  };
}

/**
 * An attempt for its student. While in progress: the questions without answers and what was saved. Once
 * submitted: the result too. Correct answers leave the server only through `result`.
 */
export function presentAttemptView(
  attempt: QuizAttemptRow,
  answers: AnswerLike[],
  course: { title: string; snapshot: CourseSnapshot | null },
  urlOf: (key: string) => string,
): AttemptView {
  const byQuestion = new Map(answers.map((answer) => [answer.questionId, answer]));
  const submitted = attempt.status !== 'in_progress';
  return {
    ...presentAttemptSummary(attempt, course.title),
    displayMode: attempt.displayMode as DisplayMode,
    passPercent: attempt.passPercent,
    deadlineAt: attempt.deadlineAt?.toISOString() ?? null,
    serverNow: new Date().toISOString(),
    questions: attempt.paper.map((question) => openQuestion(question, urlOf)),
    responses: givenResponses(attempt.paper, byQuestion),
    result: submitted
      ? attempt.paper.map((question) =>
          presentResultQuestion(question, byQuestion.get(question.id), course.snapshot, urlOf),
        )
      : null,
  };
}
