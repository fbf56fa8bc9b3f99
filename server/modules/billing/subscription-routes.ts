import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { actorOf } from '../../http/access';
import {
  cancelSubscription,
  downgradeSubscription,
  mySubscription,
  resumeSubscription,
} from './subscription-service';

/** Owners only, and open after a trial or subscription ended so they can see where they stand and pay. */
const OWNERS = { access: rolesWith('hold-plan'), allowWhenEnded: true } as const;

/** The owner's subscription: read it, cancel or resume at the period end, downgrade from the period end. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/billing/subscription', { config: OWNERS }, async (request) =>
    mySubscription(app, actorOf(request)),
  );

  app.post('/api/billing/subscription/cancel', { config: OWNERS }, async (request) =>
    cancelSubscription(app, actorOf(request)),
  );

  app.post('/api/billing/subscription/resume', { config: OWNERS }, async (request) =>
    resumeSubscription(app, actorOf(request)),
  );

  app.post(
    '/api/billing/subscription/downgrade',
    { config: OWNERS, schema: { body: z.object({ planId: z.uuid('Choose a plan') }) } },
    async (request) => downgradeSubscription(app, actorOf(request), request.body.planId),
  );
};
