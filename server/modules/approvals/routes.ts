import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approvalCount } from './service';

export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/teacher/course/approval-counts', { config: { access: ['admin'] } }, async () => ({
    count: await approvalCount(app),
  }));
};
