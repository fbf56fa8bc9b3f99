/**
 * Quizzes: question types and the grading rules, shared by the server (which decides) and the browser
 * (which only explains). Pure functions; see docs/decisions/010-quizzes.md for the rules' reasons.
 */

export const QUESTION_TYPES = ['single', 'multiple', 'true_false', 'short', 'long', 'file'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True / false',
  short: 'Short answer',
  long: 'Long answer',
  file: 'File answer',
};

/** Types answered by choosing options. */
export const CHOICE_TYPES: readonly QuestionType[] = ['single', 'multiple', 'true_false'];
/** Types a teacher marks by hand. */
export const MANUAL_TYPES: readonly QuestionType[] = ['long', 'file'];

export const isChoice = (type: QuestionType) => CHOICE_TYPES.includes(type);
export const isManual = (type: QuestionType) => MANUAL_TYPES.includes(type);

export interface QuestionOption {
  id: string;
  text: string;
  correct: boolean;
}

/** True/false questions always have these two options, in this order. */
export const TRUE_FALSE_OPTION_IDS = ['true', 'false'] as const;
export const trueFalseOptions = (answer: boolean): QuestionOption[] => [
  { id: 'true', text: 'True', correct: answer },
  { id: 'false', text: 'False', correct: !answer },
];

/** A picture shown with a question's prompt: a stored file (its storage key) and its text for screen readers. */
export interface QuestionImage {
  key: string;
  alt: string;
}

/** A question's picture as a browser gets it: a signed address instead of the storage key. */
export interface ShownImage {
  url: string;
  alt: string;
}

/** What a student gives: chosen option ids (choice types), a text (short, long) or a file (file). */
export interface AnswerResponse {
  optionIds?: string[];
  text?: string;
  /** File answers: the uploaded file's original name, for display. */
  fileName?: string;
}

/** A question frozen into an attempt: everything needed to grade and explain it later. */
export interface PaperQuestion {
  id: string;
  type: QuestionType;
  prompt: string;
  /** In the order this student sees them (shuffled when the quiz says so). */
  options: QuestionOption[];
  acceptedAnswers: string[];
  marks: number;
  negativeMarks: number;
  explanation: string;
  videoId: string | null;
  videoSeconds: number | null;
  /** Absent in papers frozen before questions had pictures (issue 35). */
  images?: QuestionImage[];
}

/** A question as a student sees it while the attempt is open: no correct answers, no explanation. */
export interface OpenQuestion {
  id: string;
  type: QuestionType;
  prompt: string;
  images: ShownImage[];
  options: { id: string; text: string }[];
  marks: number;
  negativeMarks: number;
}

/** `urlOf` turns a picture's storage key into an address the browser may read (a signed URL). */
export function openQuestion(question: PaperQuestion, urlOf: (key: string) => string): OpenQuestion {
  return {
    id: question.id,
    type: question.type,
    prompt: question.prompt,
    images: (question.images ?? []).map((image) => ({ url: urlOf(image.key), alt: image.alt })),
    options: question.options.map(({ id, text }) => ({ id, text })),
    marks: question.marks,
    negativeMarks: question.negativeMarks,
  };
}

/** Case, accents' composition and spacing do not matter in a short answer. */
export function normalizeShortAnswer(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
}

export function isAnswered(question: Pick<PaperQuestion, 'type'>, response?: AnswerResponse | null) {
  if (!response) return false;
  if (isChoice(question.type)) return (response.optionIds?.length ?? 0) > 0;
  if (question.type === 'file') return Boolean(response.fileName);
  return (response.text?.trim().length ?? 0) > 0;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * Whether an auto-graded answer is right. Multiple choice is all or nothing: exactly the correct options.
 * Returns null for types marked by hand.
 */
export function isCorrect(question: PaperQuestion, response?: AnswerResponse | null): boolean | null {
  if (isManual(question.type)) return null;
  if (!isAnswered(question, response)) return false;
  if (question.type === 'short') {
    const given = normalizeShortAnswer(response?.text ?? '');
    return question.acceptedAnswers.some((accepted) => normalizeShortAnswer(accepted) === given);
  }
  const chosen = [...new Set(response?.optionIds ?? [])];
  const correct = question.options.filter((option) => option.correct).map((option) => option.id);
  return sameSet(chosen, correct);
}

/**
 * Score of an auto-graded question: its marks when right, minus its negative marks when answered wrong,
 * 0 when left blank (a blank is never penalised). null for types marked by hand.
 */
export function autoScore(question: PaperQuestion, response?: AnswerResponse | null): number | null {
  const correct = isCorrect(question, response);
  if (correct === null) return null;
  if (correct) return question.marks;
  return isAnswered(question, response) ? -question.negativeMarks : 0;
}

export const maxScore = (paper: readonly Pick<PaperQuestion, 'marks'>[]) =>
  round2(paper.reduce((sum, question) => sum + question.marks, 0));

/** The attempt's score: the sum of the question scores, never below zero. */
export const totalScore = (scores: readonly (number | null | undefined)[]) =>
  round2(
    Math.max(
      0,
      scores.reduce<number>((sum, score) => sum + (score ?? 0), 0),
    ),
  );

export const scorePercent = (score: number, max: number) => (max > 0 ? round2((score / max) * 100) : 0);

export const hasPassed = (score: number, max: number, passPercent: number) =>
  scorePercent(score, max) >= passPercent;

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Fisher-Yates shuffle with an injectable random source (tests pass a seeded one). */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

export const ATTEMPT_STATUSES = ['in_progress', 'submitted', 'marked'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export const ATTEMPT_STATUS_LABELS: Record<AttemptStatus, string> = {
  in_progress: 'In progress',
  submitted: 'Waiting for marking',
  marked: 'Marked',
};

/** Limits (see docs/decisions/010-quizzes.md). */
export const QUIZ_LIMITS = {
  questionsPerQuiz: 200,
  optionsPerQuestion: 10,
  acceptedAnswers: 20,
  maxMarks: 10_000,
  maxTimeLimitMinutes: 600,
  maxAttempts: 100,
  promptLength: 5000,
  optionLength: 1000,
  explanationLength: 5000,
  answerTextLength: 20_000,
  fileAnswerMaxBytes: 20 * 1024 * 1024,
  importMaxBytes: 2 * 1024 * 1024,
  /** A question bank (Moodle XML, GIFT, Aiken, QTI zip) may carry its pictures, so it may be larger than a CSV. */
  bankMaxBytes: 20 * 1024 * 1024,
  tagLength: 100,
  tagsPerQuestion: 20,
  imagesPerQuestion: 10,
  imageAltLength: 500,
} as const;

/**
 * CSV import columns, in order (a header row with these names is expected). Lists inside a cell are
 * separated by "|": options; correct = option numbers (1-based) for single/multiple, true/false for
 * true_false, accepted answers for short.
 */
export const QUIZ_CSV_COLUMNS = [
  'type',
  'prompt',
  'options',
  'correct',
  'marks',
  'negative_marks',
  'explanation',
] as const;
