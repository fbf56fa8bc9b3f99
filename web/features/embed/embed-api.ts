import {
  EMBED_ORIGIN_HEADER,
  type EmbedGuru,
  type EmbedSession,
  VISITOR_KEY_HEADER,
} from '../../../common/contracts/embed';
import type { AskEvent } from '../../../common/contracts/gurus';
import { MSG } from '../../../common/messages';
import { ApiError } from '../../app/api-error';
import { askEvents } from '../../app/ask-events';
import { t } from './i18n';

/**
 * The embed page's own calls. Unlike the app's api() it never ends a session or moves to /login on a 401:
 * inside someone else's site a refusal is shown where it happened. Every call names the site framing the page.
 */
export interface EmbedCaller {
  /** The origin of the page framing ours (framing-origin.ts). */
  origin: string;
  /** A student's token after signing in inside the frame; kept for this tab only. */
  token: string | null;
  /** An anonymous visitor's session key. */
  visitorKey?: string | null;
}

async function embedFetch(caller: EmbedCaller, path: string, body?: unknown, signal?: AbortSignal) {
  const headers: Record<string, string> = {
    [EMBED_ORIGIN_HEADER]: caller.origin,
    'Cache-Control': 'no-cache',
  };
  if (caller.token) headers.Authorization = JSON.stringify({ jwtToken: caller.token });
  if (caller.visitorKey) headers[VISITOR_KEY_HEADER] = caller.visitorKey;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', t('embed.connectionFailed'));
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as {
      code?: string;
      message?: string;
      fields?: Record<string, string>;
    } | null;
    throw new ApiError(
      response.status,
      answer?.code ?? 'HTTP',
      answer?.message ?? MSG.somethingWrong,
      answer?.fields,
    );
  }
  return response;
}

export async function fetchEmbedGuru(caller: EmbedCaller, guruId: string): Promise<EmbedGuru> {
  return (await embedFetch(caller, `/embed/gurus/${guruId}`)).json();
}

export async function startEmbedSession(caller: EmbedCaller, guruId: string): Promise<EmbedSession> {
  return (await embedFetch(caller, `/embed/gurus/${guruId}/sessions`, {})).json();
}

export async function* askEmbedded(
  caller: EmbedCaller,
  conversationId: string,
  question: string,
  signal: AbortSignal,
): AsyncGenerator<AskEvent> {
  yield* askEvents(
    await embedFetch(caller, `/embed/conversations/${conversationId}/ask`, { question }, signal),
  );
}

/** Signs a student in inside the frame: the app's own login, its token kept for this tab only. */
export async function signInEmbedded(
  caller: EmbedCaller,
  input: { email: string; password: string },
): Promise<{ token: string; fullName: string }> {
  const answer = (await (await embedFetch(caller, '/auth/login', input)).json()) as {
    jwtToken: string;
    userObj: { fullName: string };
  };
  return { token: answer.jwtToken, fullName: answer.userObj.fullName };
}
