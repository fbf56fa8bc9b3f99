import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ELEVENLABS_VOICE_IDS } from '../providers/tts/elevenlabs';
import { fakeMp3 } from './fake-openai-speech';

/**
 * A local stand-in for ElevenLabs, following its published contract: the `xi-api-key` header;
 * GET /v1/user (the key check) and POST /v1/text-to-speech/{voice_id}/stream?output_format=… with
 * { text, model_id }, answering MP3 bytes, or `{ detail: { status, message } }` errors.
 */
export interface FakeElevenLabs {
  url: string;
  apiKey: string;
  requests: { voiceId: string; text: string; modelId: string; outputFormat: string | null }[];
  userChecks: number;
  failWith: number | null;
  close(): Promise<void>;
}

const KNOWN_VOICES = new Set(Object.values(ELEVENLABS_VOICE_IDS));

export async function startFakeElevenLabs(apiKey = 'el-test-key-0000'): Promise<FakeElevenLabs> {
  const fake: FakeElevenLabs = {
    url: '',
    apiKey,
    requests: [],
    userChecks: 0,
    failWith: null,
    close: async () => {},
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = (await readJson(request)) as { text?: string; model_id?: string } | null;
    if (request.headers['xi-api-key'] !== apiKey) {
      return detail(response, 401, 'invalid_api_key', 'Invalid API key');
    }
    if (request.method === 'GET' && url.pathname === '/v1/user') {
      fake.userChecks += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({
          user_id: 'user_fake',
          subscription: { tier: 'free', character_count: 120, character_limit: 10000, status: 'free' },
          is_new_user: false,
        }),
      );
    }
    const speech = /^\/v1\/text-to-speech\/([^/]+)\/stream$/.exec(url.pathname);
    if (request.method === 'POST' && speech) {
      if (fake.failWith) return detail(response, fake.failWith, 'internal_error', 'Something went wrong');
      if (!KNOWN_VOICES.has(speech[1])) {
        return detail(response, 404, 'voice_not_found', `A voice with voice_id ${speech[1]} was not found.`);
      }
      if (!body?.text) return detail(response, 422, 'invalid_request', 'text is required');
      fake.requests.push({
        voiceId: speech[1],
        text: body.text,
        modelId: body.model_id ?? '',
        outputFormat: url.searchParams.get('output_format'),
      });
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'transfer-encoding': 'chunked' });
      response.write(fakeMp3('elevenlabs:'));
      return response.end(speech[1]);
    }
    return detail(response, 404, 'not_found', 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

function detail(response: ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ detail: { status: code, message } }));
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
