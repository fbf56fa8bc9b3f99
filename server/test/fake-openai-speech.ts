import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GURU_VOICES } from '../../common/gurus';

/**
 * A local stand-in for OpenAI speech (POST /v1/audio/speech), following its published contract: a Bearer
 * key, a JSON body with model, input (at most 4096 characters), voice and response_format; MP3 bytes back,
 * or an `{ error: { message, type, code } }` body. Tests point OPENAI_TTS_BASE_URL at `${url}/v1`.
 */
export interface FakeOpenAiSpeech {
  url: string;
  apiKey: string;
  requests: { model: string; input: string; voice: string; response_format?: string }[];
  /** Make the next calls fail with this status (e.g. 500), to exercise the fallback voice. */
  failWith: number | null;
  close(): Promise<void>;
}

/** The MP3 frame sync bytes a player looks for, followed by a marker naming the voice. */
export const fakeMp3 = (marker: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.from(marker)]);

export async function startFakeOpenAiSpeech(apiKey = 'sk-test-openai-speech'): Promise<FakeOpenAiSpeech> {
  const fake: FakeOpenAiSpeech = { url: '', apiKey, requests: [], failWith: null, close: async () => {} };
  const server = createServer(async (request, response) => {
    const body = await readJson(request);
    if (request.method !== 'POST' || request.url !== '/v1/audio/speech') {
      return error(response, 404, 'Invalid URL', 'invalid_request_error', 'unknown_url');
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return error(response, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    }
    if (fake.failWith)
      return error(response, fake.failWith, 'The server had an error.', 'server_error', null);
    const { model, input, voice, response_format } = (body ?? {}) as Record<string, string>;
    if (!model || typeof input !== 'string' || input.length === 0 || input.length > 4096) {
      return error(
        response,
        400,
        "Invalid 'input': string too long or missing.",
        'invalid_request_error',
        null,
      );
    }
    if (!(GURU_VOICES as readonly string[]).includes(voice)) {
      return error(response, 400, `Invalid value for 'voice': ${voice}.`, 'invalid_request_error', null);
    }
    fake.requests.push({ model, input, voice, response_format });
    response.writeHead(200, { 'content-type': 'audio/mpeg' });
    response.end(fakeMp3(`openai:${voice}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

function error(response: ServerResponse, status: number, message: string, type: string, code: string | null) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message, type, param: null, code } }));
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
