import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  cannedReplySchema,
  deskQuerySchema,
  deskReplySchema,
  noteSchema,
  SUPPORT_MSG,
  supportSettingsSchema,
  ticketUpdateSchema,
} from '../../../common/contracts/support';
import { actorOf } from '../../http/access';
import { said } from '../../i18n/said';
import { cannedReplies, createCannedReply, deleteCannedReply, updateCannedReply } from './canned-replies';
import { deskNote, deskQueue, deskReply, deskSummary, deskTicket, updateTicket } from './desk';
import { readSupportSettings, saveSupportSettings } from './sla';

const admins = { access: rolesWith('administer') } as const;
const ticketParams = z.object({ ticketId: z.uuid({ error: SUPPORT_MSG.ticketNotFound }) });
const replyParams = z.object({
  replyId: z.uuid({ error: said('server.support.cannedReplyNotFound').english }),
});

/** The admin's help desk: the queue, a ticket's whole record, answers, notes, changes, canned replies, targets. */
export const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/support/tickets',
    { config: admins, schema: { querystring: deskQuerySchema } },
    async (request) => deskQueue(app, actorOf(request), request.query),
  );

  app.get('/api/admin/support/summary', { config: admins }, async () => deskSummary(app));

  app.get(
    '/api/admin/support/tickets/:ticketId',
    { config: admins, schema: { params: ticketParams } },
    async (request) => deskTicket(app, request.params.ticketId),
  );

  app.post(
    '/api/admin/support/tickets/:ticketId/replies',
    { config: admins, schema: { params: ticketParams, body: deskReplySchema } },
    async (request) => deskReply(app, actorOf(request), request.params.ticketId, request.body),
  );

  app.post(
    '/api/admin/support/tickets/:ticketId/notes',
    { config: admins, schema: { params: ticketParams, body: noteSchema } },
    async (request) => deskNote(app, actorOf(request), request.params.ticketId, request.body.message),
  );

  app.patch(
    '/api/admin/support/tickets/:ticketId',
    { config: admins, schema: { params: ticketParams, body: ticketUpdateSchema } },
    async (request) => updateTicket(app, actorOf(request), request.params.ticketId, request.body),
  );

  app.get('/api/admin/support/canned-replies', { config: admins }, async () => ({
    replies: await cannedReplies(app),
  }));

  app.post(
    '/api/admin/support/canned-replies',
    { config: admins, schema: { body: cannedReplySchema } },
    async (request, reply) =>
      reply.code(201).send(await createCannedReply(app, actorOf(request).userId, request.body)),
  );

  app.put(
    '/api/admin/support/canned-replies/:replyId',
    { config: admins, schema: { params: replyParams, body: cannedReplySchema } },
    async (request) => updateCannedReply(app, request.params.replyId, request.body),
  );

  app.delete(
    '/api/admin/support/canned-replies/:replyId',
    { config: admins, schema: { params: replyParams } },
    async (request) => {
      await deleteCannedReply(app, request.params.replyId);
      return { ok: true };
    },
  );

  app.get('/api/admin/support/settings', { config: admins }, async () => readSupportSettings(app));

  app.put(
    '/api/admin/support/settings',
    { config: admins, schema: { body: supportSettingsSchema } },
    async (request) => saveSupportSettings(app, request.body),
  );
};
