import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  myTicketsQuerySchema,
  newTicketSchema,
  ratingSchema,
  replySchema,
  SUPPORT_MSG,
} from '../../../common/contracts/support';
import { actorOf } from '../../http/access';
import { deleteAttachment, uploadAttachment } from './attachments';
import {
  myTickets,
  openTicket,
  rateMyTicket,
  readMyTicket,
  replyToMyTicket,
  unreadTicketIds,
} from './tickets';

const helped = { access: rolesWith('get-help') } as const;
const ticketParams = z.object({ ticketId: z.uuid({ error: SUPPORT_MSG.ticketNotFound }) });

/** Help for every role (decision 002): one's own tickets, their threads, replies, ratings and attachments. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/support/tickets',
    { config: helped, schema: { querystring: myTicketsQuerySchema } },
    async (request) => myTickets(app, actorOf(request), request.query),
  );

  app.post(
    '/api/support/tickets',
    { config: helped, schema: { body: newTicketSchema } },
    async (request, reply) => reply.code(201).send(await openTicket(app, actorOf(request), request.body)),
  );

  app.get(
    '/api/support/tickets/:ticketId',
    { config: helped, schema: { params: ticketParams } },
    async (request) => readMyTicket(app, actorOf(request), request.params.ticketId),
  );

  app.post(
    '/api/support/tickets/:ticketId/replies',
    { config: helped, schema: { params: ticketParams, body: replySchema } },
    async (request) => replyToMyTicket(app, actorOf(request), request.params.ticketId, request.body),
  );

  app.post(
    '/api/support/tickets/:ticketId/rating',
    { config: helped, schema: { params: ticketParams, body: ratingSchema } },
    async (request) => rateMyTicket(app, actorOf(request), request.params.ticketId, request.body),
  );

  app.get('/api/support/unread', { config: helped }, async (request) => ({
    newHelpIds: await unreadTicketIds(app, actorOf(request)),
  }));

  app.post('/api/support/attachments', { config: helped }, async (request, reply) =>
    reply.code(201).send(await uploadAttachment(app, actorOf(request).userId, request)),
  );

  app.delete(
    '/api/support/attachments/:attachmentId',
    {
      config: helped,
      schema: { params: z.object({ attachmentId: z.uuid({ error: SUPPORT_MSG.attachmentNotFound }) }) },
    },
    async (request) => {
      await deleteAttachment(app, actorOf(request).userId, request.params.attachmentId);
      return { ok: true };
    },
  );
};
