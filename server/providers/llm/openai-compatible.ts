import { createParser } from 'eventsource-parser';
import { TEACHING_MODE_LABELS } from '../../../common/gurus';
import { whereToLook } from './citation-label';
import { CitationMarkers } from './citation-markers';
import { hintSystemPrompt } from './hint-prompts';
import type { Answerer, AnswerRequest } from './types';

export interface OpenAiCompatibleSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

/**
 * Direct mode's rules, the local answerer's (decision 057): first a sentence of its own that states exactly
 * what was asked — the number, the definition, the cause, the time, the place, the choice or both sides of
 * a comparison — in the course's words, then the course sentence that supports it; from the passage that
 * answers, not one that only shares the course's topic word.
 */
export const DIRECT_RULES = [
  'Answer directly and clearly.',
  'Start with one sentence of your own that states exactly what was asked, in the words of the passages: for "how many" or "how long" the number with its unit, for "what is" the definition, for "why" the cause (because …), for "when" the time, for "where" the place, for "which" the one meant, for a comparison both sides. Example: "How many sides does a hexagon have?" → "A hexagon has six sides." Then give the sentence of the passages that says it.',
  'A cause is not always marked by "because": in "A, so B", "A. That is why B" and "B as A", A is the cause of B. A place may be a clause ("where the plates meet") or a preposition ("opposite the right angle"). "How is A different from B?" is answered with what A is, then what B is. Write a correct, complete sentence: the subject as the question names it, its verb agreeing with it.',
  'Your first sentence never says more or other than the passage sentence it comes from: keep a range, a list or a joined answer whole ("between 4,000 and 11,000", "Pakistan and Afghanistan"), keep a number with its unit, and give the time or place of the asked event, not another one in the same sentence. When the fact cannot be stated cleanly, start with the passage sentence itself: a true sentence beats a wrong one.',
  'Use the passage that answers the question, not one that only shares the course\'s topic word; if no passage states the asked fact, say that the course material does not cover it. A question that shares only a name or a common word with the passages ("Which countries border Pakistan?" beside a passage on where polio survives) is not covered.',
  'Read students\' spelling generously ("whats", "vacine", "imune" are "what is", "vaccine", "immune").',
].join(' ');

/** The instructions and the numbered passages: the model answers from these only. */
export function systemPrompt(request: AnswerRequest): string {
  const { guru, passages } = request;
  const numbered = passages
    .map((passage, index) => `[${index + 1}] (${whereToLook(passage)})\n${passage.text}`)
    .join('\n\n');
  return [
    `You are ${guru.name}, an AI instructor${guru.subject ? ` for ${guru.subject}` : ''} on a course platform.`,
    guru.instructions ? `Your course owner's instructions: ${guru.instructions}` : '',
    `Teaching mode: ${TEACHING_MODE_LABELS[guru.teachingMode]}.`,
    // Hints mode's turns have their own prompts (hint-prompts.ts, decision 058); this prompt answers.
    DIRECT_RULES,
    'Answer ONLY from the numbered course passages below. If they do not contain the answer, say that the course material does not cover it; never guess or add outside facts.',
    'After each sentence, cite the passages it comes from by their numbers in square brackets, like [1] or [2][3]; use only the numbers given. Do not write where the passages are: the student sees the citations as links. Keep it short: one to three sentences, plain text, no markdown.',
    '',
    'Course passages:',
    numbered,
  ]
    .filter((line, index) => line !== '' || index > 0)
    .join('\n');
}

interface ChunkChoice {
  delta?: { content?: string | null };
}

/** More than this many characters buffered for one unfinished line or event ends the stream (a broken service). */
const MAX_EVENT_CHARS = 1024 * 1024;

/**
 * Reads an SSE body (eventsource-parser: events split across chunks, CRLF or CR line ends, `data:` lines of one
 * event joined, comments and other fields skipped) and yields each event's data up to `[DONE]`.
 */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const events: string[] = [];
  let failure: Error | null = null;
  const parser = createParser({
    maxBufferSize: MAX_EVENT_CHARS,
    onEvent: (event) => events.push(event.data),
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded')
        failure = new Error('The language model service sent an event too large to read');
    },
  });
  const decoder = new TextDecoder();
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    parser.feed(decoder.decode(bytes, { stream: true }));
    for (let data = events.shift(); data !== undefined; data = events.shift()) {
      if (data.trim() === '[DONE]') return;
      yield data;
    }
    if (failure) throw failure;
  }
}

/** Why the service refused, from an OpenAI-style `{ error: { message } }` body when there is one. */
async function failureMessage(response: Response): Promise<string> {
  let detail = '';
  try {
    const body = (await response.json()) as { error?: { message?: string } | string };
    detail = typeof body.error === 'string' ? body.error : (body.error?.message ?? '');
  } catch {
    // Not JSON: the status says enough.
  }
  return `The language model service answered ${response.status}${detail ? `: ${detail}` : ''}`;
}

/**
 * Any OpenAI-compatible chat endpoint (`LLM_BASE_URL`): POST /chat/completions with stream: true, read as
 * server-sent events of `chat.completion.chunk` objects whose `choices[0].delta.content` is the next text,
 * ended by `data: [DONE]`.
 */
export function openAiCompatibleAnswerer(
  settings: OpenAiCompatibleSettings,
  fetcher: typeof fetch = fetch,
): Answerer {
  return {
    name: 'openai-compatible',
    async *answer(request, signal) {
      const messages = [
        {
          role: 'system',
          content: request.hintStep ? hintSystemPrompt(request, request.hintStep) : systemPrompt(request),
        },
        ...request.history.map((turn) => ({ role: turn.role, content: turn.text })),
        { role: 'user', content: request.question },
      ];
      let response: Response;
      try {
        response = await fetcher(`${settings.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: settings.model, stream: true, temperature: 0.2, messages }),
          signal: signal ?? AbortSignal.timeout(60_000),
        });
      } catch (error) {
        throw new Error(`The language model service could not be reached (${(error as Error).message})`);
      }
      if (!response.ok || !response.body) throw new Error(await failureMessage(response));
      const markers = new CitationMarkers();
      for await (const data of sseData(response.body)) {
        let chunk: { choices?: ChunkChoice[]; error?: { message?: string } };
        try {
          chunk = JSON.parse(data);
        } catch {
          continue; // a keep-alive or comment line
        }
        if (chunk.error)
          throw new Error(`The language model service failed: ${chunk.error.message ?? 'unknown error'}`);
        const content = chunk.choices?.[0]?.delta?.content;
        const shown = content ? markers.push(content) : '';
        if (shown) yield shown;
      }
      const rest = markers.flush();
      if (rest) yield rest;
      // Only passages it was given: a number it made up is dropped.
      const { passages } = request;
      request.onCite?.(
        markers.cited
          .filter((number) => number >= 1 && number <= passages.length)
          .map((number) => passages[number - 1].chunkId),
      );
    },
  };
}
