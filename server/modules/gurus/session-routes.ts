import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { actorOf } from '../../http/access';
import { said } from '../../i18n/said';
import { gurusForCourse, sessionInfo, startSession } from './session-service';

const guruParams = z.object({ guruId: z.uuid({ error: said('server.gurus.notFound').english }) });

/** The live session: which gurus a course has, whether one can talk now, starting one (asking: conversations). */
export const guruSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/gurus/for-course/:courseId',
    {
      config: { access: rolesWith('converse') },
      schema: {
        params: z.object({ courseId: z.uuid({ error: said('server.gurus.courseNotFound').english }) }),
      },
    },
    async (request) => ({ gurus: await gurusForCourse(app, actorOf(request), request.params.courseId) }),
  );

  app.get(
    '/api/gurus/:guruId/session-info',
    { config: { access: rolesWith('converse') }, schema: { params: guruParams } },
    async (request) => sessionInfo(app, actorOf(request), request.params.guruId),
  );

  app.post(
    '/api/gurus/:guruId/sessions',
    {
      config: { access: rolesWith('converse') },
      schema: {
        params: guruParams,
        body: z
          .object({ courseId: z.uuid({ error: said('server.gurus.courseNotFound').english }).optional() })
          .default({}),
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      reply.status(201);
      return startSession(app, actorOf(request), request.params.guruId, body.courseId);
    },
  );
};
