import type { SourceKind, TeachingMode } from '../../../common/gurus';

/** A retrieved passage of the guru's material, with where it came from (what a citation points at). */
export interface Passage {
  chunkId: string;
  sourceKind: SourceKind;
  title: string;
  /** What it is about in a few words: a slide's title, an FAQ's question ('' when none). */
  heading: string;
  text: string;
  courseId: string | null;
  videoId: string | null;
  materialId: string | null;
  startSeconds: number | null;
  page: number | null;
  slide: number | null;
  /** How well the passage answers the question (retrieval's fused score; higher is better). */
  rank: number;
}

/** A word of the question as retrieval searched it: with its dictionary forms and related words. */
export interface QuestionTerm {
  word: string;
  forms: string[];
  related: string[];
  /** A word of very many meanings ("make", "get"): not required to be found. */
  weak: boolean;
  /** A word of the term a "what is" question asks about ("What is scour and why…?" → scour). */
  asked?: boolean;
  /** A verb that only frames a where/when/how-much question: optional when the course never uses it. */
  frames?: boolean;
  /**
   * A word of a language searched without stemming (Hindi and every language but English): `word` is its
   * folded stem and matches the passage words it begins (hindi.ts, decision 065).
   */
  prefix?: boolean;
}

export interface AnswerRequest {
  guru: { name: string; subject: string; instructions: string; teachingMode: TeachingMode };
  question: string;
  /** Best first; never empty (with nothing relevant the caller says so without asking an answerer). */
  passages: Passage[];
  /** The question's words as retrieval searched them, so sentences are chosen by the same words. */
  terms: QuestionTerm[];
  /** Earlier turns of this session, oldest first. */
  history: { role: 'user' | 'assistant'; text: string }[];
  /**
   * Told at the end of the answer which passages it cites (chunk ids, first mention first), by an answerer
   * that cites (a model); the citations are then those, in that order. The local answerer answers from the
   * first passage and does not call it.
   */
  onCite?: (chunkIds: string[]) => void;
  /** A hints-mode ladder's step (hint-prompts.ts): a model follows its rules instead of answering directly. */
  hintStep?: HintStep;
}

/**
 * Writes an answer from the given passages only, streamed as text deltas. Two implementations, chosen by
 * configuration: the local grounded answerer (default, no network) and any OpenAI-compatible chat endpoint.
 */
export interface Answerer {
  readonly name: 'local' | 'openai-compatible';
  answer(request: AnswerRequest, signal?: AbortSignal): AsyncIterable<string>;
}

/**
 * One step of a hints-mode guru's ladder (server/modules/conversations/hint-ladder.ts), for a model: the first
 * reply to a question, a reply to the student's try, or the full answer. The student's message is the
 * request's `question`; the ladder's question is here.
 */
export type HintStep =
  | { kind: 'open' }
  | {
      kind: 'judge';
      question: string;
      /** This try's number (1 to 3). */
      try: number;
      /** The course's answer, as the local answerer states it: what the try is judged against. */
      answer: string;
    }
  | { kind: 'reveal'; question: string };

/** What a question asks for (answer-intents.ts, and hindi.ts for Hindi questions; decision 057). */
export type AskedFor = 'count' | 'definition' | 'cause' | 'choice' | 'time' | 'place' | 'compare' | 'other';
