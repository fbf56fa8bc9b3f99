import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  enrolSchema,
  IMPORT_MAX_BYTES,
  INSTITUTE_MEMBER_ROLES,
  inviteSchema,
  memberQuerySchema,
} from '../../../common/contracts/people';
import { MSG } from '../../../common/messages';
import { actorOf } from '../../http/access';
import { AppError, badRequest } from '../../http/errors';
import { localeOf } from '../../http/locale';
import { said } from '../../i18n/said';
import { importInvites } from './import';
import { createInvite, listInvites, revokeInvite, seatUse } from './invites';
import { listPeople } from './list';
import { enrolMember, instituteCourses, removeMember } from './members';
import { sendPeopleCsv } from './people-csv';

const institutes = { access: rolesWith('manage-institute') } as const;
const userParams = z.object({ userId: z.uuid({ error: said('server.people.userNotFound').english }) });
const ok = { ok: true } as const;

/** An institute's own teachers and students: lists, invitations, CSV import, removal and enrolment. */
export const institutePeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/institute/people',
    { config: institutes, schema: { querystring: memberQuerySchema } },
    async (request, reply) => {
      const { role, format, ...filters } = request.query;
      const actor = actorOf(request);
      const list = await listPeople(
        app,
        { ...filters, userTypes: [role], instituteId: actor.userId },
        format === 'csv',
      );
      if (format !== 'csv') return list;
      return sendPeopleCsv(reply, `${role}s`, list.rows);
    },
  );

  app.delete(
    '/api/institute/people/:userId',
    { config: institutes, schema: { params: userParams } },
    async (request) => {
      await removeMember(app, actorOf(request), request.params.userId);
      return ok;
    },
  );

  app.get('/api/institute/courses', { config: institutes }, async (request) => ({
    courses: await instituteCourses(app, actorOf(request)),
  }));

  app.post(
    '/api/institute/people/:userId/enrolments',
    { config: institutes, schema: { params: userParams, body: enrolSchema } },
    async (request) => enrolMember(app, actorOf(request), request.params.userId, request.body.courseId),
  );

  app.get(
    '/api/institute/invites',
    {
      config: institutes,
      schema: { querystring: z.object({ role: z.enum(INSTITUTE_MEMBER_ROLES).optional() }) },
    },
    async (request) => {
      const actor = actorOf(request);
      return {
        invites: await listInvites(app, actor.userId, request.query.role),
        seats: await seatUse(app, actor),
      };
    },
  );

  app.post(
    '/api/institute/invites',
    { config: institutes, schema: { body: inviteSchema } },
    async (request, reply) => reply.status(201).send(await createInvite(app, actorOf(request), request.body)),
  );

  app.delete(
    '/api/institute/invites/:inviteId',
    {
      config: institutes,
      schema: {
        params: z.object({ inviteId: z.uuid({ error: said('server.people.inviteNotFound').english }) }),
      },
    },
    async (request) => {
      await revokeInvite(app, actorOf(request).userId, request.params.inviteId);
      return ok;
    },
  );

  app.post(
    '/api/institute/invites/import',
    {
      config: institutes,
      schema: {
        querystring: z.object({ role: z.enum(INSTITUTE_MEMBER_ROLES, { error: MSG.selectOption }) }),
      },
    },
    async (request) => {
      const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
      if (!part) throw badRequest(said('server.people.chooseCsv'));
      const bytes = await part.toBuffer();
      if (part.file.truncated)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          said('server.people.fileTooLarge', { max: IMPORT_MAX_BYTES / 1024 }),
        );
      return importInvites(app, actorOf(request), bytes, request.query.role, localeOf(request));
    },
  );
};
