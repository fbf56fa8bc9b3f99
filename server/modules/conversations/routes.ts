import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  askSchema,
  conversationListQuerySchema,
  correctionSchema,
  replySchema,
} from '../../../common/contracts/gurus';
import { actorOf } from '../../http/access';
import { localeOf } from '../../http/locale';
import { said } from '../../i18n/said';
import { assertConversationsModule } from './access';
import { openAskStream } from './ask';
import {
  correctAnswer,
  listConversations,
  replyInConversation,
  unreadConversationIds,
  viewConversation,
} from './service';

const conversationParams = z.object({
  conversationId: z.uuid({ error: said('server.conversations.notFound').english }),
});

/** Conversations: asking a guru, lists, transcripts, replies in person and corrections of guru answers. */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/conversations',
    { config: { access: rolesWith('converse') }, schema: { querystring: conversationListQuerySchema } },
    async (request) => {
      const actor = actorOf(request);
      await assertConversationsModule(app, actor);
      return listConversations(app, actor, request.query);
    },
  );

  // Not behind the module check: the side navigation asks on every page and a plan without it has no dot.
  app.get('/api/conversations/unread', { config: { access: rolesWith('converse') } }, async (request) => ({
    newChatIds: await unreadConversationIds(app, actorOf(request)),
  }));

  app.get(
    '/api/conversations/:conversationId',
    { config: { access: rolesWith('converse') }, schema: { params: conversationParams } },
    async (request) => {
      const actor = actorOf(request);
      await assertConversationsModule(app, actor);
      return viewConversation(app, actor, request.params.conversationId);
    },
  );

  app.post(
    '/api/conversations/:conversationId/replies',
    { config: { access: rolesWith('converse') }, schema: { params: conversationParams, body: replySchema } },
    async (request, reply) => {
      const actor = actorOf(request);
      await assertConversationsModule(app, actor);
      reply.status(201);
      return replyInConversation(app, actor, request.params.conversationId, request.body.message);
    },
  );

  app.post(
    '/api/conversations/:conversationId/messages/:messageId/correction',
    {
      config: { access: rolesWith('author') },
      schema: {
        params: conversationParams.extend({
          messageId: z.uuid({ error: said('server.conversations.messageNotFound').english }),
        }),
        body: correctionSchema,
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await assertConversationsModule(app, actor);
      return correctAnswer(
        app,
        actor,
        request.params.conversationId,
        request.params.messageId,
        request.body.answer,
      );
    },
  );

  app.post(
    '/api/conversations/:conversationId/ask',
    {
      // Never compressed: a compressor holds sentences back until its buffer fills, and speech waits on them.
      compress: false,
      config: { access: rolesWith('converse') },
      schema: {
        params: conversationParams,
        body: askSchema,
      },
    },
    async (request, reply) => {
      const stream = await openAskStream(
        app,
        actorOf(request),
        request.params.conversationId,
        request.body.question,
        localeOf(request),
      );
      // No proxy buffering: the browser speaks each sentence as soon as it arrives.
      reply.header('x-accel-buffering', 'no');
      reply.type('application/x-ndjson; charset=utf-8');
      return reply.send(stream);
    },
  );
};
