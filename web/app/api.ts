import { MSG } from '../../common/messages';
import { ApiError } from './api-error';
import { navigateTo } from './navigation-bridge';
import { announceRateLimited, retryAfterSeconds } from './rate-limited';
import { disconnectSocket } from './socket';
import { clearStorage, LS } from './storage';
import { toast } from './toast';

export { ApiError } from './api-error';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  formData?: FormData;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Login and similar forms show a 401 themselves instead of ending the session. */
  handleUnauthorized?: boolean;
  /** A 503 reloads the page once; calls whose 503 is an answer to show (a third party is down) opt out. */
  handleUnavailable?: boolean;
  /** A 429 raises one toast per burst; a form that shows the message under itself opts out of the toast. */
  handleRateLimited?: boolean;
  signal?: AbortSignal;
  /** Another session's token instead of this browser's: logging out the sessions kept on the switch stack. */
  token?: string;
  /** Said when a refused call's answer carries no message of its own (a file route answering non-JSON). */
  failure?: string;
}

const RELOADED_503 = 'reloadedFor503';

/** The spec's Authorization header: a JSON value. The server uses only jwtToken from it. */
export function authorizationHeader(): string {
  return JSON.stringify({
    jwtToken: localStorage.getItem(LS.jwtToken) ?? '',
    userId: localStorage.getItem(LS.userId) ?? '',
    planId: localStorage.getItem(LS.planId) ?? '',
    userType: localStorage.getItem(LS.userType) ?? '',
    subscriptionEnded: localStorage.getItem(LS.subscriptionEnded) === 'true',
    trialEnded: localStorage.getItem(LS.trialEnded) === 'true',
  });
}

/** Ends the local session the way SPEC §8 asks for a 401 or a broken header. */
export function endLocalSession(): void {
  disconnectSocket();
  clearStorage();
  navigateTo('/login');
}

