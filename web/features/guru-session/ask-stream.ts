import type { AskEvent } from '../../../common/contracts/gurus';
import { MSG } from '../../../common/messages';
import { ApiError, apiResponse } from '../../app/api';

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
  if (!response.body) throw new ApiError(response.status, 'HTTP', MSG.somethingWrong);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line) yield JSON.parse(line) as AskEvent;
      newline = buffered.indexOf('\n');
    }
  }
  if (buffered.trim()) yield JSON.parse(buffered) as AskEvent;
}
