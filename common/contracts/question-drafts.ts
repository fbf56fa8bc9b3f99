import { z } from 'zod';
import { atMostCharacters, MSG } from '../messages';
import {
  DRAFT_LIMITS,
  type DraftDifficulty,
  type DraftOption,
  type DraftStatus,
  type DraftType,
} from '../question-drafts';
import { withinCharacters } from './fields';

/**
 * The quiz editor's "Draft questions" calls (issue 37, decision 080):
 *   POST /api/question-drafts/quizzes/:quizId/runs              start drafting (a lesson, or the whole course) → 202 DraftRun
 *   GET  /api/question-drafts/quizzes/:quizId/runs/:runId       a run's progress → DraftRun
 *   GET  /api/question-drafts/quizzes/:quizId                   drafts waiting for review, and the latest run → DraftList
 *   POST /api/question-drafts/quizzes/:quizId/:draftId/accept   into the quiz, as drafted or as edited → { questionId }
 *   POST /api/question-drafts/quizzes/:quizId/:draftId/reject   with an optional reason; never offered again → 204
 *   POST /api/question-drafts/quizzes/:quizId/:draftId/regenerate  another draft in its place → { draft }
 *   POST /api/question-drafts/quizzes/:quizId/:draftId/more     up to three more like it → { drafts }
 */
export const draftRunSchema = z.object({
  /** A lesson of the quiz's course; null drafts from the whole course. */
  videoId: z.uuid({ error: MSG.selectOption }).nullable().default(null),
  count: z
    .number({ error: MSG.numberRange })
    .int(MSG.numberRange)
    .min(1, MSG.numberRange)
    .max(DRAFT_LIMITS.perRun, MSG.numberRange)
    .default(10),
});
export type DraftRunInput = z.input<typeof draftRunSchema>;

export const draftRejectSchema = z.object({
  reason: z
    .string()
    .trim()
    .refine(
      (value) => withinCharacters(value, DRAFT_LIMITS.rejectReasonLength),
      atMostCharacters(DRAFT_LIMITS.rejectReasonLength),
    )
    .default(''),
});

export type DraftRunStatus = 'queued' | 'running' | 'done' | 'failed';

export interface DraftRun {
  id: string;
  status: DraftRunStatus;
  /** 0 to 100. */
  progress: number;
  /** Drafts this run offered. */
  made: number;
  /** Why it failed or offered nothing (too little text, nothing new), in the reader's language. */
  message: string | null;
  videoId: string | null;
}

export interface QuestionDraft {
  id: string;
  status: DraftStatus;
  type: DraftType;
  prompt: string;
  options: DraftOption[];
  trueFalseAnswer: boolean | null;
  acceptedAnswers: string[];
  /** The course's sentence that justifies the answer. */
  sentence: string;
  heading: string;
  difficulty: DraftDifficulty;
  /** The teaching moment: a lesson and its second (null for a study material's page). */
  videoId: string | null;
  videoTitle: string | null;
  videoSeconds: number | null;
  page: number | null;
  /** A model rewrote the wording (LLM_BASE_URL set); the check against the sentence still passed. */
  rewritten: boolean;
}

export interface DraftList {
  drafts: QuestionDraft[];
  run: DraftRun | null;
}
