import { z } from 'zod';
import { atMostCharacters, MSG, QUESTION_MSG } from '../messages';
import {
  type AnswerResponse,
  type AttemptStatus,
  type OpenQuestion,
  QUESTION_TYPES,
  QUIZ_LIMITS,
  type QuestionOption,
  type QuestionType,
  type ShownImage,
} from '../quizzes';
import { positionField } from './course-content';
import { requiredText, withinCharacters } from './fields';
import { numberField } from './numbers';

/**
 * The quiz API's shapes: request schemas (checked by the form and the server alike) and the answers'
 * types. Paths (all JSON unless noted):
 *
 * Authoring (admin, institute, teacher; the course's author, its institute or an admin):
 *   GET    /api/quizzes/of-course/:courseId                    → { quizzes: QuizSummary[] }
 *   POST   /api/quizzes/of-course/:courseId    QuizSettingsInput → 201 QuizDetail
 *   GET    /api/quizzes/:quizId                                → QuizDetail (with correct answers)
 *   PUT    /api/quizzes/:quizId                QuizSettingsInput (partial) + position → QuizDetail
 *   DELETE /api/quizzes/:quizId                                → 204 (archived, not deleted, when attempted or live)
 *   POST   /api/quizzes/:quizId/questions      QuestionInput   → 201 AuthorQuestion
 *   PUT    /api/quizzes/:quizId/questions/:questionId  QuestionInput (partial) + position → AuthorQuestion
 *   DELETE /api/quizzes/:quizId/questions/:questionId          → 204
 *   POST   /api/quizzes/:quizId/questions/:questionId/duplicate → 201 AuthorQuestion (placed after it)
 *   POST   /api/quizzes/:quizId/questions/import   multipart CSV → ImportReport
 *   POST   /api/quizzes/:quizId/questions/import/preview  multipart bank file → BankPreview (nothing saved)
 *   POST   /api/quizzes/:quizId/questions/import/bank     multipart bank file + digest + leaveOut → BankImportReport
 *   POST   /api/quizzes/:quizId/preview/check  { responses }   → PreviewResult (nothing recorded)
 *
 * Taking (student, teacher, institute subscribed to the course; the approved version of the quiz):
 *   GET    /api/learning/quizzes/of-course/:courseId           → { quizzes: LearnerQuiz[] }
 *   GET    /api/learning/quizzes/:quizId                       → LearnerQuiz
 *   POST   /api/learning/quizzes/:quizId/attempts              → AttemptView (starts, or resumes the open one)
 *   GET    /api/learning/attempts/:attemptId                   → AttemptView (result once submitted)
 *   PUT    /api/learning/attempts/:attemptId/answers/:questionId  { response } → SavedAnswer
 *   POST   /api/learning/attempts/:attemptId/answers/:questionId/file  multipart → SavedAnswer
 *   POST   /api/learning/attempts/:attemptId/submit            → AttemptView
 *
 * Marking (institute, teacher; attempts on courses they own, institutes also their teachers'):
 *   GET    /api/marking/attempts?status=submitted|marked&courseId&page&pageSize(≤50)
 *          → { attempts: MarkingRow[], total, waiting (attempts waiting for marking), page, pageSize }
 *   GET    /api/marking/attempts/:attemptId                   → MarkingView
 *   PUT    /api/marking/attempts/:attemptId   MarkInput       → MarkingView (live 'quizMarked' to the student)
 *   GET    /api/marking/attempts/:attemptId/answers/:questionId/file → { url } signed URL of a file answer
 */

const percentField = numberField({
  max: 100,
  maxMessage: MSG.percentage,
  allowZero: true,
  integer: true,
});
const marksField = (allowZero: boolean) =>
  numberField({ max: QUIZ_LIMITS.maxMarks, maxMessage: MSG.max10Thousand, allowZero });

export const DISPLAY_MODES = ['one', 'all'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];

