import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesWith } from '../../../common/capabilities';
import { planInputSchema, planParamsSchema } from '../../../common/contracts/plans';
import {
  createPlan,
  listAllPlans,
  loadPlan,
  setPlanStatus,
  subscriberCounts,
  updatePlan,
} from './admin-service';
import { presentAdminPlan } from './presenters';

/** The admin's plan catalogue: list with subscriber counts, create, edit, retire and restore. */
export const adminPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const present = async (planId: string) => {
    const [plan, counts] = await Promise.all([loadPlan(app, planId), subscriberCounts(app)]);
    return presentAdminPlan(plan, counts.get(plan.id) ?? 0);
  };

  app.get('/api/admin/plans', { config: { access: rolesWith('administer') } }, async () => {
    const [rows, counts] = await Promise.all([listAllPlans(app), subscriberCounts(app)]);
    return { plans: rows.map((plan) => presentAdminPlan(plan, counts.get(plan.id) ?? 0)) };
  });

  app.post(
    '/api/admin/plans',
    { config: { access: rolesWith('administer') }, schema: { body: planInputSchema } },
    async (request, reply) => {
      const plan = await createPlan(app, request.body);
      return reply.status(201).send(presentAdminPlan(plan, 0));
    },
  );

  app.put(
    '/api/admin/plans/:planId',
    {
      config: { access: rolesWith('administer') },
      schema: { params: planParamsSchema, body: planInputSchema },
    },
    async (request) => {
      await updatePlan(app, request.params.planId, request.body);
      return present(request.params.planId);
    },
  );

  for (const [action, status] of [
    ['retire', 'retired'],
    ['restore', 'active'],
  ] as const) {
    app.post(
      `/api/admin/plans/:planId/${action}`,
      { config: { access: rolesWith('administer') }, schema: { params: planParamsSchema } },
      async (request) => {
        await setPlanStatus(app, request.params.planId, status);
        return present(request.params.planId);
      },
    );
  }
};
