import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  commissionQuerySchema,
  commissionRuleSchema,
  type PartnerProgramme,
  payoutSchema,
  REFERRAL_MSG,
  referredQuerySchema,
} from '../../../common/contracts/partners';
import { actorOf } from '../../http/access';
import { commissionPage } from './commissions';
import { listLinks } from './links';
import { requirePartner } from './partners';
import { listPayouts, payOut } from './payouts';
import { partnerBalances, partnerSummary, referredPage } from './report';
import { defaultRule, resetPartnerRule, saveDefaultRule, savePartnerRule } from './rules';

const admins = { access: rolesWith('administer') } as const;
const partnerParams = z.object({ partnerId: z.uuid({ error: REFERRAL_MSG.partnerNotFound }) });

/** The admin's side of the referral programme: rules, one partner's programme, payouts, balances. */
export const adminPartnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/partners/commission-rule', { config: admins }, async () => defaultRule(app.db));

  app.put(
    '/api/admin/partners/commission-rule',
    { config: admins, schema: { body: commissionRuleSchema } },
    async (request) => saveDefaultRule(app, actorOf(request), request.body),
  );

  app.get('/api/admin/partners/balances', { config: admins }, async () => ({
    partners: await partnerBalances(app.db),
  }));

  app.get(
    '/api/admin/partners/:partnerId/programme',
    { config: admins, schema: { params: partnerParams } },
    async (request): Promise<PartnerProgramme> => {
      const { partnerId } = request.params;
      await requirePartner(app.db, partnerId);
      return {
        partnerId,
        summary: await partnerSummary(app.db, partnerId, {}),
        links: await listLinks(app.db, partnerId, app.config.publicUrl),
        payouts: await listPayouts(app.db, partnerId),
      };
    },
  );

  app.put(
    '/api/admin/partners/:partnerId/commission-rule',
    { config: admins, schema: { params: partnerParams, body: commissionRuleSchema } },
    async (request) => savePartnerRule(app, actorOf(request), request.params.partnerId, request.body),
  );

  app.delete(
    '/api/admin/partners/:partnerId/commission-rule',
    { config: admins, schema: { params: partnerParams } },
    async (request) => resetPartnerRule(app, actorOf(request), request.params.partnerId),
  );

  app.get(
    '/api/admin/partners/:partnerId/referred',
    { config: admins, schema: { params: partnerParams, querystring: referredQuerySchema } },
    async (request) => {
      await requirePartner(app.db, request.params.partnerId);
      return referredPage(app.db, request.params.partnerId, request.query, 'admin');
    },
  );

  app.get(
    '/api/admin/partners/:partnerId/commissions',
    { config: admins, schema: { params: partnerParams, querystring: commissionQuerySchema } },
    async (request) => {
      await requirePartner(app.db, request.params.partnerId);
      return commissionPage(app.db, request.params.partnerId, request.query, 'admin');
    },
  );

  app.post(
    '/api/admin/partners/:partnerId/payouts',
    { config: admins, schema: { params: partnerParams, body: payoutSchema } },
    async (request, reply) =>
      reply.code(201).send(await payOut(app, actorOf(request), request.params.partnerId, request.body.month)),
  );
};
