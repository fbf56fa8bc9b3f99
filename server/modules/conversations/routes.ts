import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conversationListQuerySchema, correctionSchema, replySchema } from '../../../common/contracts/gurus';
import { actorOf } from '../../http/access';
import { assertConversationsModule } from './access';
import {
  correctAnswer,
  listConversations,
  replyInConversation,
  unreadConversationIds,
  viewConversation,
} from './service';

const READERS = ['student', 'teacher', 'institute', 'admin'] as const;
const conversationParams = z.object({ conversationId: z.uuid({ error: 'Conversation not found' }) });

/** Conversation Management: lists, transcripts, replies in person and corrections of guru answers. */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/conversations',
    { config: { access: READERS }, schema: { querystring: conversationListQuerySchema } },
    async (request) => {
      const actor = actorOf(request);
      await assertConversationsModule(app, actor);
      return listConversations(app, actor, request.query);
    },
  );

  // Not behind the module check: the side navigation asks on every page and a plan without it has no dot.
  app.get('/api/conversations/unread', { config: { access: READERS } }, async (request) => ({
    newChatIds: await unreadConversationIds(app, actorOf(request)),
  }));

  app.get(
    '/api/conversations/:conversationId',
    { config: { access: READERS }, schema: { params: conversationParams } },
    async (request) => {
      const actor = actorOf(request);
      await assertConversationsModule(app, actor);
      return viewConversation(app, actor, request.params.conversationId);
    },
  );

  app.post(
    '/api/conversations/:conversationId/replies',
    { config: { access: READERS }, schema: { params: conversationParams, body: replySchema } },
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
      config: { access: ['admin', 'institute', 'teacher'] },
      schema: {
        params: conversationParams.extend({ messageId: z.uuid({ error: 'Message not found' }) }),
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
};
