import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storedFiles } from '../db/schema/index';
import { buildAndLogin } from '../test/factories';
import { readyGuruWithStudent } from '../test/fixtures/conversations';
import { startTestApp, type TestContext } from '../test/harness';
import { createCourseViaApi, makeTinyClip, uploadClip } from '../test/live-courses';
import { CACHE } from './serving';

// The guru's answerer is scripted with a pause between sentences, so the test can see whether the
// first line reaches the client while the answer is still being written.
vi.mock('../modules/gurus/answering', () => ({
  prepareAnswer: async () => {
    async function* stream() {
      for (const part of ['A linear equation ', 'has degree one. ', 'For example 2x + 3 = 7.']) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        yield part;
      }
    }
    return { passages: [], citations: [], notCovered: false, stream: stream() };
  },
}));

const BOTH = { 'accept-encoding': 'br, gzip' };
const GZIP_ONLY = { 'accept-encoding': 'gzip' };

/** A tiny built web app: each text file with .br/.gz siblings, as web/build/precompress.ts writes them. */
function fakeWebDist(root: string) {
  const write = (file: string, content: string | Buffer, precompress: boolean) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
    if (precompress) {
      writeFileSync(`${full}.br`, brotliCompressSync(content));
      writeFileSync(`${full}.gz`, gzipSync(content));
    }
  };
  const html = `<!doctype html><html><head><title>Gurukul</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
  const js = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};`;
  write('index.html', html, true);
  write('assets/index-Ab12Cd34.js', js, true);
  write('favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(300)}</svg>`, true);
  write('audios/message.mp3', Buffer.alloc(4096, 7), false);
  return { html, js };
}

let ctx: TestContext;
let web: { html: string; js: string };
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'gurukul-web-dist-'));
  web = fakeWebDist(webDist);
  ctx = await startTestApp({ webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('the web app', () => {
  it('sends index.html pre-compressed for / and every client-side route, never cached stale', async () => {
    for (const url of ['/', '/login', '/explore-course?page=2']) {
      const br = await get(url, BOTH);
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-type']).toContain('text/html');
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(br.headers['cache-control']).toBe(CACHE.html);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(web.html);
    }
    const gz = await get('/pricing', GZIP_ONLY);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(web.html);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/pricing' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe(CACHE.html);
    const plain = await get('/pricing');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.body).toBe(web.html);
  });

  it('sends hashed assets as the pre-compressed files, cached for a year as immutable', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', BOTH);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The file written at build time, byte for byte: nothing compressed per request.
    expect(br.rawPayload.equals(brotliCompressSync(web.js))).toBe(true);
    const gz = await get('/assets/index-Ab12Cd34.js', GZIP_ONLY);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(web.js);
  });

  it('answers 404 for a chunk of an older build instead of index.html', async () => {
    const gone = await get('/assets/index-Old00000.js', BOTH);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toContain('text/html');
  });

  it('keeps public files for a short while with revalidation; audio is sent as it is', async () => {
    const icon = await get('/favicon.svg', BOTH);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
    expect(icon.headers['content-encoding']).toBe('br');
    expect(icon.headers.etag).toBeTruthy();
    const sound = await get('/audios/message.mp3', BOTH);
    expect(sound.statusCode).toBe(200);
    expect(sound.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
    expect(sound.headers['content-encoding']).toBeUndefined();
    expect(sound.rawPayload.length).toBe(4096);
  });
});

describe('API answers', () => {
  it('compresses JSON above the threshold with brotli or gzip and never caches it', async () => {
    const raw = await get('/api/common/countries');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.headers['cache-control']).toBe('no-store');
    const br = await get('/api/common/countries', BOTH);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers['content-type']).toContain('application/json');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(raw.json());
    expect(br.rawPayload.length).toBeLessThan(raw.rawPayload.length / 3);
    const gz = await get('/api/common/countries', GZIP_ONLY);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(raw.json());
  });

  it('sends small answers as they are', async () => {
    const health = await get('/api/health', BOTH);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers['cache-control']).toBe('no-store');
  });

  it("streams the guru's NDJSON answer uncompressed: the first line arrives before the answer ends", async () => {
    const { guru, student } = await readyGuruWithStudent(ctx.app);
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/gurus/${guru.id}/sessions`,
      headers: student.headers,
      payload: {},
    });
    const { conversationId } = started.json();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const seen = await new Promise<{
      headers: http.IncomingHttpHeaders;
      firstAt: number;
      endAt: number;
      body: string;
    }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/conversations/${conversationId}/ask`,
          headers: { ...student.headers, ...BOTH, 'content-type': 'application/json' },
        },
        (response) => {
          let firstAt = 0;
          let body = '';
          response.on('data', (chunk: Buffer) => {
            firstAt ||= Date.now();
            body += chunk.toString();
          });
          response.on('end', () => resolve({ headers: response.headers, firstAt, endAt: Date.now(), body }));
        },
      );
      request.once('error', reject);
      request.end(JSON.stringify({ question: 'What is a linear equation?' }));
    });
    expect(seen.headers['content-type']).toContain('application/x-ndjson');
    expect(seen.headers['content-encoding']).toBeUndefined();
    expect(seen.headers['transfer-encoding']).toBe('chunked');
    // Two more sentences, 150 ms apart, were still to come when the first line arrived.
    expect(seen.endAt - seen.firstAt).toBeGreaterThanOrEqual(250);
    const lines = seen.body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({ type: 'text', delta: 'A linear equation ' });
    expect(lines.at(-1)).toMatchObject({ type: 'done' });
  });
});

