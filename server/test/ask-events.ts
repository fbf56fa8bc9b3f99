import type { AskEvent } from '../../common/contracts/gurus';

/** The events of an ask answer's body (one JSON event a line, as the guru streams them). */
export const askEventsOf = (body: string): AskEvent[] =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AskEvent);

/** The answer's text: its text events' deltas, joined. */
export const answerTextOf = (events: AskEvent[]): string =>
  events.flatMap((event) => (event.type === 'text' ? [event.delta] : [])).join('');
