import { z } from 'zod';
import { GURU_LIMITS } from '../gurus';
import { requiredText } from './fields';

/**
 * Teacher insights (issue 20, docs/decisions/042-teacher-insights.md): what students ask the gurus, where
 * quizzes are lost and where viewing drops, per course. Everything here is read from aggregate tables the
 * server refreshes on a schedule (and on demand), never computed over raw tables on a page load.
 *
 *   GET  /api/insights/courses?search&page         (teacher, institute, admin) → InsightCourseList
 *   GET  /api/insights/courses/:courseId           (same; own courses only)    → CourseInsights
 *   POST /api/insights/courses/:courseId/refresh   (same)                      → 202 { queued: true }
 *   POST /api/insights/gurus/:guruId/faq           (guru's owner side)         AddFaqInput → 201 { faqId }
 *   GET  /api/insights/digest                      (teacher, institute, admin) → DigestSettings
 *   PUT  /api/insights/digest                      (same)                      DigestSettings → DigestSettings
 *
 * Who sees what: teachers their own courses; institutes theirs and their teachers'; admins every course.
 * Question wordings are shown without names; a conversation is only linked where the caller may open it
 * anyway (its guru is on their owner side).
 */

/** A lesson of unknown length is cut into stretches of this many seconds. */
export const DEFAULT_STRETCH_SECONDS = 30;

/**
 * How long one stretch of a lesson is, in whole seconds: every per-lesson division of the insights (the heat
 * strip's cells, the viewing chart's parts, re-watch counters, video moments) cuts the lesson into stretches of
 * this length from its start, the last one shorter. Proportional to the lesson, so a short lesson is not one
 * cell and a long one not two hundred: at most 20 stretches (never shorter than a twentieth), at least 10 (never
 * longer than a tenth) until a tenth passes 30 s, so lessons of 5 to 10 minutes keep 30-second stretches (a few
 * sentences of narration). Whole seconds, so every stretch starts and ends where a player's clock shows it, and
 * never below 1 s: a lesson under 10 s has 1-second stretches. 8 s → 8 × 1 s; 18 s → 18 × 1 s; 2 min → 10 ×
 * 12 s; 4 min → 10 × 24 s; 5–10 min → 30 s; 20 min → 20 × 60 s. Unknown length (missing, 0, not finite): 30 s.
 * docs/decisions/042-teacher-insights.md.
 */
export function lessonStretchSeconds(durationSeconds: number | null | undefined): number {
  const duration = Number(durationSeconds);
  if (!Number.isFinite(duration) || duration <= 0) return DEFAULT_STRETCH_SECONDS;
  return Math.max(1, Math.ceil(duration / 20), Math.min(DEFAULT_STRETCH_SECONDS, Math.floor(duration / 10)));
}

/** How many stretches a lesson of known length has (lessonStretchSeconds); 0 when its length is unknown. */
export function lessonStretchCount(durationSeconds: number | null | undefined): number {
  const duration = Number(durationSeconds);
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.ceil(duration / lessonStretchSeconds(duration));
}

export const insightCourseQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
});

export interface InsightCourse {
  id: string;
  title: string;
  ownerName: string;
  /** Learners subscribed. */
  students: number;
  /** When its figures were last computed; null before the first refresh. */
  refreshedAt: string | null;
}

export interface InsightCourseList {
  courses: InsightCourse[];
  total: number;
  page: number;
  pageSize: number;
}

/** A week-on-week count: this week's (the last 7 days) beside the 7 days before. */
export interface Trend {
  thisWeek: number;
  lastWeek: number;
}

/** Where an answer came from: a moment of a lesson video, a slide, a page of a study PDF, or a FAQ entry. */
export interface InsightMoment extends Trend {
  /** Stable while the course is unchanged: `<guruId>:<kind>:<source id>:<slide|page|time bucket>`. */
  key: string;
  guruId: string;
  guruName: string;
  kind: 'video' | 'slide' | 'material' | 'faq';
  /** The lesson's or study material's title, or the FAQ's question. */
  title: string;
  /** The slide's title when known. */
  heading: string | null;
  videoId: string | null;
  /**
   * Where in the lesson: a video moment's stretch start (lessonStretchSeconds of its lesson), a library slide's
   * own start (where its narration begins).
   */
  startSeconds: number | null;
  slide: number | null;
  materialId: string | null;
  page: number | null;
  /** Answers citing this moment first (a question counts once, for the source its answer leaned on most). */
  asks: number;
  /** Up to three wordings, newest first, without names. */
  examples: string[];
  /** The course library that made this lesson, when it did: open it to improve the slide's narration. */
  libraryId: string | null;
  /** Students who got a quiz question testing this moment wrong and also asked about it. */
  strugglingStudents: number;
}

