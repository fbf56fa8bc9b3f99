import { z } from 'zod';
import { MSG } from '../messages';
import { requiredText } from './fields';

/**
 * A lesson's summary and key terms for its students (issue 37, item 3):
 *   GET  /api/lesson-notes/:videoId                      a subscriber's (or author's) view → LearnerLessonNotes
 *   GET  /api/lesson-notes/:videoId/authoring            the authors' view, with the hidden flags → AuthorLessonNotes
 *   PUT  /api/lesson-notes/:videoId/authoring            edit the lists and hide either → AuthorLessonNotes
 *   POST /api/lesson-notes/:videoId/regenerate           draft both again from the lesson → AuthorLessonNotes
 * Drafted from the lesson's own sentences; each line keeps the second it is said at.
 */
export const LESSON_NOTES_LIMITS = {
  summarySentences: 20,
  sentenceLength: 500,
  glossaryTerms: 40,
  termLength: 80,
  explanationLength: 500,
  /** A lesson is never longer than a day. */
  maxSeconds: 24 * 3600,
} as const;

export interface SummaryLine {
  text: string;
  /** Where in the lesson it is said; null when the lesson has no moments (an edit without one). */
  seconds: number | null;
}

export interface GlossaryEntry {
  term: string;
  /** The lesson's sentence that explains it (or the teacher's own words). */
  explanation: string;
  seconds: number | null;
}

export interface LearnerLessonNotes {
  /** null when the teacher hid it. */
  summary: SummaryLine[] | null;
  glossary: GlossaryEntry[] | null;
  /** Only to the course's authors (and admins), who see hidden lists too. */
  summaryHidden?: boolean;
  glossaryHidden?: boolean;
}

export interface AuthorLessonNotes {
  summary: SummaryLine[];
  glossary: GlossaryEntry[];
  summaryHidden: boolean;
  glossaryHidden: boolean;
  /** The teacher changed the drafted lists (regenerating clears it). */
  edited: boolean;
  /** Edited, and the lesson's text changed since: the edit is kept, the teacher is told. */
  stale: boolean;
}

const seconds = z
  .number({ error: MSG.numberRange })
  .min(0, MSG.negative)
  .max(LESSON_NOTES_LIMITS.maxSeconds, MSG.numberRange)
  .nullable()
  .default(null);

export const summaryLineSchema = z.object({
  text: requiredText(LESSON_NOTES_LIMITS.sentenceLength),
  seconds,
});

export const glossaryEntrySchema = z.object({
  term: requiredText(LESSON_NOTES_LIMITS.termLength),
  explanation: requiredText(LESSON_NOTES_LIMITS.explanationLength),
  seconds,
});

/** The authors' edit: any of the four; the lists replace the saved ones whole. */
export const lessonNotesUpdateSchema = z.object({
  summary: z.array(summaryLineSchema).max(LESSON_NOTES_LIMITS.summarySentences, MSG.numberRange).optional(),
  glossary: z.array(glossaryEntrySchema).max(LESSON_NOTES_LIMITS.glossaryTerms, MSG.numberRange).optional(),
  summaryHidden: z.boolean({ error: MSG.selectOption }).optional(),
  glossaryHidden: z.boolean({ error: MSG.selectOption }).optional(),
});
export type LessonNotesUpdate = z.input<typeof lessonNotesUpdateSchema>;
export type LessonNotesUpdateInput = z.output<typeof lessonNotesUpdateSchema>;
