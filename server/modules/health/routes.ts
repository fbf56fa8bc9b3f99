import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readiness } from './readiness';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process serves requests and reaches its database. Cheap, for restarts and start-up waits.
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', database: 'up' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    }
  });

  // Readiness: whether this instance should get traffic, and if not, which dependency is missing. Public like
  // liveness (a load balancer calls it without a token); its messages name no paths, hosts or versions.
  app.get('/api/health/ready', { config: { access: 'public' } }, async (_request, reply) => {
    const answer = await readiness(app);
    return reply.status(answer.ready ? 200 : 503).send(answer);
  });
};
