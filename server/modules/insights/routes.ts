import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  addFaqSchema,
  digestSettingsSchema,
  insightCourseQuerySchema,
} from '../../../common/contracts/insights';
import { actorOf } from '../../http/access';
import { said } from '../../i18n/said';
import { assertModule } from '../plans/module-access';
import { digestSettings, saveDigestSettings } from './digest';
import { addFaqFromInsights } from './faq';
import { courseInsights, listInsightCourses } from './read';
import { queueRefresh, registerRefreshWorker } from './refresh';
import { loadInsightCourse } from './scope';

/** Teachers, institutes and admins: the people who author courses and gurus (capability 'author'). */
const AUTHORS = rolesWith('author');
const courseParams = z.object({
  courseId: z.uuid({ error: said('server.insights.courseNotFound').english }),
});
const guruParams = z.object({ guruId: z.uuid({ error: said('server.insights.guruNotFound').english }) });

/**
 * Teacher insights (common/contracts/insights.ts, docs/decisions/042-teacher-insights.md): what students ask,
 * where quizzes are lost and where viewing drops, per course, read from the tables the 'insights-refresh' job
 * fills. Part of the plan's Reports module, as the other reports on one's students are.
 */
export const insightRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRefreshWorker(app);

  app.addHook('preHandler', async (request) => {
    if (request.actor && !request.routeOptions.url?.startsWith('/api/insights/digest')) {
      await assertModule(app, request.actor, 'reports', 'use');
    }
  });

  app.get(
    '/api/insights/courses',
    { config: { access: AUTHORS }, schema: { querystring: insightCourseQuerySchema } },
    async (request) => listInsightCourses(app, actorOf(request), request.query),
  );

  app.get(
    '/api/insights/courses/:courseId',
    { config: { access: AUTHORS }, schema: { params: courseParams } },
    async (request) => courseInsights(app, actorOf(request), request.params.courseId),
  );

  app.post(
    '/api/insights/courses/:courseId/refresh',
    { config: { access: AUTHORS }, schema: { params: courseParams } },
    async (request, reply) => {
      const course = await loadInsightCourse(app, actorOf(request), request.params.courseId);
      await queueRefresh(app, course.id);
      return reply.status(202).send({ queued: true });
    },
  );

  app.post(
    '/api/insights/gurus/:guruId/faq',
    { config: { access: AUTHORS }, schema: { params: guruParams, body: addFaqSchema } },
    async (request, reply) => {
      const added = await addFaqFromInsights(app, actorOf(request), request.params.guruId, request.body);
      return reply.status(201).send(added);
    },
  );

  app.get('/api/insights/digest', { config: { access: AUTHORS } }, async (request) =>
    digestSettings(app, actorOf(request).userId),
  );

  app.put(
    '/api/insights/digest',
    { config: { access: AUTHORS }, schema: { body: digestSettingsSchema } },
    async (request) => saveDigestSettings(app, actorOf(request).userId, request.body),
  );
};
