import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesWith } from '../../../common/capabilities';
import { actorOf } from '../../http/access';
import { dismissGettingStarted, gettingStarted } from './service';

/** The getting-started checklist of teachers' and institutes' home (decision 061). */
export const gettingStartedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/getting-started', { config: { access: rolesWith('teach') } }, async (request) =>
    gettingStarted(app, actorOf(request)),
  );

  app.post(
    '/api/getting-started/dismiss',
    { config: { access: rolesWith('teach') } },
    async (request, reply) => {
      await dismissGettingStarted(app, actorOf(request));
      return reply.status(204).send();
    },
  );
};