/** A quiz's settings; the same schema checks the form and the API. */
export const quizSettingsSchema = z.object({
  title: requiredText(150),
  instructions: z
    .string()
    .refine((value) => withinCharacters(value, 5000), atMostCharacters(5000))
    .default(''),
  /** Minutes; 0 = no limit. */
  timeLimitMinutes: numberField({
    max: QUIZ_LIMITS.maxTimeLimitMinutes,
    maxMessage: `The time limit must be at most ${QUIZ_LIMITS.maxTimeLimitMinutes} minutes`,
    allowZero: true,
    integer: true,
  }),
  /** 0 = unlimited. */
  attemptsAllowed: numberField({
    max: QUIZ_LIMITS.maxAttempts,
    maxMessage: `At most ${QUIZ_LIMITS.maxAttempts} attempts`,
    allowZero: true,
    integer: true,
  }),
  shuffleQuestions: z.boolean().default(false),
  shuffleOptions: z.boolean().default(false),
  displayMode: z.enum(DISPLAY_MODES, { error: MSG.selectOption }).default('one'),
  passPercent: percentField,
});
export type QuizSettingsInput = z.input<typeof quizSettingsSchema>;
const settings = quizSettingsSchema.shape;
/**
 * Any part of the settings, and a position. The defaults are taken off first: zod 4 fills a default even
 * inside .partial(), which would reset every setting an edit leaves out.
 */
export const quizUpdateSchema = z
  .object({
    ...settings,
    instructions: settings.instructions.unwrap(),
    shuffleQuestions: settings.shuffleQuestions.unwrap(),
    shuffleOptions: settings.shuffleOptions.unwrap(),
    displayMode: settings.displayMode.unwrap(),
  })
  .partial()
  .extend({ position: positionField.optional() });

const optionSchema = z.object({
  /** Kept when editing so answers keep pointing at the same option; new options may omit it. */
  id: z.string().max(40).optional(),
  text: requiredText(QUIZ_LIMITS.optionLength),
  correct: z.boolean().default(false),
});

/**
 * One question. Rules by type (checked in superRefine so the form shows them on the right field):
 * single: 2+ options, exactly one correct; multiple: 2+ options, at least one correct; true_false:
 * `trueFalseAnswer` set (options are fixed); short: at least one accepted answer; long/file: nothing more.
 * negativeMarks may not exceed marks. videoSeconds only with videoId.
 */
export const questionSchema = z
  .object({
    type: z.enum(QUESTION_TYPES, { error: MSG.selectOption }),
    prompt: requiredText(QUIZ_LIMITS.promptLength),
    options: z.array(optionSchema).max(QUIZ_LIMITS.optionsPerQuestion).default([]),
    trueFalseAnswer: z.boolean().optional(),
    acceptedAnswers: z.array(requiredText(500)).max(QUIZ_LIMITS.acceptedAnswers).default([]),
    marks: marksField(false),
    negativeMarks: marksField(true).default(0),
    explanation: z
      .string()
      .refine(
        (value) => withinCharacters(value, QUIZ_LIMITS.explanationLength),
        atMostCharacters(QUIZ_LIMITS.explanationLength),
      )
      .default(''),
    videoId: z.uuid({ error: QUESTION_MSG.courseVideo }).nullable().default(null),
    videoSeconds: z
      .number({ error: MSG.numberRange })
      .min(0, MSG.negative)
      .max(24 * 3600, MSG.numberRange)
      .nullable()
      .default(null),
    /** The bank's categories and tags; a question made in the form has none unless its author adds them. */
    tags: z.array(requiredText(QUIZ_LIMITS.tagLength)).max(QUIZ_LIMITS.tagsPerQuestion).default([]),
    /**
     * Pictures to keep, by the keys the question already has: the server drops any key the question did not
     * have (a form cannot point a question at someone else's file). New pictures come only from an import.
     */
    images: z
      .array(
        z.object({ key: z.string().max(300), alt: z.string().max(QUIZ_LIMITS.imageAltLength).default('') }),
      )
      .max(QUIZ_LIMITS.imagesPerQuestion)
      .default([]),
  })
  .superRefine((question, ctx) => {
    const correct = question.options.filter((option) => option.correct).length;
    if (question.type === 'single' || question.type === 'multiple') {
      if (question.options.length < 2) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: QUESTION_MSG.twoOptions });
      } else if (question.type === 'single' && correct !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: QUESTION_MSG.exactlyOneCorrect,
        });
      } else if (question.type === 'multiple' && correct < 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: QUESTION_MSG.oneCorrect,
        });
      }
    }
    if (question.type === 'true_false' && question.trueFalseAnswer === undefined) {
      ctx.addIssue({ code: 'custom', path: ['trueFalseAnswer'], message: MSG.selectOption });
    }
    if (question.type === 'short' && question.acceptedAnswers.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['acceptedAnswers'],
        message: QUESTION_MSG.acceptedAnswer,
      });
    }
    if (question.negativeMarks > question.marks) {
      ctx.addIssue({
        code: 'custom',
        path: ['negativeMarks'],
        message: QUESTION_MSG.negativeOverMarks,
      });
    }
    if (question.videoSeconds !== null && !question.videoId) {
      ctx.addIssue({ code: 'custom', path: ['videoId'], message: QUESTION_MSG.courseVideo });
    }
  });
