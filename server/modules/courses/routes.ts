import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseInfoSchema, courseListQuerySchema } from '../../../common/contracts/courses';
import { actorOf } from '../../http/access';
import { submitForApproval } from '../approvals/transitions';
import { presentAuthoredCourse } from './presenters';
import {
  createCourse,
  deleteCourse,
  listCourses,
  loadAuthoredCourse,
  stepCompletion,
  updateCourseInfo,
} from './service';

const AUTHORS = ['admin', 'institute', 'teacher'] as const;
const params = z.object({ courseId: z.uuid({ error: 'Course not found' }) });

export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/courses',
    { config: { access: AUTHORS }, schema: { querystring: courseListQuerySchema } },
    async (request) => {
      const { rows, ...page } = await listCourses(app, actorOf(request), request.query);
      return {
        ...page,
        courses: rows.map((row) =>
          presentAuthoredCourse(app, row.course, {
            ownerName: row.ownerName,
            counts: { videos: row.videos, faqs: row.faqs, materials: row.materials },
          }),
        ),
      };
    },
  );

  app.post(
    '/api/courses',
    { config: { access: AUTHORS }, schema: { body: courseInfoSchema } },
    async (request, reply) => {
      const course = await createCourse(app, actorOf(request), request.body);
      return reply
        .status(201)
        .send(presentAuthoredCourse(app, course, { steps: await stepCompletion(app, course) }));
    },
  );

  app.get('/api/courses/:courseId', { config: { access: AUTHORS }, schema: { params } }, async (request) => {
    const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
    return presentAuthoredCourse(app, course, { steps: await stepCompletion(app, course) });
  });

  app.put(
    '/api/courses/:courseId',
    { config: { access: AUTHORS }, schema: { params, body: courseInfoSchema } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const updated = await updateCourseInfo(app, course, request.body);
      return presentAuthoredCourse(app, updated, { steps: await stepCompletion(app, updated) });
    },
  );

  app.delete(
    '/api/courses/:courseId',
    { config: { access: AUTHORS }, schema: { params } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      await deleteCourse(app, course);
      return { ok: true };
    },
  );

  app.post(
    '/api/courses/:courseId/submit',
    { config: { access: AUTHORS }, schema: { params } },
    async (request) => {
      const actor = actorOf(request);
      const course = await loadAuthoredCourse(app, actor, request.params.courseId);
      const updated = await submitForApproval(app, actor, course);
      return presentAuthoredCourse(app, updated, { steps: await stepCompletion(app, updated) });
    },
  );
};