describe('stored files', () => {
  const store = async (key: string, contentType: string, bytes: Buffer) => {
    await ctx.app.storage.put(key, bytes, contentType);
    await ctx.app.db
      .insert(storedFiles)
      .values({ path: key, contentType, category: 'OTHER', sizeBytes: bytes.length });
    return ctx.app.storage.signedUrl(key);
  };

  it('serves media inline, uncompressed and private for as long as the signature lives', async () => {
    const video = Buffer.alloc(64 * 1024, 0x61); // very compressible bytes: only the type keeps them raw
    const url = await store('tests/serving/clip.mp4', 'video/mp4', video);
    const response = await get(url, BOTH);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(video.length);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe('inline');
    const cache = String(response.headers['cache-control']);
    expect(cache).toMatch(/^private, max-age=\d+$/);
    expect(cache).not.toContain('public');
    const maxAge = Number(cache.split('=')[1]);
    expect(maxAge).toBeGreaterThan(800);
    expect(maxAge).toBeLessThanOrEqual(15 * 60);
  });

  it('shows images and PDFs inline and sends every other file as a download', async () => {
    const png = await get(await store('tests/serving/picture.png', 'image/png', Buffer.alloc(100, 1)));
    expect(png.headers['content-disposition']).toBe('inline');
    const pdf = await get(await store('tests/serving/notes.pdf', 'application/pdf', Buffer.from('%PDF-1.4')));
    expect(pdf.headers['content-disposition']).toBe('inline');
    const text = await get(
      await store('tests/serving/answer.txt', 'text/plain', Buffer.from('<script>x</script>')),
    );
    expect(text.headers['content-disposition']).toBe('attachment; filename="answer.txt"');
    expect(text.headers['x-content-type-options']).toBe('nosniff');
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const doc = await get(await store('tests/serving/essay.docx', docx, Buffer.from('PK')));
    expect(doc.headers['content-disposition']).toBe('attachment; filename="essay.docx"');
  });

  it('keeps a refused signature uncached', async () => {
    const url = await store('tests/serving/secret.pdf', 'application/pdf', Buffer.from('%PDF-1.4'));
    const forged = await get(url.replace(/signature=[^&]+/, 'signature=forged'));
    expect(forged.statusCode).toBe(403);
    expect(forged.headers['cache-control']).toBe('no-store');
  });

  it('sends HLS playlists and segments private, revalidated and uncompressed', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const courseId = await createCourseViaApi(ctx.app, teacher.headers, { title: 'Serving HLS' });
    const video = await uploadClip(ctx.app, teacher.headers, courseId, makeTinyClip(), 'lesson', 'One');
    const base = `/api/courses/${courseId}/videos/${video.id}/hls`;
    const playlist = await get(`${base}/index.m3u8`, { ...teacher.headers, ...BOTH });
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.headers['cache-control']).toBe('private, no-cache');
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'));
    const ts = await get(`${base}/${segment}`, { ...teacher.headers, ...BOTH });
    expect(ts.statusCode).toBe(200);
    expect(ts.headers['content-type']).toBe('video/mp2t');
    expect(ts.headers['content-encoding']).toBeUndefined();
    expect(ts.headers['cache-control']).toBe('private, no-cache');
    expect(Number(ts.headers['content-length'])).toBe(ts.rawPayload.length);
  });
});