function buildUrl(path: string, query?: ApiOptions['query']): string {
  // Only the path and query are kept: the origin is a placeholder (there is no window where the server draws).
  const url = new URL(`/api${path}`, 'http://gurukul.local');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** The headers of every request: the session, no cached answers, and the interface's language. */
function requestHeaders(token?: string, language = document.documentElement.lang): Record<string, string> {
  const authorization = token === undefined ? authorizationHeader() : JSON.stringify({ jwtToken: token });
  const headers: Record<string, string> = {
    Authorization: authorization,
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
  };
  // The server answers in the interface's language (localeOf), even a visitor's who chose one here.
  if (language) headers['Accept-Language'] = language;
  return headers;
}

/**
 * How long a read started early waits to be taken by its page before it is forgotten: long enough for a slow phone
 * on a slow connection to bring the page's code (a reviewer's 400 kbit/s run asked at 15–19 s).
 */
const EARLY_READ_MS = 30_000;
const earlyReads = new Map<string, { response: Promise<Response>; startedAt: number }>();

/** One early read per address, session and language: a read for another session or language is another read. */
const earlyReadKey = (url: string, headers: Record<string, string>) =>
  `${url}\n${headers.Authorization}\n${headers['Accept-Language'] ?? ''}`;

/**
 * Starts a GET that a page is about to make, before its code has arrived (web/app/early-reads.ts); the page's own
 * request takes the answer once, if it comes within EARLY_READ_MS with the same session and language.
 */
export function readEarly(path: string, query: ApiOptions['query'], language: string): void {
  const now = Date.now();
  for (const [key, read] of earlyReads) if (now - read.startedAt > EARLY_READ_MS) earlyReads.delete(key);
  const url = buildUrl(path, query);
  const headers = requestHeaders(undefined, language);
  const key = earlyReadKey(url, headers);
  if (earlyReads.has(key)) return;
  const response = fetch(url, { headers });
  // Taken or not, a failure is the page's own request's to report.
  response.catch(() => undefined);
  earlyReads.set(key, { response, startedAt: now });
}

function takeEarlyRead(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const key = earlyReadKey(url, headers);
  const read = earlyReads.get(key);
  earlyReads.delete(key);
  return read && Date.now() - read.startedAt <= EARLY_READ_MS ? read.response : undefined;
}

/**
 * Where the server draws a public page (web/entry-server.tsx), its reads are answered by the server itself, as a
 * visitor without a session would be answered; null in the browser.
 */
let serverReads: ((url: string) => Promise<Response>) | null = null;

/** Installs (or, with null, removes) the server's own answers for the page being drawn. */
export function answerReadsOnServer(reads: typeof serverReads): void {
  serverReads = reads;
}

/**
 * The one HTTP client's request: the spec's Authorization header, JSON or multipart in, and the shared handling
 * of refusals (401 ends the session, 429 one toast per burst, 503 one reload) before an ApiError with the
 * server's code and message. Answers the successful Response, so that every way of reading a body goes
 * through it: JSON (api), files and audio (apiBlob, downloads) and the guru's NDJSON stream (ask-stream.ts).
 */
export async function apiResponse(path: string, options: ApiOptions = {}): Promise<Response> {
  if (serverReads) {
    const read = (options.method ?? 'GET') === 'GET' && options.body === undefined && !options.formData;
    const response = read ? await serverReads(buildUrl(path, options.query)) : null;
    if (response?.ok) return response;
    throw new ApiError(response?.status ?? 0, 'HTTP', MSG.somethingWrong);
  }
  let headers: Record<string, string>;
  try {
    headers = requestHeaders(options.token);
  } catch {
    endLocalSession();
    throw new ApiError(0, 'HEADERS', MSG.somethingWrong);
  }
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = buildUrl(path, options.query);
  const method = options.method ?? (body ? 'POST' : 'GET');
  // A change makes every answer read before it old: none of them may answer a read made after it.
  if (method !== 'GET') earlyReads.clear();
  // A read its page's address started already (early-reads.ts) is answered by that request; a failed one is asked
  // again here, as if it had never been started.
  const early = method === 'GET' && !body && !options.signal ? takeEarlyRead(url, headers) : undefined;
  const response =
    (early && (await early.catch(() => null))) ||
    (await fetch(url, { method, headers, body, signal: options.signal }));
  if (response.ok) {
    sessionStorage.removeItem(RELOADED_503);
    return response;
  }
  const data = (await response.json().catch(() => null)) as {
    code?: string;
    message?: string;
    fields?: Record<string, string>;
  } | null;
  let message =
    data?.message ?? options.failure ?? (response.status >= 500 ? MSG.internal : MSG.somethingWrong);
  const retryAfter = response.headers.get('retry-after');
  if (response.status === 429 && retryAfter && options.handleRateLimited !== false)
    message = announceRateLimited(message, retryAfterSeconds(retryAfter));
  if (response.status === 401 && options.handleUnauthorized !== false) {
    toast('danger', message);
    endLocalSession();
  }
  if (
    response.status === 503 &&
    options.handleUnavailable !== false &&
    !sessionStorage.getItem(RELOADED_503)
  ) {
    sessionStorage.setItem(RELOADED_503, '1');
    window.location.reload();
  }
  throw new ApiError(response.status, data?.code ?? 'HTTP', message, data?.fields ?? {});
}

/** A call whose answer is JSON (most of them); an empty answer is null. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  return (await response.json().catch(() => null)) as T;
}

/** A call whose answer is a file or audio. */
export async function apiBlob(path: string, options: ApiOptions = {}): Promise<Blob> {
  return (await apiResponse(path, options)).blob();
}

/** Multipart upload with progress (fetch cannot report upload progress; XHR can). */
export function uploadWithProgress<T>(
  path: string,
  formData: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('Authorization', authorizationHeader());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const data = (() => {
        try {
          return JSON.parse(xhr.responseText);
        } catch {
          return null;
        }
      })();
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      if (xhr.status === 401) {
        toast('danger', data?.message ?? MSG.somethingWrong);
        endLocalSession();
      }
      const retryAfter = xhr.getResponseHeader('retry-after');
      const message =
        xhr.status === 429 && retryAfter
          ? announceRateLimited(data?.message ?? MSG.somethingWrong, retryAfterSeconds(retryAfter))
          : (data?.message ?? MSG.somethingWrong);
      reject(new ApiError(xhr.status, data?.code ?? 'HTTP', message, data?.fields ?? {}));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', MSG.somethingWrong));
    xhr.send(formData);
  });
}
