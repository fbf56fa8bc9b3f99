import type { AskEvent } from '../../../common/contracts/gurus';
import { MSG } from '../../../common/messages';
import { ApiError, authorizationHeader, endLocalSession } from '../../app/api';
import { toast } from '../../app/toast';

/**
 * Asks the guru and yields the NDJSON AskEvent lines as they arrive (fetch + ReadableStream; the app's api()
 * reads whole JSON bodies, so this uses its Authorization header directly).
 */
export async function* askGuru(
  conversationId: string,
  question: string,
  signal: AbortSignal,
): AsyncGenerator<AskEvent> {
  const response = await fetch(`/api/conversations/${conversationId}/ask`, {
    method: 'POST',
    headers: { Authorization: authorizationHeader(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ question }),
    signal,
  });
  if (!response.ok || !response.body) {
    const data = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    const message = data?.message ?? (response.status >= 500 ? MSG.internal : MSG.somethingWrong);
    if (response.status === 401) {
      toast('danger', message);
      endLocalSession();
    }
    throw new ApiError(response.status, data?.code ?? 'HTTP', message);
  }
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
