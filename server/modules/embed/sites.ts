import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  EMBED_MSG,
  EMBED_ORIGIN_HEADER,
  type EmbedSiteView,
  type EmbedSnippet,
} from '../../../common/contracts/embed';
import { conversations, embedSites, gurus, users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { forbidden } from '../../http/errors';
import type { GuruRow } from '../gurus/access';

type SiteRow = typeof embedSites.$inferSelect;

export const siteView = (row: SiteRow): EmbedSiteView => ({
  url: row.url,
  origin: row.origin,
  allowAnonymous: row.allowAnonymous,
  anonymousSharePercent: row.anonymousSharePercent,
});

/** Whether visitors without an account may ask on the site: allowed, with a share of the plan above 0 %. */
export const visitorsMayAsk = (site: SiteRow) => site.allowAnonymous && site.anonymousSharePercent > 0;

export async function siteOf(app: App, ownerId: string): Promise<SiteRow | null> {
  return (await app.db.query.embedSites.findFirst({ where: eq(embedSites.ownerId, ownerId) })) ?? null;
}

/**
 * The site a guru may be embedded on: its owner's, or, for a teacher of an institute without one, the
 * institute's (an institute runs one website for all its teachers).
 */
export async function siteForGuru(app: App, guru: GuruRow): Promise<SiteRow | null> {
  const own = await siteOf(app, guru.ownerId);
  if (own) return own;
  const owner = await app.db.query.users.findFirst({ where: eq(users.id, guru.ownerId) });
  return owner?.instituteId ? siteOf(app, owner.instituteId) : null;
}

/**
 * The site a request is made for. A browser's Origin header cannot be set by a page, so a call from another
 * site is judged by it; the embed page (on our own origin) declares the origin of the page framing it, which
 * the browser has already held to the registered one through frame-ancestors. The declared origin only ever
 * narrows: it must name the registered site, and naming it gives a program that is not a browser exactly
 * what a visitor of that site has (the per-visitor, per-address and share caps of quotas.ts), never more.
 */
export function requestedOrigin(app: App, request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== new URL(app.config.publicUrl).origin) return origin;
  const declared = request.headers[EMBED_ORIGIN_HEADER];
  return typeof declared === 'string' && declared ? declared : null;
}

/** The guru's site when the request is made for it; 403 otherwise (also when no site is registered). */
export async function assertEmbeddedOn(app: App, request: FastifyRequest, guru: GuruRow): Promise<SiteRow> {
  const site = await siteForGuru(app, guru);
  if (!site || requestedOrigin(app, request) !== site.origin) throw forbidden(EMBED_MSG.notThisSite);
  return site;
}

/** What the owner pastes into their site: an inline frame, or a script that adds a chat button. */
export function snippetFor(app: App, guru: Pick<GuruRow, 'id' | 'name'>): EmbedSnippet {
  const base = app.config.publicUrl;
  const pageUrl = `${base}/embed/guru/${guru.id}`;
  const title = guru.name.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    pageUrl,
    iframe: `<iframe src="${pageUrl}" title="${title}" width="400" height="640" style="border:0;border-radius:12px;max-width:100%" allow="autoplay; microphone"></iframe>`,
    script: `<script src="${base}/embed.js" data-guru="${guru.id}" async></script>`,
  };
}

/** A new anonymous visitor's key and the hash kept of it (the key itself is never stored). */
export function newVisitorKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: visitorKeyHash(key) };
}

export const visitorKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/** Anonymous sessions this calendar month (UTC) on the owner's gurus and, for an institute, its teachers'. */
export async function anonymousSessionsThisMonth(app: App, ownerId: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(conversations)
    .innerJoin(gurus, eq(gurus.id, conversations.guruId))
    .innerJoin(users, eq(users.id, gurus.ownerId))
    .where(
      and(
        or(eq(gurus.ownerId, ownerId), eq(users.instituteId, ownerId)),
        isNull(conversations.userId),
        gte(conversations.startedAt, sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`),
      ),
    );
  return Number(row?.n ?? 0);
}
