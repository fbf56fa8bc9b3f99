import { createHmac } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { anonymousSessionCap, EMBED_MSG, VISITOR_KEY_HEADER } from '../../../common/contracts/embed';
import { conversations, type embedSites, embedVisitorCounts } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import type { AnonymousPlaces, SessionTx } from '../gurus/session-service';
import { newVisitorKey, visitorKeyHash } from './sites';

/**
 * What anonymous visitors of an embedding site may use (docs/decisions/053-embed-quotas.md). Nothing here
 * reads what a caller says about itself beyond its own key: the address is the one the app determines
 * (request.ip, X-Forwarded-For only from TRUST_PROXY's proxies), and every count is taken atomically in
 * PostgreSQL, so callers at once cannot pass a cap together.
 */

/** Questions one anonymous session may ask: a visitor who wants more starts a new session (counted again). */
export const ANONYMOUS_QUESTIONS_PER_SESSION = 30;

type SiteRow = typeof embedSites.$inferSelect;

/** A key the server itself could have given (32 random bytes, base64url). */
const VISITOR_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * The visitor's key: the one the embed page kept from an earlier session on this site (sent back in
 * x-visitor-key), or a new one. A caller that drops or invents keys is a new visitor each time, which the
 * per-address count still holds.
 */
export function visitorKeyOf(request: FastifyRequest): { key: string; hash: string } {
  const sent = request.headers[VISITOR_KEY_HEADER];
  if (typeof sent === 'string' && VISITOR_KEY.test(sent)) return { key: sent, hash: visitorKeyHash(sent) };
  return newVisitorKey();
}

/**
 * The client's address as the rate limits see it (an IPv6 address by its subnet), kept only as a keyed hash:
 * the table never holds a visitor's address.
 */
export function addressHolder(app: App, request: FastifyRequest): string {
  return createHmac('sha256', app.config.jwtSecret)
    .update(`embed-address:${normalizeIP(request.ip)}`)
    .digest('hex');
}

/**
 * Takes one of today's places of a holder on the site: one upsert that adds 1 only while the count is under
 * the cap, so concurrent starts are serialized on the row and never pass it. True when a place was taken.
 */
async function takePlace(
  tx: SessionTx,
  siteOwnerId: string,
  kind: 'visitor' | 'address',
  holder: string,
  cap: number,
): Promise<{ taken: boolean; firstToday: boolean }> {
  const rows = await tx
    .insert(embedVisitorCounts)
    .values({ siteOwnerId, kind, holder, day: sql`(now() at time zone 'utc')::date`, sessions: 1 })
    .onConflictDoUpdate({
      target: [
        embedVisitorCounts.siteOwnerId,
        embedVisitorCounts.kind,
        embedVisitorCounts.holder,
        embedVisitorCounts.day,
      ],
      set: { sessions: sql`${embedVisitorCounts.sessions} + 1` },
      setWhere: sql`${embedVisitorCounts.sessions} < ${cap}`,
    })
    .returning({ sessions: embedVisitorCounts.sessions });
  return { taken: rows.length > 0, firstToday: rows[0]?.sessions === 1 };
}

/**
 * The places an anonymous session on the site needs: room in the site's share of the plan this month, and
 * one of today's places for the visitor (`visitorHolder`: their key's hash, or their account's when a
 * signed-in caller asks as a visitor) and for the address. Taken inside openSession's transaction.
 */
export function anonymousPlaces(
  app: App,
  request: FastifyRequest,
  site: SiteRow,
  visitorHolder: string,
): AnonymousPlaces {
  const { perVisitorPerDay, perAddressPerDay } = app.config.embedVisitorLimits;
  return {
    cap: (planLimit) => anonymousSessionCap(planLimit, site.anonymousSharePercent),
    takePlaces: async (tx) => {
      const address = await takePlace(
        tx,
        site.ownerId,
        'address',
        addressHolder(app, request),
        perAddressPerDay,
      );
      const visitor = address.taken
        ? await takePlace(tx, site.ownerId, 'visitor', visitorHolder, perVisitorPerDay)
        : { taken: false, firstToday: false };
      if (!address.taken || !visitor.taken) throw new AppError('RATE_LIMITED', EMBED_MSG.visitorDailyLimit);
      // The first place of a new day: earlier days' counts are of no use any more.
      if (address.firstToday)
        await tx
          .delete(embedVisitorCounts)
          .where(lt(embedVisitorCounts.day, sql`(now() at time zone 'utc')::date - 1`));
    },
  };
}

/**
 * Takes one of the anonymous session's questions before it is asked: one conditional UPDATE, so questions
 * sent at once at 26 of 30 get exactly 4 places and the others a clear refusal.
 */
export async function takeVisitorQuestion(app: App, conversationId: string): Promise<void> {
  const [taken] = await app.db
    .update(conversations)
    .set({ visitorQuestions: sql`${conversations.visitorQuestions} + 1` })
    .where(
      and(
        eq(conversations.id, conversationId),
        lt(conversations.visitorQuestions, ANONYMOUS_QUESTIONS_PER_SESSION),
      ),
    )
    .returning({ asked: conversations.visitorQuestions });
  if (!taken) throw new AppError('CONFLICT', EMBED_MSG.sessionFull);
}