/** One lesson's timeline with how often each stretch was asked about: the heat strip. */
export interface LessonHeat {
  videoId: string;
  title: string;
  durationSeconds: number;
  /** lessonStretchSeconds(durationSeconds). */
  bucketSeconds: number;
  /** Asks per stretch of bucketSeconds, from the start of the lesson (the last one may be shorter). */
  buckets: number[];
}

/** Questions the guru could not answer from the course, grouped by the terms they share. */
export interface UnansweredGroup extends Trend {
  /** Stable: `<guruId>:<terms joined by +>`. */
  key: string;
  guruId: string;
  guruName: string;
  /** The shared terms, most telling first, e.g. ["library", "hours"]. */
  terms: string[];
  /** Its question as students wrote it most often (ties: the newest), e.g. "What are the library hours?". */
  wording: string;
  asks: number;
  /** Up to three wordings, newest first, without names. */
  examples: string[];
  lastAskedAt: string;
  /** A FAQ entry was added from this group after its last question: shown as done. */
  fixedAt: string | null;
}

export interface QuizQuestionInsight {
  questionId: string;
  quizId: string;
  quizTitle: string;
  prompt: string;
  /** Answers counted (submitted or marked attempts, auto-graded or marked questions). */
  answers: number;
  right: number;
  /** right / answers, 0..1. */
  rightRate: number;
  /** Options chosen in wrong answers, most chosen first (choice questions only). */
  wrongOptions: { label: string; count: number }[];
  /** The lesson moment the question tests, when the author set one. */
  moment: { videoId: string; title: string; seconds: number } | null;
  /** Of the students who got it wrong, how many asked a guru about that lesson moment (±60 s). */
  wrongAndAsked: number;
}

export interface LessonViewing {
  videoId: string;
  title: string;
  durationSeconds: number;
  /** Learners who watched any of it. */
  viewers: number;
  /** lessonStretchSeconds(durationSeconds). */
  partSeconds: number;
  /** For each part of partSeconds (the last may be shorter): the share (0..1) of viewers who watched at least half of it. */
  parts: number[];
  /** The stretches watched again most (counts of re-watches), most first, at most three. */
  rewatched: { startSeconds: number; count: number }[];
  /** Where most viewers who have not finished stopped, with the share of those viewers; null if none. */
  dropOff: { seconds: number; share: number } | null;
  completed: number;
}

export interface CourseInsights {
  course: { id: string; title: string };
  refreshedAt: string | null;
  /** A refresh is queued or running: the page polls until refreshedAt moves. */
  refreshing: boolean;
  students: number;
  questions: Trend & {
    total: number;
    unansweredTotal: number;
    /** Questions whose answer leaned on a moment, on every moment: `moments` holds only the most asked ones. */
    momentAsks: number;
    moments: InsightMoment[];
    lessons: LessonHeat[];
    unanswered: UnansweredGroup[];
  };
  quizzes: QuizQuestionInsight[];
  viewing: LessonViewing[];
  /** The gurus that learn from this course and the caller may add FAQ entries to. */
  gurus: { id: string; name: string }[];
}

export const addFaqSchema = z.object({
  question: requiredText(GURU_LIMITS.questionMax),
  answer: requiredText(GURU_LIMITS.answerMax),
  /** The unanswered group it answers (marked done); optional. */
  groupKey: z.string().max(600).optional(),
});
export type AddFaqInput = z.input<typeof addFaqSchema>;

export const digestSettingsSchema = z.object({ weeklyDigest: z.boolean() });
export type DigestSettings = z.infer<typeof digestSettingsSchema>;
