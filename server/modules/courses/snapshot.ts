import type { DisplayMode } from '../../../common/contracts/quizzes';
import type { PaperQuestion } from '../../../common/quizzes';

// The live version of a course as students see it. Its shape is the course's to define; approvals write it
// (approvals/snapshots.ts builds and compares), and catalog, learning, quizzes and reports read it.

/** The part of a course students see: written at approval, compared against at re-approval. */
export interface CourseSnapshot {
  info: {
    title: string;
    description: string;
    category: string;
    level: string;
    language: string;
    price: number;
    currency: string;
    passingScore: number;
    thumbnailPath: string | null;
  };
  videos: {
    id: string;
    kind: string;
    title: string;
    position: number;
    hlsPath: string | null;
    posterPath: string | null;
    /** Absent in snapshots approved before captions existed. */
    captionsPath?: string | null;
    durationSeconds: number | null;
  }[];
  faqs: { id: string; question: string; answer: string }[];
  materials: { id: string; title: string; filePath: string }[];
  /** Absent in snapshots approved before quizzes existed: read them through liveQuizzes(). */
  quizzes?: SnapshotQuiz[];
}

/**
 * The quizzes of a snapshot, e.g. liveQuizzes(course.approvedSnapshot): none for a course never approved or
 * approved before quizzes existed.
 */
export const liveQuizzes = (snapshot: unknown): SnapshotQuiz[] =>
  (snapshot as Pick<CourseSnapshot, 'quizzes'> | null | undefined)?.quizzes ?? [];

/**
 * A quiz as the approved snapshot keeps it: settings and full questions (correct answers, explanations,
 * video moments), so students take exactly the approved version while the author edits the working one.
 */
export interface SnapshotQuiz {
  id: string;
  title: string;
  instructions: string;
  timeLimitMinutes: number;
  attemptsAllowed: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  displayMode: DisplayMode;
  passPercent: number;
  position: number;
  /** In the author's order; attempts shuffle their own copy. */
  questions: PaperQuestion[];
}
