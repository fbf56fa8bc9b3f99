import type { GuruVoice } from '../../../common/gurus';

/**
 * D-ID talks (talking-head videos) with a guru owner's key. Authorization is `Basic <key>`: the key D-ID
 * shows in its studio is already the encoded user:secret pair. Endpoints: GET /credits, POST /talks,
 * GET /talks/{id}.
 */

/** Microsoft voices D-ID speaks the text with, matching the character of each voice name. */
export const DID_VOICES: Record<GuruVoice, string> = {
  alloy: 'en-US-JennyNeural',
  echo: 'en-US-GuyNeural',
  fable: 'en-GB-RyanNeural',
  onyx: 'en-US-DavisNeural',
  nova: 'en-US-AriaNeural',
  shimmer: 'en-GB-SoniaNeural',
};

export type TalkStatus = 'created' | 'started' | 'done' | 'error' | 'rejected';

export interface DidCredits {
  remaining: number;
  total: number;
}

export interface DidTalk {
  id: string;
  status: TalkStatus;
  /** The finished video; only when status is 'done'. */
  resultUrl: string | null;
}

/** A refusal or failure of D-ID, with its HTTP status (401 for a bad key, 402 out of credits, 0 unreachable). */
export class DidError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const DID_TIMEOUT_MS = 15_000;

export interface DidClient {
  credits(apiKey: string): Promise<DidCredits>;
  createTalk(
    apiKey: string,
    talk: { sourceUrl: string; text: string; voice: GuruVoice },
  ): Promise<{ id: string }>;
  getTalk(apiKey: string, talkId: string): Promise<DidTalk>;
}

export function didClient(apiBase: string): DidClient {
  async function call<T>(apiKey: string, path: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${apiBase}${path}`, {
        ...init,
        headers: {
          authorization: `Basic ${apiKey}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        signal: AbortSignal.timeout(DID_TIMEOUT_MS),
      });
    } catch (error) {
      throw new DidError(0, `D-ID could not be reached: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok) {
      const description = typeof body?.description === 'string' ? body.description : response.statusText;
      throw new DidError(response.status, `D-ID refused the request (${response.status}): ${description}`);
    }
    return body as T;
  }

  return {
    async credits(apiKey) {
      const body = await call<{ remaining?: unknown; total?: unknown }>(apiKey, '/credits');
      return { remaining: Number(body.remaining ?? 0), total: Number(body.total ?? 0) };
    },
    async createTalk(apiKey, { sourceUrl, text, voice }) {
      const body = await call<{ id?: unknown }>(apiKey, '/talks', {
        method: 'POST',
        body: JSON.stringify({
          source_url: sourceUrl,
          script: { type: 'text', input: text, provider: { type: 'microsoft', voice_id: DID_VOICES[voice] } },
        }),
      });
      if (typeof body.id !== 'string') throw new DidError(502, 'D-ID did not return a talk id');
      return { id: body.id };
    },
    async getTalk(apiKey, talkId) {
      const body = await call<{ id?: string; status?: TalkStatus; result_url?: string }>(
        apiKey,
        `/talks/${encodeURIComponent(talkId)}`,
      );
      return {
        id: body.id ?? talkId,
        status: body.status ?? 'error',
        resultUrl: body.status === 'done' ? (body.result_url ?? null) : null,
      };
    },
  };
}

/** Whether D-ID accepts the key (GET /credits answers); an unreachable service counts as not accepted. */
export async function didKeyWorks(apiBase: string, apiKey: string): Promise<boolean> {
  try {
    await didClient(apiBase).credits(apiKey);
    return true;
  } catch {
    return false;
  }
}