export type QuestionInput = z.input<typeof questionSchema>;
/** Editing replaces the whole question (the form always sends it whole); position moves it. */
export const questionUpdateSchema = z.object({ position: positionField.optional() }).passthrough();

export const previewCheckSchema = z.object({
  responses: z.record(
    z.string(),
    z.object({ optionIds: z.array(z.string()).optional(), text: z.string().optional() }),
  ),
});

export const answerSchema = z.object({
  response: z.object({
    optionIds: z.array(z.string().max(40)).max(QUIZ_LIMITS.optionsPerQuestion).optional(),
    text: z.string().max(QUIZ_LIMITS.answerTextLength, QUESTION_MSG.answerTooLong).optional(),
  }),
});

export const markSchema = z.object({
  marks: z
    .array(
      z.object({
        questionId: z.uuid(),
        score: z.number({ error: MSG.numberRange }).min(0, MSG.negative),
        feedback: z.string().max(5000).default(''),
      }),
    )
    .min(1),
});
export type MarkInput = z.input<typeof markSchema>;

// ---- Answers' types -------------------------------------------------------------------------------------

export interface QuizSummary {
  id: string;
  courseId: string;
  title: string;
  questionCount: number;
  totalMarks: number;
  timeLimitMinutes: number;
  attemptsAllowed: number;
  passPercent: number;
  position: number;
  /** Attempts made on this quiz by anyone (a quiz with attempts cannot be deleted). */
  attemptCount: number;
}

export interface AuthorQuestion {
  id: string;
  quizId: string;
  position: number;
  type: QuestionType;
  prompt: string;
  options: QuestionOption[];
  acceptedAnswers: string[];
  marks: number;
  negativeMarks: number;
  explanation: string;
  videoId: string | null;
  videoSeconds: number | null;
  /** Its pictures, each with the key an edit names to keep it. */
  images: (ShownImage & { key: string })[];
  tags: string[];
}

export interface QuizDetail extends QuizSummary {
  instructions: string;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  displayMode: DisplayMode;
  questions: AuthorQuestion[];
}

export interface ImportReport {
  imported: number;
  rejected: { row: number; reason: string }[];
}

/** The question-bank formats read by /questions/import/preview (issue 35, decision 076). */
export const BANK_FORMATS = ['moodle_xml', 'gift', 'aiken', 'qti'] as const;
export type BankFormat = (typeof BANK_FORMATS)[number];

/** One question of a bank file as it will be saved, with where it came from and what changed on the way. */
export interface BankPreviewQuestion {
  /** Its place among the file's readable questions: what `leaveOut` names. */
  index: number;
  /** "question 3", "line 12", "item choice.xml", in the reader's language. */
  ref: string;
  /** The file's own name of its type ("multichoice", "choiceInteraction"). */
  sourceType: string;
  title: string;
  type: QuestionType;
  prompt: string;
  options: { text: string; correct: boolean }[];
  trueFalseAnswer: boolean | null;
  acceptedAnswers: string[];
  marks: number;
  negativeMarks: number;
  explanation: string;
  tags: string[];
  /** The pictures that will be kept with it (names as in the file). */
  images: { name: string; alt: string }[];
  notes: string[];
  /**
   * Something a student would need to see did not come along (a sound, a picture not in the file or in an
   * option): the preview leaves it unticked, so the teacher decides.
   */
  incomplete: boolean;
}

