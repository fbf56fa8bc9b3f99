import type { AskEvent } from '../../../common/contracts/gurus';
import { apiResponse } from '../../app/api';
import { askEvents } from '../../app/ask-events';

/**
 * Asks the guru and yields the NDJSON AskEvent lines as they arrive: the one call that reads its answer as a
 * stream (apiResponse handles the request and its refusals; the body is read here line by line).
 */
export async function* askGuru(
  conversationId: string,
  question: string,
  signal: AbortSignal,
): AsyncGenerator<AskEvent> {
  const response = await apiResponse(`/conversations/${conversationId}/ask`, {
    method: 'POST',
    body: { question },
    signal,
    handleUnavailable: false,
  });
  yield* askEvents(response);
}
