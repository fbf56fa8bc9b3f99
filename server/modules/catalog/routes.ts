import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogCourseDetail } from '../../../common/contracts/catalog';
import { courseSubscriptions } from '../../db/schema/index';
import { forbidden, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { sendHlsFile } from '../files/hls';
import { imageUrlsAt } from '../files/uploads';
import type { CatalogAnswerCache } from './answer-cache';
import {
  cardSourceOf,
  lessonsOf,
  listCatalog,
  loadLiveCourse,
  presentCatalogCourse,
  previewPlaylistUrl,
  previewsOf,
} from './service';

const courseParams = z.object({ courseId: z.uuid({ error: said('server.catalog.courseNotFound').english }) });
const optionalText = z.string().trim().max(100).optional();
const listQuery = z.object({
  search: optionalText,
  category: optionalText,
  level: optionalText,
  language: optionalText,
  price: z.enum(['free', 'paid'], { error: said('server.catalog.schema.priceFilter').english }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** The public catalog: approved courses as their live (approved) version shows them, and their previews. */
export const catalogRoutes: FastifyPluginAsyncZod<{ answers: CatalogAnswerCache }> = async (
  app,
  { answers },
) => {
  app.get(
    '/api/catalog/courses',
    // The list is the same for everyone: who asks is never looked up (their token still names their budget).
    { config: { access: 'public', readsActor: false }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const query = request.query;
      const key = JSON.stringify([
        query.page,
        query.search,
        query.category,
        query.level,
        query.language,
        query.price,
      ]);
      const answer = await answers.answer(key, () => listCatalog(app, query));
      const { body, encoding } = answer.encodedFor(request.headers['accept-encoding']);
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(body);
    },
  );

  app.get(
    '/api/catalog/courses/:courseId',
    { config: { access: 'public' }, schema: { params: courseParams } },
    async (request): Promise<CatalogCourseDetail> => {
      const { course, teacherName, snapshot, brandLogoPath } = await loadLiveCourse(
        app,
        request.params.courseId,
      );
      const logos = await imageUrlsAt(app, [brandLogoPath], 'medium');
      let subscribed: boolean | null = null;
      if (request.actor) {
        const [found] = await app.db
          .select({ courseId: courseSubscriptions.courseId })
          .from(courseSubscriptions)
          .where(
            and(
              eq(courseSubscriptions.courseId, course.id),
              eq(courseSubscriptions.userId, request.actor.userId),
            ),
          );
        subscribed = Boolean(found);
      }
      return {
        ...presentCatalogCourse(
          app,
          cardSourceOf(course),
          teacherName,
          brandLogoPath ? (logos.get(brandLogoPath) ?? null) : null,
        ),
        lessons: lessonsOf(snapshot).map((video) => ({
          id: video.id,
          title: video.title,
          durationSeconds: video.durationSeconds,
        })),
        previews: previewsOf(snapshot).map((video) => ({
          id: video.id,
          title: video.title,
          durationSeconds: video.durationSeconds,
          posterUrl: video.posterPath ? app.storage.signedUrl(video.posterPath) : null,
          playlistUrl: previewPlaylistUrl(course.id, video.id),
          captionsUrl: video.captionsPath ? app.storage.signedUrl(video.captionsPath) : null,
        })),
        faqs: snapshot.faqs.map((faq) => ({ id: faq.id, question: faq.question, answer: faq.answer })),
        materialCount: snapshot.materials.length,
        subscribed,
      };
    },
  );

  // Preview videos of the live version play for anyone; lessons only through the learning routes.
  app.get(
    '/api/catalog/courses/:courseId/previews/:videoId/hls/:file',
    {
      config: { access: 'public' },
      schema: {
        params: courseParams.extend({
          videoId: z.uuid({ error: said('server.catalog.videoNotFound').english }),
          file: z.string().max(64),
        }),
      },
    },
    async (request, reply) => {
      const { snapshot } = await loadLiveCourse(app, request.params.courseId);
      const video = snapshot.videos.find((v) => v.id === request.params.videoId);
      if (!video) throw notFound(said('server.catalog.videoNotFound'));
      if (video.kind !== 'preview') throw forbidden(said('server.catalog.subscribeFirst'));
      return sendHlsFile(
        app,
        reply,
        { processingStatus: 'ready', hlsPath: video.hlsPath },
        request.params.file,
      );
    },
  );
};
