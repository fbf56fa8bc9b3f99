import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Only under NODE_ENV=test with LIFECYCLE_TEST_ROUTES=true: the process tests need a slow and a crashing request. */
export const lifecycleTestRoutesEnabled = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.NODE_ENV === 'test' && env.LIFECYCLE_TEST_ROUTES === 'true';

export const lifecycleTestRoutes: FastifyPluginAsyncZod = async (app) => {
  // In flight for `ms` inside PostgreSQL: a graceful stop must keep the database up until it answers.
  app.get(
    '/api/test/slow',
    {
      config: { access: 'public' },
      schema: { querystring: z.object({ ms: z.coerce.number().int().min(0).max(20_000) }) },
    },
    async (request) => {
      await app.db.execute(sql`select pg_sleep(${request.query.ms / 1000})`);
      return { slept: request.query.ms };
    },
  );
  // Throws outside the request's promise chain, as a faulty stream or callback would: an uncaught exception.
  app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
    setImmediate(() => {
      throw new Error('lifecycle test crash');
    });
    return { crashing: true };
  });
};