export interface BankPreview {
  format: BankFormat;
  /** SHA-256 of the file: the import names it, so what is saved is what was previewed. */
  digest: string;
  questions: BankPreviewQuestion[];
  skipped: { ref: string; sourceType: string; title: string; reason: string }[];
  /** How many more questions the quiz can take (QUIZ_LIMITS.questionsPerQuiz). */
  room: number;
}

export interface BankImportReport {
  imported: number;
  /** Chosen questions that did not fit in the quiz. */
  noRoom: number;
  pictures: number;
}

export interface PreviewResult {
  score: number;
  maxScore: number;
  percent: number;
  passed: boolean;
  /** Per question: null for types marked by hand. */
  questions: { id: string; correct: boolean | null; score: number | null }[];
}

/** A quiz as a learner sees it before starting. */
export interface LearnerQuiz {
  id: string;
  courseId: string;
  courseTitle: string;
  title: string;
  instructions: string;
  questionCount: number;
  totalMarks: number;
  timeLimitMinutes: number;
  /** 0 = unlimited. */
  attemptsAllowed: number;
  attemptsUsed: number;
  passPercent: number;
  displayMode: DisplayMode;
  /** The open attempt to resume, if any. */
  openAttemptId: string | null;
  bestPercent: number | null;
  attempts: AttemptSummary[];
}

export interface AttemptSummary {
  id: string;
  quizId: string;
  quizTitle: string;
  courseId: string;
  courseTitle: string;
  number: number;
  status: AttemptStatus;
  startedAt: string;
  submittedAt: string | null;
  score: number | null;
  maxScore: number;
  percent: number | null;
  passed: boolean | null;
}

/** A question in an attempt's result: the answer given, whether right, why, and where it is taught. */
export interface ResultQuestion extends OpenQuestion {
  response: AnswerResponse | null;
  correct: boolean | null;
  score: number | null;
  feedback: string | null;
  correctOptionIds: string[];
  acceptedAnswers: string[];
  explanation: string;
  /** The course video moment that teaches it, for a link to the player. */
  video: { videoId: string; seconds: number; title: string } | null;
}

export interface AttemptView extends AttemptSummary {
  displayMode: DisplayMode;
  passPercent: number;
  /** ISO time; null without a time limit. */
  deadlineAt: string | null;
  /** The server's clock when answering, so the browser's timer ignores a wrong local clock. */
  serverNow: string;
  /** While in progress: the questions without answers, and what was saved so far. */
  questions: OpenQuestion[];
  responses: Record<string, AnswerResponse>;
  /** Once submitted: the result per question (correct answers included); null before. */
  result: ResultQuestion[] | null;
}

export interface SavedAnswer {
  questionId: string;
  response: AnswerResponse;
  savedAt: string;
}

export interface MarkingRow {
  attemptId: string;
  studentId: string;
  studentName: string;
  studentEmail: string;
  courseId: string;
  courseTitle: string;
  quizId: string;
  quizTitle: string;
  number: number;
  status: AttemptStatus;
  submittedAt: string | null;
  /** Questions still waiting for a mark. */
  waiting: number;
  score: number | null;
  maxScore: number;
}

export interface MarkingView extends MarkingRow {
  passPercent: number;
  passed: boolean | null;
  questions: (ResultQuestion & { needsMarking: boolean; fileUrl: string | null })[];
}

/** Live event to the student when marking completes: 'quizMarked'. */
export interface QuizMarkedEvent {
  attemptId: string;
  quizId: string;
  courseId: string;
  score: number;
  maxScore: number;
  passed: boolean;
}

/** Attempts per page of the marking list when the caller does not say. */
export const MARKING_PAGE_SIZE = 20;

/** GET /api/marking/attempts: a page of attempts to mark, and how many wait across every course. */
export interface MarkingPage {
  attempts: MarkingRow[];
  total: number;
  waiting: number;
  page: number;
  pageSize: number;
}
