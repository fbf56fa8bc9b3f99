import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  dashboardQuerySchema,
  deactivateSchema,
  eraseSchema,
  extendTrialSchema,
  grantPlanSchema,
  peopleQuerySchema,
  reactivateSchema,
} from '../../../common/contracts/people';
import { actorOf } from '../../http/access';
import { badRequest } from '../../http/errors';
import { said } from '../../i18n/said';
import { dateBounds } from '../reports/learner-stats';
import { deactivate, erase, extendTrial, grantPlan, reactivate, sendPasswordReset } from './admin-actions';
import { dashboard } from './dashboard';
import { personDetail } from './detail';
import { listPeople } from './list';
import { sendPeopleCsv } from './people-csv';

const admins = { access: rolesWith('administer') } as const;
const userParams = z.object({ userId: z.uuid({ error: said('server.people.userNotFound').english }) });
const ok = { ok: true } as const;
const TEN_YEARS_MS = 3653 * 24 * 60 * 60 * 1000;

/** The admin's people: lists, one account's page, the actions on it, and the dashboard's figures. */
export const adminPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/people',
    { config: admins, schema: { querystring: peopleQuerySchema } },
    async (request, reply) => {
      const { role, format, ...filters } = request.query;
      const list = await listPeople(app, { ...filters, userTypes: [role] }, format === 'csv');
      if (format !== 'csv') return list;
      return sendPeopleCsv(reply, `${role}s`, list.rows);
    },
  );

  app.get('/api/admin/people/:userId', { config: admins, schema: { params: userParams } }, async (request) =>
    personDetail(app, actorOf(request), request.params.userId),
  );

  app.post(
    '/api/admin/people/:userId/deactivate',
    { config: admins, schema: { params: userParams, body: deactivateSchema } },
    async (request) => {
      await deactivate(app, actorOf(request), request.params.userId, request.body.reason);
      return ok;
    },
  );

  app.post(
    '/api/admin/people/:userId/reactivate',
    { config: admins, schema: { params: userParams, body: reactivateSchema } },
    async (request) => {
      await reactivate(app, actorOf(request), request.params.userId, request.body.reason);
      return ok;
    },
  );

  app.post(
    '/api/admin/people/:userId/password-reset',
    { config: admins, schema: { params: userParams } },
    async (request) => {
      await sendPasswordReset(app, actorOf(request), request.params.userId);
      return ok;
    },
  );

  app.post(
    '/api/admin/people/:userId/extend-trial',
    { config: admins, schema: { params: userParams, body: extendTrialSchema } },
    async (request) => {
      await extendTrial(app, actorOf(request), request.params.userId, request.body.days);
      return ok;
    },
  );

  app.post(
    '/api/admin/people/:userId/grant-plan',
    { config: admins, schema: { params: userParams, body: grantPlanSchema } },
    async (request) => {
      await grantPlan(app, actorOf(request), request.params.userId, request.body);
      return ok;
    },
  );

  app.post(
    '/api/admin/people/:userId/erase',
    { config: admins, schema: { params: userParams, body: eraseSchema } },
    async (request) => {
      await erase(app, actorOf(request), request.params.userId, request.body.confirmEmail);
      return ok;
    },
  );

  app.get(
    '/api/admin/dashboard',
    { config: admins, schema: { querystring: dashboardQuerySchema } },
    async (request) => {
      const { from, to } = dateBounds(request.query.from, request.query.to);
      const end = to ?? new Date();
      if (from && from > end) throw badRequest(said('server.people.startAfterEnd'));
      if (from && end.getTime() - from.getTime() > TEN_YEARS_MS) {
        throw badRequest(said('server.people.rangeTooLong'));
      }
      return dashboard(app, request.query);
    },
  );
};
