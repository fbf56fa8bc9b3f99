import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicPlansQuerySchema } from '../../../common/contracts/plans';
import { plans } from '../../db/schema/index';
import { presentPublicPlan } from './presenters';

/** The plans on sale, for the pricing page and for owners choosing a plan (even after theirs ended). */
export const publicPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/plans',
    { config: { access: 'public', allowWhenEnded: true }, schema: { querystring: publicPlansQuerySchema } },
    async (request) => {
      const rows = await app.db
        .select()
        .from(plans)
        .where(and(eq(plans.audience, request.query.audience), eq(plans.status, 'active')))
        .orderBy(asc(plans.position), asc(plans.createdAt));
      return { plans: rows.map(presentPublicPlan) };
    },
  );
};
