import { resolvesPublicly } from '../../http/public-address';

/**
 * A Learning Record Store's Statement Resource (xAPI 1.0.3, xAPI-Communication.md §2.1): a batch of statements is
 * POSTed as a JSON array to `<endpoint>/statements` with the version header and HTTP Basic credentials, and an
 * accepting LRS answers 200 with the statements' ids in the same order.
 */
export interface LrsClient {
  sendStatements(statements: readonly object[]): Promise<LrsAnswer>;
}

export interface LrsSettings {
  /** The LRS's xAPI base, e.g. `https://lrs.example.com/xapi` (no trailing slash). */
  endpoint: string;
  username: string;
  password: string;
  /**
   * Before each send, check that the endpoint's name resolves only to public addresses (a name pointed at the
   * machine or a private network after it was saved). Off only where tests allow this machine's addresses.
   */
  publicOnly?: boolean;
}

/**
 * `sent`: stored (the ids the LRS answered). `retry`: worth trying later (5xx, 429, the network, a timeout).
 * `refused`: the LRS will never take this batch as it is (any other 4xx, or a redirect); `detail` is its answer in
 * words.
 */
export type LrsAnswer =
  | { outcome: 'sent'; ids: string[] }
  | { outcome: 'retry' | 'refused'; status: number | null; detail: string };

export const XAPI_VERSION = '1.0.3';

/** Why a send was not made: kept in the outbox's error and the logs (the admin reads it in Integrations). */
export const PRIVATE_ADDRESS = 'the LRS address now resolves to a private or local address';
const TIMEOUT_MS = 15_000;
/** An LRS's error answer is kept and logged, cut to this many characters. */
const DETAIL_MAX = 500;

const basicAuth = (settings: LrsSettings) =>
  `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`;

/** The real client: one POST per batch, never retried here (the outbox decides when to try again). */
export function httpLrsClient(settings: LrsSettings): LrsClient {
  return {
    async sendStatements(statements) {
      if (settings.publicOnly && !(await resolvesPublicly(new URL(settings.endpoint)))) {
        return { outcome: 'refused', status: null, detail: PRIVATE_ADDRESS };
      }
      let response: Response;
      try {
        response = await fetch(`${settings.endpoint}/statements`, {
          method: 'POST',
          headers: {
            'X-Experience-API-Version': XAPI_VERSION,
            'Content-Type': 'application/json',
            Authorization: basicAuth(settings),
          },
          body: JSON.stringify(statements),
          // Only the address the admin saved (and the server checked) is ever asked: a redirect is not followed.
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        return { outcome: 'retry', status: null, detail: `${String(error)}${cause ? ` (${cause})` : ''}` };
      }
      const text = await response.text().catch(() => '');
      if (response.status === 200) {
        const ids = parseIds(text);
        if (ids && ids.length === statements.length) return { outcome: 'sent', ids };
        // A 200 we cannot read may not have stored anything; the statements' own ids make a retry safe.
        return { outcome: 'retry', status: 200, detail: `unexpected answer: ${text.slice(0, DETAIL_MAX)}` };
      }
      const location = response.headers.get('location');
      const detail = `HTTP ${response.status}${location ? ` (redirected to ${location.slice(0, DETAIL_MAX)})` : ''}${text ? `: ${text.slice(0, DETAIL_MAX)}` : ''}`;
      // 5xx, 429 and odd 2xx may pass; a redirect or any other 4xx needs the admin (or the statement) changed.
      const retryable = response.status >= 500 || response.status === 429 || response.status < 300;
      return { outcome: retryable ? 'retry' : 'refused', status: response.status, detail };
    },
  };
}

function parseIds(text: string): string[] | null {
  try {
    const body: unknown = JSON.parse(text);
    return Array.isArray(body) && body.every((id) => typeof id === 'string') ? body : null;
  } catch {
    return null;
  }
}
