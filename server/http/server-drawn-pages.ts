import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogCourse } from '../../common/contracts/catalog';
import { courseStructuredData } from '../../common/course-structured-data';
import { isLocale, type Locale } from '../../common/i18n/locales';
import {
  LOCALE_COOKIE,
  SERVER_DRAWN_STATE_ID,
  type ServerDrawnState,
  SIGNED_IN_COOKIE,
} from '../../common/server-drawn';
import { readCookie } from './cookies';
import { criticalStyles } from './critical-css';
import { type EncodedText, encodedText } from './encoded-text';
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
  canonicalPath: string;
  course: CatalogCourse | null;
  locale: Locale;
  queries: unknown;
  parts: string[];
}

interface EntryServer {
  drawPage(
    url: string,
    locale: Locale,
    read: (url: string, locale: Locale) => Promise<Response>,
  ): Promise<DrawnPage | null>;
}

/** How long a drawn page is reused: the catalog it shows is a minute old at most (its data is fetched again). */
export const DRAWN_PAGE_TTL_MS = 60_000;
const CACHE_MAX = 256;
/** Longer addresses (query strings made up to fill the cache) are drawn by the browser. */
const URL_MAX = 512;
/**
 * New drawings a minute, at most (a drawing costs 20–80 ms of CPU): addresses made up to miss the cache cannot
 * keep a core busy; past it, pages go as the plain index.html, which the browser draws.
 */
export const DRAWINGS_PER_MINUTE = 120;

const ROOT = '<div id="root"></div>';

export const DRAWING_FILE = path.join('.server', 'entry-server.js');

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** JSON inside a script element: no "<" can close the element or open a comment. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The language a page is drawn in: the one chosen in this browser (its cookie), else Accept-Language. */
export function pageLocaleOf(request: FastifyRequest): Locale {
  const chosen = readCookie(request.headers.cookie, LOCALE_COOKIE);
  return isLocale(chosen) ? chosen : headerLocale(request.headers['accept-language']);
}

/** The built index.html's stylesheet links (Vite writes one for the app's CSS). */
const STYLESHEET_LINK = /<link rel="stylesheet"( crossorigin)? href="([^"]+)">/g;

/**
 * The stylesheet links made to wait: the critical rules inline, the whole sheet loaded as "print" (which never
 * blocks a paint) until the app's entry switches it on (web/main.tsx), and as it was for a browser without scripts.
 */
function deferredStylesheets(template: string, critical: string): string {
  let first = true;
  return template.replace(STYLESHEET_LINK, (link, crossorigin: string | undefined, href: string) => {
    const inline = first ? `<style data-critical>${critical.replace(/<\/style/gi, '<\\/style')}</style>` : '';
    first = false;
    return `${inline}<link rel="stylesheet"${crossorigin ?? ''} href="${href}" media="print" data-full-styles><noscript>${link}</noscript>`;
  });
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The app's entry and its preloads moved past the first paint: web/public/after-paint.js asks for them once the
 * page is on screen, so on a slow connection the page's HTML and styles have the bandwidth to themselves.
 */
function scriptsAfterPaint(template: string): string {
  const entry = template.match(ENTRY_SCRIPT)?.[1];
  if (!entry) return template;
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  return template
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      `<script type="module" src="/after-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`,
    );
}

/**
 * index.html with a drawn page in it: language, title, description, link-preview tags, the page's critical styles
 * (when given), the page and its state.
 */
export function pageDocument(
  template: string,
  page: DrawnPage,
  publicUrl: string,
  critical?: string,
): string {
  const state: ServerDrawnState = { locale: page.locale, queries: page.queries, parts: page.parts };
  // The server's own paths after PUBLIC_URL (which may carry a path of its own); a storage's full URL as it is.
  const absolute = (href: string) =>
    /^https?:\/\//i.test(href) ? href : `${publicUrl.replace(/\/$/, '')}/${href.replace(/^\//, '')}`;
  const pageUrl = absolute(page.canonicalPath);
  const image = page.course?.thumbnailUrl ? absolute(page.course.thumbnailUrl) : null;
  const meta = [
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Gurukul" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}" />`,
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
        ]
      : []),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    // A course's page says what it is to search engines: schema.org's Course (a data block, never run as script).
    ...(page.course
      ? [
          `<script type="application/ld+json">${jsonInHtml(courseStructuredData(page.course, pageUrl, absolute))}</script>`,
        ]
      : []),
  ].join('\n    ');
  const stateJson = jsonInHtml(state);
  // Replaced through functions: a replacement string would read "$&" or "$'" in a course's title as patterns.
  return scriptsAfterPaint(critical === undefined ? template : deferredStylesheets(template, critical))
    .replace(
      /<html lang="[^"]*">/,
      // Public pages are always light (the "home" theme): Mantine's colours apply before its script sets this.
      () => `<html lang="${page.locale}" data-mantine-color-scheme="light">`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" ?\/?>/, () => meta)
    .replace(
      ROOT,
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_DRAWN_STATE_ID}">${stateJson}</script>`,
    );
}

