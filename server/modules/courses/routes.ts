import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { type CoursePage, courseInfoSchema, courseListQuerySchema } from '../../../common/contracts/courses';
import { ALLOWED_IMAGE_TYPES } from '../../../common/files';
import { actorOf } from '../../http/access';
import { AppError, badRequest } from '../../http/errors';
import { said } from '../../i18n/said';
import { PICTURE_SIZES } from '../../media/image-sizes';
import { imageUrlsAt, storeImageSizes, storeUpload } from '../files/uploads';
import { assertCanAddCourse } from '../plans/limits';
import { assertModule } from '../plans/module-access';
import { presentAuthoredCourse } from './presenters';
import {
  courseProgress,
  createCourse,
  deleteCourse,
  listCourses,
  loadAuthoredCourse,
  setCourseThumbnail,
  updateCourseInfo,
} from './service';
import { shareToken } from './share-token';
import { submitForApproval } from './submission';

const params = z.object({ courseId: z.uuid({ error: said('server.courses.notFound').english }) });

export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/courses',
    { config: { access: rolesWith('author') }, schema: { querystring: courseListQuerySchema } },
    async (request): Promise<CoursePage> => {
      const { rows, ...page } = await listCourses(app, actorOf(request), request.query);
      // A list shows its pictures small: their medium copies, in one lookup for the page.
      const pictures = await imageUrlsAt(
        app,
        rows.map((row) => row.course.thumbnailPath),
        'medium',
      );
      return {
        ...page,
        courses: rows.map((row) =>
          presentAuthoredCourse(app, row.course, {
            ownerName: row.ownerName,
            counts: { videos: row.videos, faqs: row.faqs, materials: row.materials },
            pictures,
          }),
        ),
      };
    },
  );

  app.post(
    '/api/courses',
    { config: { access: rolesWith('author') }, schema: { body: courseInfoSchema } },
    async (request, reply) => {
      // The plan decides whether another course may be added (limit and module), before anything is saved.
      await assertModule(app, actorOf(request), 'courses', 'create');
      await assertCanAddCourse(app, actorOf(request));
      const course = await createCourse(app, actorOf(request), request.body);
      return reply.status(201).send(presentAuthoredCourse(app, course, await courseProgress(app, course)));
    },
  );

  app.get(
    '/api/courses/:courseId',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      return presentAuthoredCourse(app, course, await courseProgress(app, course));
    },
  );

  app.put(
    '/api/courses/:courseId',
    { config: { access: rolesWith('author') }, schema: { params, body: courseInfoSchema } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const updated = await updateCourseInfo(app, course, request.body);
      return presentAuthoredCourse(app, updated, await courseProgress(app, updated));
    },
  );

  app.delete(
    '/api/courses/:courseId',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      await deleteCourse(app, course);
      return { ok: true };
    },
  );

  // The course picture: an image checked by its bytes, at most 5 MB, stored under the course's folder.
  app.post(
    '/api/courses/:courseId/thumbnail',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const part = await request.file().catch(() => undefined);
      if (!part) throw badRequest(said('server.courses.chooseImage'));
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', said('server.courses.imageTooLarge'));
      const { key } = await storeUpload(app, {
        ownerId: course.ownerId,
        folder: `courses/${course.id}/thumbnails`,
        bytes,
        claimedType: part.mimetype,
        allowed: ALLOWED_IMAGE_TYPES,
        visibility: 'shared',
      });
      // The smaller copies before the picture is named (a failed copy is skipped, never the upload).
      await storeImageSizes(app, {
        key,
        bytes,
        ownerId: course.ownerId,
        visibility: 'shared',
        sizes: PICTURE_SIZES.coursePicture,
      });
      const updated = await setCourseThumbnail(app, course, key);
      return presentAuthoredCourse(app, updated, await courseProgress(app, updated));
    },
  );

  app.post(
    '/api/courses/:courseId/submit',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request) => {
      const actor = actorOf(request);
      const course = await loadAuthoredCourse(app, actor, request.params.courseId);
      const updated = await submitForApproval(app, actor, course);
      return presentAuthoredCourse(app, updated, await courseProgress(app, updated));
    },
  );

  app.post(
    '/api/courses/:courseId/share-token',
    { config: { access: rolesWith('author') }, schema: { params: params } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const token = await shareToken(app, course);
      return {
        shareToken: token,
        url: `${app.config.publicUrl}/login?shareToken=${encodeURIComponent(token)}`,
      };
    },
  );
};
