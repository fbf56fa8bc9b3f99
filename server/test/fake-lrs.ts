import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import validation from '@learninglocker/xapi-validation';

/**
 * A Learning Record Store's Statement Resource as xAPI 1.0.3 (xAPI-Communication.md §2.1 and §3) describes it, on
 * 127.0.0.1: POST `/xapi/statements` with `X-Experience-API-Version: 1.0.3` and HTTP Basic credentials, a JSON
 * statement or array of them. Every statement is checked with Learning Locker's validator of the 1.0.3 statement
 * schema (`@learninglocker/xapi-validation`, the one its LRS runs); a batch with an invalid statement, two
 * statements of one id, or an id already stored with other content is refused (400, 400, 409) as the spec says. A
 * stored batch answers 200 with its ids. `failWith(503)` or `failWith(400)` makes the next POSTs fail that way.
 */
export interface FakeLrs {
  /** The xAPI base to configure (XAPI_LRS_ENDPOINT). */
  endpoint: string;
  username: string;
  password: string;
  /** Statements stored, in arrival order (each once). */
  stored: Record<string, unknown>[];
  /** Every POST's statement ids, accepted or not. */
  posts: { ids: string[]; status: number }[];
  /** Validation problems of statements that were refused for them (a test expects none). */
  invalid: { id: unknown; problems: string[] }[];
  failWith(status: number | null): void;
  close(): Promise<void>;
}

// The package is CommonJS with `exports.default`; under ESM interop the function may sit one level down.
const validate = ((validation as unknown as { default?: typeof validation }).default ?? validation) as (
  data: unknown,
) => { path: string[]; typeName?: string; name: string }[];

/** A statement's problems against the xAPI 1.0.3 schema, in words; none for a valid one. */
export function statementProblems(statement: unknown): string[] {
  return validate(statement).map(
    (warning) =>
      `${warning.path.join('.')}: ${warning.name}${warning.typeName ? ` (${warning.typeName})` : ''}`,
  );
}

function answer(response: ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'X-Experience-API-Version': '1.0.3',
  });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startFakeLrs(username = 'lrs-key', password = 'lrs-secret'): Promise<FakeLrs> {
  const byId = new Map<string, string>();
  let failing: number | null = null;
  const lrs: Omit<FakeLrs, 'endpoint' | 'close'> = {
    username,
    password,
    stored: [],
    posts: [],
    invalid: [],
    failWith: (status) => {
      failing = status;
    },
  };
  const expectedAuth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/xapi/statements')
      return answer(response, 404, { message: 'only POST /xapi/statements here' });
    if (request.headers['x-experience-api-version'] !== '1.0.3')
      return answer(response, 400, { message: 'X-Experience-API-Version 1.0.3 is required' });
    if (request.headers.authorization !== expectedAuth)
      return answer(response, 401, { message: 'Unauthorized' });
    if (!request.headers['content-type']?.startsWith('application/json'))
      return answer(response, 400, { message: 'Content-Type must be application/json' });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return answer(response, 400, { message: 'the body is not JSON' });
    }
    const statements = (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
    const ids = statements.map((statement) => String(statement.id ?? ''));
    const refuse = (status: number, message: string) => {
      lrs.posts.push({ ids, status });
      answer(response, status, { message });
    };
    if (failing !== null) return refuse(failing, `the fake LRS was told to answer ${failing}`);
    for (const statement of statements) {
      const problems = statementProblems(statement);
      if (problems.length > 0) {
        lrs.invalid.push({ id: statement.id, problems });
        return refuse(400, `invalid statement ${String(statement.id)}: ${problems.join('; ')}`);
      }
    }
    if (new Set(ids).size !== ids.length) return refuse(400, 'two statements in the batch share an id');
    for (const statement of statements) {
      const known = byId.get(String(statement.id));
      if (known !== undefined && known !== JSON.stringify(statement))
        return refuse(409, `statement ${String(statement.id)} exists with other content`);
    }
    for (const statement of statements) {
      if (byId.has(String(statement.id))) continue;
      byId.set(String(statement.id), JSON.stringify(statement));
      lrs.stored.push(statement);
    }
    lrs.posts.push({ ids, status: 200 });
    answer(response, 200, ids);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...lrs,
    endpoint: `http://127.0.0.1:${port}/xapi`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