/**
 * A drawn document as sent: compressed once per drawing in the encoding each browser asks for. The serving hooks
 * compress routes' answers, and a drawn page is no route (it is the not-found handler's). 80 kB of page and inline
 * styles are 12 kB in brotli: over slow 4G that is a third of a second before the first paint.
 */
export type DrawnDocument = EncodedText;

/** Draws pages and keeps each (address, language) for a minute, one drawing at a time per key. */
export interface PageDrawer {
  /** The whole document of a public page, or null when the browser draws this address. */
  document(request: FastifyRequest): Promise<DrawnDocument | null>;
}

/**
 * The drawer of a built web app, or null when it has no drawing (an older build, a test's miniature app): every
 * address is then sent index.html, as before. A drawing that does not load sends index.html likewise.
 */
export async function loadPageDrawer(
  app: FastifyInstance,
  webDist: string,
  publicUrl: string,
): Promise<PageDrawer | null> {
  const log = app.log;
  const file = path.join(webDist, DRAWING_FILE);
  const templateFile = path.join(webDist, 'index.html');
  if (!existsSync(file) || !existsSync(templateFile)) return null;
  const template = readFileSync(templateFile, 'utf8');
  if (!template.includes(ROOT)) {
    log.warn({ templateFile }, 'index.html has no empty root element; public pages are drawn in the browser');
    return null;
  }
  // The drawing (React, Mantine and every public page: over a second to import) and the stylesheet's critical
  // rules are loaded with the first page drawn, not at start: a restart is not held up by them.
  let loading:
    | Promise<{ entry: EntryServer; critical: ((html: string) => string) | null } | null>
    | undefined;
  const load = () => {
    loading ??= (async () => {
      try {
        const entry = (await import(pathToFileURL(file).href)) as EntryServer;
        // The app's stylesheet, read once: each drawn page inlines the part it uses (critical-css.ts).
        const sheets = [...template.matchAll(STYLESHEET_LINK)].map(([, , href]) =>
          readFileSync(path.join(webDist, (href ?? '').replace(/^\//, '')), 'utf8'),
        );
        return { entry, critical: sheets.length > 0 ? criticalStyles(sheets.join('\n')) : null };
      } catch (error) {
        log.warn({ err: error }, 'the public pages drawing did not load; they are drawn in the browser');
        return null;
      }
    })();
    return loading;
  };
  const cache = new Map<string, { at: number; document: Promise<DrawnDocument | null> }>();
  let minute = { started: 0, drawings: 0 };
  // A page's data is asked of the server itself, as a visitor without a session: the same routes, checks and
  // answers the browser would get (a refused read leaves that part of the page loading).
  const read = async (url: string, locale: Locale): Promise<Response> => {
    if (!url.startsWith('/api/')) return new Response(null, { status: 404 });
    const answer = await app.inject({ method: 'GET', url, headers: { 'accept-language': locale } });
    return new Response(answer.statusCode === 204 ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
  const draw = async (url: string, locale: Locale): Promise<DrawnDocument | null> => {
    try {
      const drawing = await load();
      const page = drawing ? await drawing.entry.drawPage(url, locale, read) : null;
      if (!drawing || !page) return null;
      return encodedText(pageDocument(template, page, publicUrl, drawing.critical?.(page.html)));
    } catch (error) {
      log.warn({ err: error, url }, 'drawing a public page failed; the browser draws it');
      return null;
    }
  };
  return {
    document(request) {
      if (request.url.length > URL_MAX) return Promise.resolve(null);
      // A reader with a session in this browser is sent home by it: the visitor's page would only flash first.
      if (readCookie(request.headers.cookie, SIGNED_IN_COOKIE)) return Promise.resolve(null);
      const locale = pageLocaleOf(request);
      const key = `${locale} ${request.url}`;
      const now = Date.now();
      const kept = cache.get(key);
      if (kept && now - kept.at < DRAWN_PAGE_TTL_MS) return kept.document;
      if (now - minute.started >= 60_000) minute = { started: now, drawings: 0 };
      if (minute.drawings >= DRAWINGS_PER_MINUTE) return Promise.resolve(null);
      minute.drawings += 1;
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
