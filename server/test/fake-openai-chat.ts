import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChatRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content: string }[];
  };
}

/**
 * A local stand-in for an OpenAI-compatible chat endpoint (POST /v1/chat/completions). Like OpenAI it
 * refuses a missing or wrong bearer key with 401 `{ error: { message, type, code } }`, and with
 * `stream: false` answers one `chat.completion` object (`choices[0].message.content`); with
 * `stream: true` it answers `text/event-stream`: `data: <chat.completion.chunk JSON>` lines (the first delta
 * carries the role, then content deltas, then an empty delta with finish_reason 'stop') and `data: [DONE]`.
 * `reply` is what it "writes", sent a few characters per chunk; `failNext` makes the next call fail.
 * `setAwkward(true)` sends the same events as a stream may legally arrive: CRLF line ends, comments and
 * `event:`/`id:` fields, each event's JSON spread over several `data:` lines, all cut into 5-byte writes
 * (lines, CRLFs and UTF-8 characters split between writes).
 */
export async function startFakeOpenAiChat(apiKey: string) {
  const requests: FakeChatRequest[] = [];
  let reply = 'The answer from the course passages.';
  let failNext: { status: number; message: string } | null = null;
  let awkward = false;

  const readBody = async (request: IncomingMessage) => {
    const parts: Buffer[] = [];
    for await (const part of request) parts.push(part as Buffer);
    try {
      return JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as FakeChatRequest['body'];
    } catch {
      return {};
    }
  };

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    const error = (status: number, message: string, code: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code } }));
    };
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions')
      return error(404, 'Not found', 'not_found');
    if (request.headers.authorization !== `Bearer ${apiKey}`)
      return error(401, 'Incorrect API key provided.', 'invalid_api_key');
    if (failNext) {
      const failure = failNext;
      failNext = null;
      return error(failure.status, failure.message, 'server_error');
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0 || !body.model)
      return error(400, "'messages' and 'model' are required.", 'invalid_request');
    if (body.stream !== true) {
      // Not streamed: one chat.completion object, its text in choices[0].message.content.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
      return;
    }

    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const base = {
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: body.model,
    };
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      ...base,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const pieces: string[] = [];
    for (let index = 0; index < reply.length; index += 6) pieces.push(reply.slice(index, index + 6));
    if (!awkward) {
      const send = (delta: Record<string, unknown>, finish: string | null) =>
        response.write(`data: ${JSON.stringify(chunk(delta, finish))}\n\n`);
      send({ role: 'assistant', content: '' }, null);
      for (const piece of pieces) {
        send({ content: piece }, null);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      send({}, 'stop');
      response.end('data: [DONE]\n\n');
      return;
    }
    const event = (json: object, index: number) =>
      [
        ': keep-alive',
        'event: message',
        `id: ${index}`,
        ...JSON.stringify(json, null, 1)
          .split('\n')
          .map((line) => `data:${line}`),
        '',
        '',
      ].join('\r\n');
    const text = [
      event(chunk({ role: 'assistant', content: '' }, null), 0),
      ...pieces.map((piece, index) => event(chunk({ content: piece }, null), index + 1)),
      event(chunk({}, 'stop'), pieces.length + 1),
      'data: [DONE]\r\n\r\n',
    ].join('');
    const bytes = Buffer.from(text, 'utf8');
    for (let offset = 0; offset < bytes.length; offset += 5) {
      response.write(bytes.subarray(offset, offset + 5));
      await new Promise((resolve) => setImmediate(resolve));
    }
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setReply(text: string) {
      reply = text;
    },
    setAwkward(on: boolean) {
      awkward = on;
    },
    failNextWith(status: number, message: string) {
      failNext = { status, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
