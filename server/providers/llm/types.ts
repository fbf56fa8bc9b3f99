import type { SourceKind, TeachingMode } from '../../../common/gurus';

/** A retrieved passage of the guru's material, with where it came from (what a citation points at). */
export interface Passage {
  chunkId: string;
  sourceKind: SourceKind;
  title: string;
  text: string;
  courseId: string | null;
  videoId: string | null;
  materialId: string | null;
  startSeconds: number | null;
  page: number | null;
  slide: number | null;
  /** ts_rank_cd of the passage for the question (higher is better). */
  rank: number;
}

export interface AnswerRequest {
  guru: { name: string; subject: string; instructions: string; teachingMode: TeachingMode };
  question: string;
  /** Best first; never empty (with nothing relevant the caller says so without asking an answerer). */
  passages: Passage[];
  /** Earlier turns of this session, oldest first. */
  history: { role: 'user' | 'assistant'; text: string }[];
}

/**
 * Writes an answer from the given passages only, streamed as text deltas. Two implementations, chosen by
 * configuration: the local grounded answerer (default, no network) and any OpenAI-compatible chat endpoint.
 */
export interface Answerer {
  readonly name: 'local' | 'openai-compatible';
  answer(request: AnswerRequest, signal?: AbortSignal): AsyncIterable<string>;
}
