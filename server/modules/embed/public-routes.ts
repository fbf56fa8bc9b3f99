import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMBED_MSG,
  type EmbedGuru,
  type EmbedSession,
  VISITOR_KEY_HEADER,
} from '../../../common/contracts/embed';
import { askSchema } from '../../../common/contracts/gurus';
import { GURU_MSG } from '../../../common/gurus';
import { conversations, gurus } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, notFound, unauthenticated } from '../../http/errors';
import { localeOf } from '../../http/locale';
import { said } from '../../i18n/said';
import { askInConversation } from '../conversations/ask';
import { type GuruRow, loadTalkableGuru } from '../gurus/access';
import {
  canAnswer,
  openSession,
  ownerHolderOf,
  sessionGuruView,
  sessionLimitReached,
} from '../gurus/session-service';
import { assertModule } from '../plans/module-access';
import { anonymousPlaces, takeVisitorQuestion, visitorKeyOf } from './quotas';
import { assertEmbeddedOn, visitorKeyHash, visitorsMayAsk } from './sites';

export { ANONYMOUS_QUESTIONS_PER_SESSION } from './quotas';

const guruParams = z.object({ guruId: z.uuid({ error: said('server.embed.guruNotFound').english }) });
const conversationParams = z.object({
  conversationId: z.uuid({ error: said('server.embed.conversationNotFound').english }),
});

/** Why nobody can start a session on the guru now (not trained, the owner's plan), or null. */
async function embedUnavailableReason(app: App, guru: GuruRow): Promise<string | null> {
  if (!canAnswer(guru)) return GURU_MSG.notReady;
  try {
    await assertModule(app, await ownerHolderOf(app, guru), 'gurus', 'use');
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  return (await sessionLimitReached(app, guru)) ? GURU_MSG.sessionLimit : null;
}

/**
 * Whether a signed-in caller may talk to the guru as themselves. Refused: an error, unless visitors may ask
 * on the site, when they ask as one instead (a student of another course is no worse off than a visitor).
 */
async function mayTalk(app: App, actor: Actor, guruId: string, visitorsMayAsk: boolean): Promise<boolean> {
  try {
    await loadTalkableGuru(app, actor, guruId);
    return true;
  } catch (error) {
    if (visitorsMayAsk && error instanceof AppError && error.code === 'FORBIDDEN') return false;
    throw error;
  }
}

async function guruOr404(app: App, guruId: string): Promise<GuruRow> {
  const guru = await app.db.query.gurus.findFirst({ where: eq(gurus.id, guruId) });
  if (!guru) throw notFound(said('server.embed.guruNotFound'));
  return guru;
}

/**
 * The embedded guru's API, called by the embed page (/embed/guru/:id) inside the owner's site. Every call is
 * made for a site (assertEmbeddedOn): only the owner's registered origin is answered. Signed-in students ask
 * as themselves (subscribed to one of the guru's courses, as in the app); visitors without an account may ask
 * when the owner allows it, holding a key only they were given. Every session counts against the owner's plan;
 * visitors' sessions only within the site's share of it and their own and their address's daily places
 * (quotas.ts, decision 053), which is all a caller naming the site gets, whatever it claims.
 */
export const embedPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/embed/gurus/:guruId',
    { config: { access: 'public' }, schema: { params: guruParams } },
    async (request) => {
      const guru = await guruOr404(app, request.params.guruId);
      const site = await assertEmbeddedOn(app, request, guru);
      const view = await sessionGuruView(app, guru, await embedUnavailableReason(app, guru));
      const answer: EmbedGuru = {
        id: view.id,
        name: view.name,
        subject: view.subject,
        introductionText: view.introductionText,
        avatarImageUrl: view.avatarImageUrl,
        brandLogoUrl: view.brandLogoUrl,
        demoQuestions: view.demoQuestions,
        allowAnonymous: visitorsMayAsk(site),
        available: view.available,
        unavailableReason: view.unavailableReason,
      };
      return answer;
    },
  );

  app.post(
    '/api/embed/gurus/:guruId/sessions',
    { config: { access: 'public' }, schema: { params: guruParams } },
    async (request, reply) => {
      const guru = await guruOr404(app, request.params.guruId);
      const site = await assertEmbeddedOn(app, request, guru);
      let session: EmbedSession;
      // A signed-in student asks as themselves when the app's rule lets them (subscribed to one of the guru's
      // courses, or its owner side); anyone else asks as a visitor where the owner allows it.
      const entitled = request.actor
        ? await mayTalk(app, request.actor, guru.id, visitorsMayAsk(site))
        : false;
      if (request.actor && entitled) {
        const id = await openSession(app, guru, { userId: request.actor.userId, embedOrigin: site.origin });
        session = { conversationId: id, visitorKey: null };
      } else {
        if (!visitorsMayAsk(site)) throw unauthenticated(EMBED_MSG.signInToAsk);
        // The visitor's key from an earlier session here, or a new one: it holds all their sessions.
        const { key, hash } = visitorKeyOf(request);
        const id = await openSession(
          app,
          guru,
          { userId: null, visitorTokenHash: hash, embedOrigin: site.origin },
          // A signed-in caller asking as a visitor is one visitor however many keys they are given.
          anonymousPlaces(
            app,
            request,
            site,
            request.actor ? visitorKeyHash(`user:${request.actor.userId}`) : hash,
          ),
        );
        session = { conversationId: id, visitorKey: key };
      }
      reply.status(201);
      return session;
    },
  );

  app.post(
    '/api/embed/conversations/:conversationId/ask',
    {
      compress: false,
      config: { access: 'public' },
      schema: { params: conversationParams, body: askSchema },
    },
    async (request, reply) => {
      const [row] = await app.db
        .select({ conversation: conversations, guru: gurus })
        .from(conversations)
        .innerJoin(gurus, eq(gurus.id, conversations.guruId))
        .where(eq(conversations.id, request.params.conversationId))
        .limit(1);
      if (!row) throw notFound(said('server.embed.conversationNotFound'));
      await assertEmbeddedOn(app, request, row.guru);
      const { conversation } = row;
      if (conversation.userId) {
        // Someone else's session reveals nothing, as in the app.
        if (request.actor?.userId !== conversation.userId)
          throw notFound(said('server.embed.conversationNotFound'));
      } else {
        const key = request.headers[VISITOR_KEY_HEADER];
        if (typeof key !== 'string' || visitorKeyHash(key) !== conversation.visitorTokenHash)
          throw notFound(said('server.embed.conversationNotFound'));
        // A guru that cannot answer takes no question; otherwise the question's place is taken first.
        if (!canAnswer(row.guru)) throw new AppError('CONFLICT', GURU_MSG.notReady);
        await takeVisitorQuestion(app, conversation.id);
      }
      const stream = await askInConversation(
        app,
        row,
        conversation.userId,
        request.body.question,
        localeOf(request),
      );
      reply.header('x-accel-buffering', 'no');
      reply.type('application/x-ndjson; charset=utf-8');
      return reply.send(stream);
    },
  );
};
