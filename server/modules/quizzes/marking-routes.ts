import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { MARKING_PAGE_SIZE, markSchema } from '../../../common/contracts/quizzes';
import { actorOf } from '../../http/access';
import { said } from '../../i18n/said';
import { fileAnswerUrl, listMarking, loadMarkingView, markAttempt, markingCourses } from './marking-service';

const attemptParams = z.object({
  attemptId: z.uuid({ error: said('server.quizzes.attemptNotFound').english }),
});
const listQuery = z.object({
  status: z
    .enum(['submitted', 'marked'], { error: said('server.quizzes.schema.markingState').english })
    .default('submitted'),
  courseId: z.uuid({ error: said('server.quizzes.courseNotFound').english }).optional(),
  page: z.coerce
    .number({ error: said('server.quizzes.schema.pageNumber').english })
    .int()
    .min(1)
    .max(10_000)
    .default(1),
  pageSize: z.coerce
    .number({ error: said('server.quizzes.schema.pageSize').english })
    .int()
    .min(1)
    .max(50, said('server.quizzes.schema.pageSizeMax').english)
    .default(MARKING_PAGE_SIZE),
});

/** Marking long and file answers: course owners, and institutes for their teachers' courses. */
export const markingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/marking/attempts',
    { config: { access: rolesWith('teach') }, schema: { querystring: listQuery } },
    async (request) => listMarking(app, actorOf(request), request.query),
  );

  app.get('/api/marking/courses', { config: { access: rolesWith('teach') } }, async (request) => ({
    courses: await markingCourses(app, actorOf(request)),
  }));

  app.get(
    '/api/marking/attempts/:attemptId',
    { config: { access: rolesWith('teach') }, schema: { params: attemptParams } },
    async (request) => loadMarkingView(app, actorOf(request), request.params.attemptId),
  );

  app.put(
    '/api/marking/attempts/:attemptId',
    { config: { access: rolesWith('teach') }, schema: { params: attemptParams, body: markSchema } },
    async (request) => markAttempt(app, actorOf(request), request.params.attemptId, request.body),
  );

  app.get(
    '/api/marking/attempts/:attemptId/answers/:questionId/file',
    {
      config: { access: rolesWith('teach') },
      schema: {
        params: attemptParams.extend({
          questionId: z.uuid({ error: said('server.quizzes.questionNotFound').english }),
        }),
      },
    },
    async (request) =>
      fileAnswerUrl(app, actorOf(request), request.params.attemptId, request.params.questionId),
  );
};
