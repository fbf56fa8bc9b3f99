import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Only under NODE_ENV=test with LIFECYCLE_TEST_ROUTES=true: the process tests need a slow and a crashing request,
 * the logs journey a request that fails with a 500.
 */
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
  // A bug in a handler: the error handler answers 500 and the logs group it with this request.
  app.get('/api/test/fail', { config: { access: 'public' } }, async () => {
    throw new Error('lifecycle test failure');
  });
  // Throws outside the request's promise chain, as a faulty stream or callback would: an uncaught exception.
  app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
    setImmediate(() => {
      throw new Error('lifecycle test crash');
    });
    return { crashing: true };
  });
};
