import fc from 'fast-check';
import { tinyPdf } from '../quizzes';
import { tinyPng } from '../uploads';

/** How a request carries (or fails to carry) its body. */
export const BODY_SHAPES = [
  'json',
  'none',
  'json-malformed',
  'json-empty',
  'text/plain',
  'form-urlencoded',
  'octet-stream',
  'multipart',
  'multipart-truncated',
  'multipart-no-boundary',
  'multipart-garbage',
] as const;
export type BodyShape = (typeof BODY_SHAPES)[number];

export const bodyShape: fc.Arbitrary<BodyShape> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<BodyShape>('json') },
  { weight: 1, arbitrary: fc.constantFrom(...BODY_SHAPES) },
);

const FILES = [
  { name: 'a.png', type: 'image/png', bytes: () => tinyPng() },
  { name: 'a.pdf', type: 'application/pdf', bytes: () => tinyPdf() },
  { name: 'q.csv', type: 'text/csv', bytes: () => Buffer.from('type,question\nmcq,"2+2?"\n') },
  { name: 'c.vtt', type: 'text/vtt', bytes: () => Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n') },
  { name: '../../x.exe', type: 'application/octet-stream', bytes: () => Buffer.alloc(64, 7) },
];

/** A multipart/form-data body with a title field and one file, as the upload pages send it. */
function multipartBody(fileIndex: number, title: string) {
  const file = FILES[fileIndex % FILES.length];
  const boundary = `----fuzz${fileIndex}boundary`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The payload and content type of one request; `value` is the JSON the json shapes carry. */
export function encodeBody(
  shape: BodyShape,
  value: unknown,
  fileIndex: number,
): { payload?: string | Buffer; headers: Record<string, string> } {
  const json = JSON.stringify(value) ?? 'null';
  const title = typeof value === 'string' ? value.slice(0, 200) : 'Fuzzed';
  switch (shape) {
    case 'json':
      return { payload: json, headers: { 'content-type': 'application/json' } };
    case 'none':
      return { headers: {} };
    case 'json-malformed':
      return {
        payload: `${json.slice(0, Math.max(1, json.length - 1))}{`,
        headers: { 'content-type': 'application/json' },
      };
    case 'json-empty':
      return { payload: '', headers: { 'content-type': 'application/json' } };
    case 'text/plain':
      return { payload: json, headers: { 'content-type': 'text/plain' } };
    case 'form-urlencoded':
      return { payload: 'title=a&price=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    case 'octet-stream':
      return {
        payload: Buffer.alloc(32, fileIndex),
        headers: { 'content-type': 'application/octet-stream' },
      };
    case 'multipart': {
      const body = multipartBody(fileIndex, title);
      return { payload: body.payload, headers: { 'content-type': body.contentType } };
    }
    case 'multipart-truncated': {
      const body = multipartBody(fileIndex, title);
      // At least 20 bytes: the closing delimiter is longer, so the body always ends inside the last part.
      const cut = Math.max(10, body.payload.length - 20 - (fileIndex % 40));
      return { payload: body.payload.subarray(0, cut), headers: { 'content-type': body.contentType } };
    }
    case 'multipart-no-boundary':
      return {
        payload: multipartBody(fileIndex, title).payload,
        headers: { 'content-type': 'multipart/form-data' },
      };
    case 'multipart-garbage':
      return {
        payload: Buffer.alloc(200, fileIndex),
        headers: { 'content-type': 'multipart/form-data; boundary=----nothing-like-it' },
      };
  }
}
