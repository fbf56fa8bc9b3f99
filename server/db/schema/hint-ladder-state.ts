import type { Citation } from '../../../common/gurus';
import type { Passage } from '../../providers/llm/types';

/**
 * A hints-mode guru's open ladder for one question, kept on the conversation (conversations.hint_ladder) so
 * every request of the session, in the app or embedded, continues it: the hints given, the tries judged, and
 * what they are judged against. Null on the conversation when no ladder is open.
 */
export interface HintLadderState {
  /** The question the ladder is about, as the student asked it. */
  question: string;
  /** The course passages it is answered from, best first, as retrieved when it was asked. */
  passages: Passage[];
  /** The full answer (the local answerer's direct answer) and where it comes from. */
  answer: string;
  citations: Citation[];
  /** The hints in the order they are given, without the answer; `given` of them have been. */
  hints: string[];
  given: number;
  /** The student's tries judged so far (the answer comes after the third). */
  tries: number;
}
