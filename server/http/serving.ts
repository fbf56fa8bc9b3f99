import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { said } from '../i18n/said';
import { COMPRESS_THRESHOLD_BYTES } from './encoded-text';
import { type LinkPreviewOf, withLinkPreview } from './link-preview';
import { localeOf, speak } from './locale';
import { loadPageDrawer } from './server-drawn-pages';

/** Cache-Control per kind of response (docs/decisions/018-serving-headers-and-caching.md). */
export const CACHE = {
  /** Vite's hashed build output: a new build gives new names, so a file never changes under its name. */
  hashedAsset: 'public, max-age=31536000, immutable',
  /** index.html and every SPA route: always revalidated, so a deploy is seen at once (ETag makes it cheap). */
  html: 'no-cache',
  /** web/public files kept under fixed names (favicon, demo avatar, sounds): an hour, then revalidated. */
  publicFile: 'public, max-age=3600, must-revalidate',
  /** The API: answers depend on who asks and change with every write. */
  api: 'no-store',
} as const;

/**
 * Compresses API answers with brotli or gzip (what the client accepts) above the threshold. It decides by
 * content type, so media (video/audio/images, HLS segments) and the guru's NDJSON stream are left as they
 * are; socket.io never passes through Fastify's reply. Register before the routes: the hook is per route.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Only answers: no client sends compressed bodies, and inflating them would be one more way in.
    globalDecompression: false,
  });
  // /api answers are never cached unless the route chose otherwise (stored files, HLS).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', CACHE.api);
  });
}

/** The Cache-Control of a file of the built web app, by its path relative to the dist folder. */
export function webFileCacheControl(relativePath: string): string {
  const logical = relativePath.replace(/\\/g, '/').replace(/\.(br|gz)$/, '');
  if (logical === 'index.html') return CACHE.html;
  if (logical.startsWith('assets/')) return CACHE.hashedAsset;
  return CACHE.publicFile;
}

/**
 * Serves the built React app: files pre-compressed at build time (.br/.gz next to each, picked by
 * Accept-Encoding, `Vary: Accept-Encoding`), cached by kind, and index.html for every client-side route.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  publicUrl: string,
  previewOf: LinkPreviewOf = async () => null,
): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  // Read once: pages with a link preview of their own are this with their tags put in.
  const template = hasWeb ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  // The public pages arrive drawn (decision 071); every other address gets index.html and is drawn in the browser.
  const drawer = hasWeb ? await loadPageDrawer(app, webDist, publicUrl) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        const relative = path.relative(webDist, file);
        reply.header('cache-control', webFileCacheControl(relative));
        // The guru's embed script is loaded by the owner's own site (docs/decisions/041-embedded-guru.md).
        if (/^embed\.js(\.(br|gz))?$/.test(relative))
          reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url.startsWith('/socket.io') ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', message: speak(localeOf(request), said('server.http.notFound')) });
    }
    if (!hasWeb) return reply.status(503).type('text/plain').send('The web app is not built. Run npm start.');
    // A chunk of an older build is gone: a 404 (not index.html as JavaScript) lets the app reload itself.
    if (request.url.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    const drawn = drawer ? await drawer.document(request) : null;
    if (drawn) {
      const { body, encoding } = drawn.encodedFor(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return (
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', CACHE.html)
          // The page's language comes from either, and its bytes from the third.
          .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
          .send(body)
      );
    }
    const preview = await previewOf(request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'a link preview could not be made; the page goes without it');
      return null;
    });
    if (preview)
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', CACHE.html)
        .send(withLinkPreview(template, preview, publicUrl));
    return reply.sendFile('index.html');
  });
}
