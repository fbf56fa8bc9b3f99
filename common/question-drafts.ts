/**
 * Questions drafted from a course's own passages (issue 37, decision 080): what the drafter offers the teacher,
 * shared by the server (which makes and checks them) and the quiz editor's review screen.
 */

/** The kinds of question the drafter writes; 'short' covers fill-in-the-blank and short answers. */
export const DRAFT_TYPES = ['single', 'multiple', 'true_false', 'short'] as const;
export type DraftType = (typeof DRAFT_TYPES)[number];

export const DRAFT_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type DraftDifficulty = (typeof DRAFT_DIFFICULTIES)[number];

export const DRAFT_STATUSES = ['offered', 'accepted', 'rejected'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

export interface DraftOption {
  text: string;
  correct: boolean;
}

/** One drafted question as the drafter makes it, before it is stored. */
export interface QuestionDraftContent {
  type: DraftType;
  /** 'fill_blank' | 'definition' | 'cloze' | 'statement' | 'statements' | 'swap' | 'negation': how it was made. */
  form: string;
  prompt: string;
  options: DraftOption[];
  trueFalseAnswer: boolean | null;
  acceptedAnswers: string[];
  /** The sentence of the course that justifies the answer, word for word. */
  sentence: string;
  /** The passage the sentence is in (its text), so the check can be repeated against it. */
  passageText: string;
  /** Where it is taught: the lesson and the second, or a study material's page. */
  videoId: string | null;
  videoSeconds: number | null;
  materialId: string | null;
  page: number | null;
  /** The slide's or passage's heading, for the review screen ("Evaporation"). */
  heading: string;
  difficulty: DraftDifficulty;
  /** The term the question turns on (the right answer of a cloze, the swapped term of a false statement). */
  answerTerm: string;
  /** Same question again (any wording) → same fingerprint: how a rejected one is never offered again. */
  fingerprint: string;
}

export const DRAFT_LIMITS = {
  /** Questions asked for in one drafting run. */
  perRun: 30,
  /** Drafts waiting for the teacher's review per quiz: more would bury the good ones. */
  offeredPerQuiz: 200,
  /** A lesson with fewer words than this has too little to draft from. */
  minimumWords: 40,
  rejectReasonLength: 300,
} as const;
