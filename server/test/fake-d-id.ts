import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for D-ID, following its published contract: `Authorization: Basic <key>`;
 * GET /credits → { credits, remaining, total }; POST /talks { source_url, script: { type: 'text', input,
 * provider } } → 201 { id, object, created_at, status: 'created' }; GET /talks/{id} → the talk, 'started'
 * on the first poll and 'done' with a result_url after. Errors are `{ kind, description }`. Each talk
 * costs one credit; with none left D-ID answers 402.
 */
export interface FakeDidTalk {
  id: string;
  sourceUrl: string;
  input: string;
  provider: unknown;
  polls: number;
}

export interface FakeDid {
  url: string;
  apiKey: string;
  remaining: number;
  total: number;
  talks: Map<string, FakeDidTalk>;
  close(): Promise<void>;
}

export async function startFakeDid(apiKey = 'ZGlkLXVzZXI6ZGlkLXNlY3JldA', remaining = 20): Promise<FakeDid> {
  const fake: FakeDid = {
    url: '',
    apiKey,
    remaining,
    total: remaining,
    talks: new Map(),
    close: async () => {},
  };
  const server = createServer(async (request, response) => {
    const body = (await readJson(request)) as Record<string, unknown> | null;
    if (request.headers.authorization !== `Basic ${apiKey}`) {
      return fail(response, 401, 'AuthorizationError', 'Unauthorized');
    }
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    if (request.method === 'GET' && path === '/credits') {
      return json(response, 200, {
        credits: [
          { owner_id: 'auth0|fake', remaining: fake.remaining, total: fake.total, product_id: 'prod' },
        ],
        remaining: fake.remaining,
        total: fake.total,
      });
    }
    if (request.method === 'POST' && path === '/talks') {
      const script = body?.script as { type?: string; input?: string; provider?: unknown } | undefined;
      if (typeof body?.source_url !== 'string' || !/^https?:\/\//.test(body.source_url)) {
        return fail(response, 400, 'BadRequestError', 'invalid source url');
      }
      if (script?.type !== 'text' || !script.input) {
        return fail(response, 400, 'BadRequestError', 'Failed to validate script');
      }
      if (fake.remaining < 1) return fail(response, 402, 'InsufficientCreditsError', 'not enough credits');
      fake.remaining -= 1;
      const id = `tlk_${randomBytes(8).toString('base64url')}`;
      fake.talks.set(id, {
        id,
        sourceUrl: body.source_url,
        input: script.input,
        provider: script.provider,
        polls: 0,
      });
      return json(response, 201, {
        id,
        object: 'talk',
        created_at: new Date().toISOString(),
        created_by: 'auth0|fake',
        status: 'created',
      });
    }
    const talkPath = /^\/talks\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && talkPath) {
      const talk = fake.talks.get(decodeURIComponent(talkPath[1]));
      if (!talk) return fail(response, 404, 'NotFoundError', 'talk not found');
      talk.polls += 1;
      const done = talk.polls > 1;
      return json(response, 200, {
        id: talk.id,
        object: 'talk',
        source_url: talk.sourceUrl,
        status: done ? 'done' : 'started',
        ...(done ? { result_url: `https://d-id-talks.example/${talk.id}.mp4`, duration: 3.2 } : {}),
      });
    }
    return fail(response, 404, 'NotFoundError', 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function fail(response: ServerResponse, status: number, kind: string, description: string) {
  json(response, status, { kind, description });
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString() || 'null');
  } catch {
    return null;
  }
}
