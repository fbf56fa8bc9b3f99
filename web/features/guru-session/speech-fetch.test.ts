import { describe, expect, it } from 'vitest';
import { fetchSpeechAudio, SPEECH_RETRY } from './speech-fetch';

type Step = number | 'network' | { status: number; retryAfter?: string };

/** A fake network: answers each call with the next scripted step (audio bytes for a 200) and records it. */
function fakeNetwork(steps: Step[]) {
  const calls: string[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    calls.push(`${init?.method} ${String(url)} ${init?.body}`);
    const step = steps.shift();
    if (step === undefined) throw new Error('unexpected call');
    if (step === 'network') throw new TypeError('Failed to fetch');
    const { status, retryAfter } = typeof step === 'number' ? { status: step } : step;
    if (status === 200) return new Response(new Uint8Array([1, 2, 3]), { status });
    const headers: Record<string, string> = retryAfter ? { 'retry-after': retryAfter } : {};
    return new Response(JSON.stringify({ code: 'X', message: 'no' }), { status, headers });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

const request = (text: string): RequestInit => ({ method: 'POST', body: JSON.stringify({ text }) });
const bytes = (audio: ArrayBuffer | null) => (audio ? [...new Uint8Array(audio)] : null);

describe('fetchSpeechAudio', () => {
  it('waits out a 429 for as long as Retry-After says, then speaks the sentence', async () => {
    const network = fakeNetwork([{ status: 429, retryAfter: '3' }, { status: 429, retryAfter: '1' }, 200]);
    const { waits, sleep } = recordingSleep();
    const audio = await fetchSpeechAudio('/api/gurus/g/speech', request('One.'), { ...network, sleep });
    expect(bytes(audio)).toEqual([1, 2, 3]);
    expect(waits).toEqual([3000, 1000]);
    expect(network.calls).toEqual(Array(3).fill('POST /api/gurus/g/speech {"text":"One."}'));
  });

  it('retries a network failure and a 5xx a bounded number of times, backing off', async () => {
    const recovered = fakeNetwork(['network', 503, 200]);
    const first = recordingSleep();
    expect(bytes(await fetchSpeechAudio('/s', request('A.'), { ...recovered, sleep: first.sleep }))).toEqual([
      1, 2, 3,
    ]);
    expect(first.waits).toEqual([SPEECH_RETRY.backoffMs, SPEECH_RETRY.backoffMs * 2]);

    const down = fakeNetwork([502, 'network', 500, 200]);
    const second = recordingSleep();
    expect(await fetchSpeechAudio('/s', request('B.'), { ...down, sleep: second.sleep })).toBeNull();
    expect(down.calls).toHaveLength(1 + SPEECH_RETRY.transientRetries);
  });

  it('gives up after the allowed number of 429s, and caps a long Retry-After', async () => {
    const steps: Step[] = Array(SPEECH_RETRY.rateLimitedRetries + 1).fill({
      status: 429,
      retryAfter: '3600',
    });
    const network = fakeNetwork([...steps, 200]);
    const { waits, sleep } = recordingSleep();
    expect(await fetchSpeechAudio('/s', request('C.'), { ...network, sleep })).toBeNull();
    expect(network.calls).toHaveLength(SPEECH_RETRY.rateLimitedRetries + 1);
    expect(waits).toEqual(Array(SPEECH_RETRY.rateLimitedRetries).fill(SPEECH_RETRY.maxWaitMs));
  });

  it('does not retry a refusal that another try cannot change', async () => {
    for (const status of [400, 403, 404]) {
      const network = fakeNetwork([status, 200]);
      const { waits, sleep } = recordingSleep();
      expect(await fetchSpeechAudio('/s', request('D.'), { ...network, sleep })).toBeNull();
      expect(network.calls).toHaveLength(1);
      expect(waits).toEqual([]);
    }
  });

  it('stops trying once the answer is no longer wanted', async () => {
    let wanted = true;
    const network = fakeNetwork([{ status: 429, retryAfter: '2' }, 200]);
    const sleep = async () => {
      wanted = false; // A new question was asked while this sentence waited.
    };
    const audio = await fetchSpeechAudio('/s', request('E.'), {
      ...network,
      sleep,
      cancelled: () => !wanted,
    });
    expect(audio).toBeNull();
    expect(network.calls).toHaveLength(1);
  });

  it('keeps the order of an answer: a sentence that waited still comes before the ones after it', async () => {
    const answers = new Map<string, Step[]>([
      ['"First."', [{ status: 429, retryAfter: '1' }, 200]],
      ['"Second."', [200]],
    ]);
    const finished: string[] = [];
    const fetch = (async (_url: string, init?: RequestInit) => {
      const text = String(init?.body).slice(8, -1);
      const step = answers.get(text)?.shift();
      const status = typeof step === 'object' ? step.status : Number(step);
      if (status === 200) finished.push(text);
      return new Response(status === 200 ? text : '{}', {
        status,
        headers: status === 429 ? { 'retry-after': '1' } : {},
      });
    }) as typeof globalThis.fetch;
    const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms / 100));
    // The speech queue starts every sentence's fetch at once and plays them in the order they were queued.
    const queue = ['First.', 'Second.'].map((text) =>
      fetchSpeechAudio('/s', request(text), { fetch, sleep }),
    );
    const played: string[] = [];
    for (const audio of queue) played.push(new TextDecoder().decode((await audio) ?? new ArrayBuffer(0)));
    expect(finished).toEqual(['"Second."', '"First."']);
    expect(played).toEqual(['"First."', '"Second."']);
  });
});
