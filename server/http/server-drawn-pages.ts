import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '../../common/i18n/locales';
import { LOCALE_COOKIE, SERVER_DRAWN_STATE_ID, type ServerDrawnState } from '../../common/server-drawn';
import { readCookie } from './cookies';
import { headerLocale } from './locale';

/**
 * Public pages drawn by the server (decision 071): the HTML of web/entry-server.tsx (built into
 * web/dist/.server/) put into the built index.html, so a first visit paints before any script arrives and a
 * crawler or link preview reads the page. A page the drawing fails on is sent as the plain index.html: the
 * browser draws it as before, and nothing a request sends can take the server down.
 */

/** What web/entry-server.tsx gives for a page. */
interface DrawnPage {
  html: string;
  title: string;
  description: string;
  locale: Locale;
}

interface EntryServer {
  drawPage(url: string, locale: Locale): Promise<DrawnPage | null>;
}

/** How long a drawn page is reused: the catalog it shows is a minute old at most (its data is fetched again). */
export const DRAWN_PAGE_TTL_MS = 60_000;
const CACHE_MAX = 256;
/** Longer addresses (query strings made up to fill the cache) are drawn by the browser. */
const URL_MAX = 512;

const ROOT = '<div id="root"></div>';

export const DRAWING_FILE = path.join('.server', 'entry-server.js');

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** The language a page is drawn in: the one chosen in this browser (its cookie), else Accept-Language. */
export function pageLocaleOf(request: FastifyRequest): Locale {
  const chosen = readCookie(request.headers.cookie, LOCALE_COOKIE);
  return isLocale(chosen) ? chosen : headerLocale(request.headers['accept-language']);
}

/** index.html with a drawn page in it: language, title, description, link-preview tags, the page, its state. */
export function pageDocument(template: string, page: DrawnPage, pageUrl: string): string {
  const state: ServerDrawnState = { locale: page.locale };
  const meta = [
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Gurukul" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}" />`,
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
  ].join('\n    ');
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${page.locale}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" ?\/?>/, meta)
    .replace(
      ROOT,
      `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_DRAWN_STATE_ID}">${JSON.stringify(
        state,
      ).replace(/</g, '\\u003c')}</script>`,
    );
}

/** Draws pages and keeps each (address, language) for a minute, one drawing at a time per key. */
export interface PageDrawer {
  /** The whole document of a public page, or null when the browser draws this address. */
  document(request: FastifyRequest): Promise<string | null>;
}

/**
 * The drawer of a built web app, or null when it has no drawing (an older build, a test's miniature app): every
 * address is then sent index.html, as before.
 */
export async function loadPageDrawer(
  webDist: string,
  publicUrl: string,
  log: FastifyBaseLogger,
): Promise<PageDrawer | null> {
  const file = path.join(webDist, DRAWING_FILE);
  const templateFile = path.join(webDist, 'index.html');
  if (!existsSync(file) || !existsSync(templateFile)) return null;
  const template = readFileSync(templateFile, 'utf8');
  if (!template.includes(ROOT)) {
    log.warn({ templateFile }, 'index.html has no empty root element; public pages are drawn in the browser');
    return null;
  }
  let entry: EntryServer;
  try {
    entry = (await import(pathToFileURL(file).href)) as EntryServer;
  } catch (error) {
    log.warn({ err: error }, 'the public pages drawing did not load; they are drawn in the browser');
    return null;
  }
  const cache = new Map<string, { at: number; document: Promise<string | null> }>();
  const draw = async (url: string, locale: Locale): Promise<string | null> => {
    try {
      const page = await entry.drawPage(url, locale);
      return page ? pageDocument(template, page, `${publicUrl}${new URL(url, publicUrl).pathname}`) : null;
    } catch (error) {
      log.warn({ err: error, url }, 'drawing a public page failed; the browser draws it');
      return null;
    }
  };
  return {
    document(request) {
      if (request.url.length > URL_MAX) return Promise.resolve(null);
      const locale = pageLocaleOf(request);
      const key = `${locale} ${request.url}`;
      const now = Date.now();
      const kept = cache.get(key);
      if (kept && now - kept.at < DRAWN_PAGE_TTL_MS) return kept.document;
      if (cache.size >= CACHE_MAX) {
        for (const [oldKey, entryKept] of cache)
          if (now - entryKept.at >= DRAWN_PAGE_TTL_MS) cache.delete(oldKey);
        // Still full of fresh pages: the oldest goes (a Map keeps insertion order).
        if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
      }
      const document = draw(request.url, locale);
      cache.set(key, { at: now, document });
      return document;
    },
  };
}
