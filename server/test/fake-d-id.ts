import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A local stand-in for D-ID, following its published contract: `Authorization: Basic <key>`;
 * GET /credits → { credits, remaining, total }; POST /talks { source_url, script: { type: 'text', input,
 * provider } } → 201 { id, object, created_at, status: 'created' }; GET /talks/{id} → the talk, 'started'
 * on the first poll and 'done' with a result_url after (or `finishAs`: 'error'/'rejected' with D-ID's
 * `error` object). Errors are `{ kind, description }`. Each talk costs one credit; with none left D-ID
 * answers 402. With `serveResults` the result_url is the fake's own /results/<id>.mp4 (no authorization, like
 * D-ID's pre-signed links), a real 2 s 320×320 MP4 with a sine tone as the talk's speech.
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
  /** How talks end from now on; a test sets 'error' or 'rejected' to see a failed talk handled. */
  finishAs: 'done' | 'error' | 'rejected';
  close(): Promise<void>;
}

/** Seconds of the served result video. */
export const FAKE_TALK_SECONDS = 2;

let resultVideo: Promise<Buffer> | null = null;
/** The talk video every finished talk serves, made once per test process. */
function fakeTalkVideo(): Promise<Buffer> {
  resultVideo ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gurukul-fake-did-'));
    try {
      const file = path.join(dir, 'talk.mp4');
      await promisify(execFile)('ffmpeg', [
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=s=320x320:r=25:d=${FAKE_TALK_SECONDS}`],
        ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:d=${FAKE_TALK_SECONDS}`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
        ...['-movflags', '+faststart', file],
      ]);
      return await readFile(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })();
  return resultVideo;
}

export async function startFakeDid(
  apiKey = 'ZGlkLXVzZXI6ZGlkLXNlY3JldA',
  remaining = 20,
  options: { serveResults?: boolean } = {},
): Promise<FakeDid> {
  const fake: FakeDid = {
    url: '',
    apiKey,
    remaining,
    total: remaining,
    talks: new Map(),
    finishAs: 'done',
    close: async () => {},
  };
  if (options.serveResults) await fakeTalkVideo();
  const resultUrl = (id: string) =>
    options.serveResults ? `${fake.url}/results/${id}.mp4` : `https://d-id-talks.example/${id}.mp4`;
  const server = createServer(async (request, response) => {
    const body = (await readJson(request)) as Record<string, unknown> | null;
    const route = new URL(request.url ?? '/', 'http://fake').pathname;
    const resultPath = /^\/results\/([^/]+)\.mp4$/.exec(route);
    if (options.serveResults && request.method === 'GET' && resultPath) {
      if (!fake.talks.has(decodeURIComponent(resultPath[1])))
        return fail(response, 404, 'NotFoundError', 'no');
      const video = await fakeTalkVideo();
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': video.length });
      return response.end(video);
    }
    if (request.headers.authorization !== `Basic ${apiKey}`) {
      return fail(response, 401, 'AuthorizationError', 'Unauthorized');
    }
    if (request.method === 'GET' && route === '/credits') {
      return json(response, 200, {
        credits: [
          { owner_id: 'auth0|fake', remaining: fake.remaining, total: fake.total, product_id: 'prod' },
        ],
        remaining: fake.remaining,
        total: fake.total,
      });
    }
    if (request.method === 'POST' && route === '/talks') {
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
    const talkPath = /^\/talks\/([^/]+)$/.exec(route);
    if (request.method === 'GET' && talkPath) {
      const talk = fake.talks.get(decodeURIComponent(talkPath[1]));
      if (!talk) return fail(response, 404, 'NotFoundError', 'talk not found');
      talk.polls += 1;
      const finished = talk.polls > 1;
      const status = finished ? fake.finishAs : 'started';
      return json(response, 200, {
        id: talk.id,
        object: 'talk',
        source_url: talk.sourceUrl,
        status,
        ...(status === 'done'
          ? { result_url: resultUrl(talk.id), duration: options.serveResults ? FAKE_TALK_SECONDS : 3.2 }
          : {}),
        ...(status === 'error' || status === 'rejected'
          ? { error: { kind: 'FaceError', description: 'No face was detected in the source image' } }
          : {}),
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
