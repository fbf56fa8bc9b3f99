import type { AskEvent } from '../../common/contracts/gurus';
import { MSG } from '../../common/messages';
import { ApiError } from './api-error';

/**
 * The AskEvent lines of a guru answer's NDJSON body, each as soon as it has arrived whole: read by the app's
 * guru session and by the embedded guru (which must not load the app's client, socket and toasts).
 */
export async function* askEvents(response: Response): AsyncGenerator<AskEvent> {
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
