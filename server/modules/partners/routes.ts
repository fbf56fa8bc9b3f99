import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  campaignLinkSchema,
  commissionQuerySchema,
  linkArchiveSchema,
  REFERRAL_MSG,
  referralVisitSchema,
  referredQuerySchema,
  summaryQuerySchema,
} from '../../../common/contracts/partners';
import { actorOf } from '../../http/access';
import { recordClick, safeLandingPath, visitFromApp } from './attribution';
import { attributionCookie, readAttributionCookie } from './attribution-cookie';
import { commissionPage } from './commissions';
import { createCampaignLink, listLinks, setLinkArchived } from './links';
import { partnerSummary, referredPage } from './report';

const referrers = { access: rolesWith('refer') } as const;
const linkParams = z.object({ linkId: z.uuid({ error: REFERRAL_MSG.unknownCode }) });
// A code in a path is checked like the contract's, but a bad one redirects rather than answering 400.
const codePattern = /^[A-Za-z0-9_-]{4,32}$/;

/** The referral programme for visitors (the link and its `?ref=` form) and for partners (decision 034). */
export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Not under /api: the address partners share. A browser visit carries no login, so the sign-up decides.
  app.get(
    '/r/:code',
    {
      schema: {
        params: z.object({ code: z.string() }),
        querystring: z.object({ to: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const target = safeLandingPath(request.query.to);
      const { code } = request.params;
      // A HEAD (link checkers, previews) is answered alike but never counted.
      if (request.method === 'HEAD') return reply.redirect(target, 302);
      const outcome = codePattern.test(code)
        ? await recordClick(app, {
            code,
            landing: target,
            address: request.ip,
            userAgent: request.headers['user-agent'],
            cookie: readAttributionCookie(request.headers.cookie),
          })
        : ({ kind: 'unknown' } as const);
      reply.header('cache-control', 'no-store');
      if (outcome.kind === 'unknown' || outcome.kind === 'archived')
        return reply.redirect('/?referral=invalid', 302);
      if (outcome.kind === 'attributed')
        reply.header(
          'set-cookie',
          attributionCookie(outcome.cookie, app.config.publicUrl, outcome.cookieDays),
        );
      return reply.redirect(target, 302);
    },
  );

  app.post(
    '/api/referrals/visit',
    { config: { access: 'public', allowWhenEnded: true }, schema: { body: referralVisitSchema } },
    async (request, reply) => {
      const { result, cookie } = await visitFromApp(app, request.actor, {
        code: request.body.code,
        landing: request.body.landing ? safeLandingPath(request.body.landing) : null,
        address: request.ip,
        userAgent: request.headers['user-agent'],
        cookie: readAttributionCookie(request.headers.cookie),
      });
      if (cookie)
        reply.header('set-cookie', attributionCookie(cookie.value, app.config.publicUrl, cookie.cookieDays));
      return result;
    },
  );

  app.get('/api/partner/links', { config: referrers }, async (request) => ({
    links: await listLinks(app.db, actorOf(request).userId, app.config.publicUrl),
  }));

  app.post(
    '/api/partner/links',
    { config: referrers, schema: { body: campaignLinkSchema } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createCampaignLink(app.db, actorOf(request).userId, request.body, app.config.publicUrl)),
  );

  app.patch(
    '/api/partner/links/:linkId',
    { config: referrers, schema: { params: linkParams, body: linkArchiveSchema } },
    async (request) =>
      setLinkArchived(
        app.db,
        actorOf(request).userId,
        request.params.linkId,
        request.body.archived,
        app.config.publicUrl,
      ),
  );

  app.get(
    '/api/partner/report/summary',
    { config: referrers, schema: { querystring: summaryQuerySchema } },
    async (request) => partnerSummary(app.db, actorOf(request).userId, request.query),
  );

  app.get(
    '/api/partner/report/referred',
    { config: referrers, schema: { querystring: referredQuerySchema } },
    async (request) => referredPage(app.db, actorOf(request).userId, request.query, 'partner'),
  );

  app.get(
    '/api/partner/report/commissions',
    { config: referrers, schema: { querystring: commissionQuerySchema } },
    async (request) => commissionPage(app.db, actorOf(request).userId, request.query, 'partner'),
  );
};
