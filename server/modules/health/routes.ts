import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', database: 'up' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    }
  });
};
