import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { faqSchema, faqUpdateSchema } from '../../../common/contracts/course-content';
import { actorOf } from '../../http/access';
import { said } from '../../i18n/said';
import { createFaq, deleteFaq, listFaqs, loadFaq, presentFaq, updateFaq } from './faq-service';
import { loadAuthoredCourse } from './service';

const courseParams = z.object({ courseId: z.uuid({ error: said('server.courses.notFound').english }) });
const faqParams = courseParams.extend({
  faqId: z.uuid({ error: said('server.courses.faqNotFound').english }),
});

/** Step "faq": the course's questions and answers, in order. Authors only. */
export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/courses/:courseId/faqs',
    { config: { access: rolesWith('author') }, schema: { params: courseParams } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      return { faqs: (await listFaqs(app, course)).map(presentFaq) };
    },
  );

  app.post(
    '/api/courses/:courseId/faqs',
    { config: { access: rolesWith('author') }, schema: { params: courseParams, body: faqSchema } },
    async (request, reply) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      return reply.status(201).send(presentFaq(await createFaq(app, course, request.body)));
    },
  );

  app.put(
    '/api/courses/:courseId/faqs/:faqId',
    { config: { access: rolesWith('author') }, schema: { params: faqParams, body: faqUpdateSchema } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const faq = await loadFaq(app, course, request.params.faqId);
      return presentFaq(await updateFaq(app, course, faq, request.body));
    },
  );

  app.delete(
    '/api/courses/:courseId/faqs/:faqId',
    { config: { access: rolesWith('author') }, schema: { params: faqParams } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const faq = await loadFaq(app, course, request.params.faqId);
      await deleteFaq(app, course, faq);
      return { ok: true };
    },
  );
};
