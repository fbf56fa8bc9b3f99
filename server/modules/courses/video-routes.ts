import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { itemTitleSchema, uploadTitleField, VIDEO_KINDS } from '../../../common/contracts/course-content';
import { fromLibrarySchema } from '../../../common/contracts/library';
import { selectVideoFor } from '../../../common/library';
import { actorOf } from '../../http/access';
import { AppError, badRequest } from '../../http/errors';
import { said } from '../../i18n/said';
import { sendHlsFile } from '../files/hls';
import { assertStorageQuota } from '../files/uploads';
import { CAPTIONS_MAX_BYTES, removeCaptions, setCaptions } from './captions-service';
import { addVideoFromLibrary } from './library-video';
import { loadAuthoredCourse } from './service';
import { retryVideo } from './video-recovery';
import {
  deleteVideo,
  listVideos,
  loadVideo,
  PACKAGE_VIDEO_JOB,
  type PackageVideoJob,
  packageVideo,
  presentVideo,
  updateVideo,
  uploadVideo,
} from './video-service';

const courseParams = z.object({ courseId: z.uuid({ error: said('server.courses.notFound').english }) });
const videoParams = courseParams.extend({
  videoId: z.uuid({ error: said('server.courses.videoNotFound').english }),
});
const kindField = z.enum(VIDEO_KINDS, { error: said('server.courses.schema.videoKind').english });

const uploadQuery = z.object({
  kind: kindField.default('lesson'),
  title: uploadTitleField,
});
// A rename checks the title as the rename form does (itemTitleSchema).
const updateBody = z.object({
  title: itemTitleSchema.shape.title.optional(),
  position: z
    .number({ error: said('server.courses.schema.positionWhole').english })
    .int('The position must be a whole number')
    .min(0, said('server.courses.schema.positionNegative').english)
    .max(10_000, said('server.courses.schema.positionMax').english)
    .optional(),
});

/** Course videos (lesson and preview): upload, background HLS packaging, list, edit, delete, streaming. */
export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.work<PackageVideoJob>(PACKAGE_VIDEO_JOB, (job) => packageVideo(app, job), { retryLimit: 1 });

  app.get(
    '/api/courses/:courseId/videos',
    {
      config: { access: rolesWith('author') },
      schema: { params: courseParams, querystring: z.object({ kind: kindField.optional() }) },
    },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const videos = await listVideos(app, course, request.query.kind);
      return { videos: videos.map((video) => presentVideo(app, video)) };
    },
  );

  app.post(
    '/api/courses/:courseId/videos',
    { config: { access: rolesWith('author') }, schema: { params: courseParams, querystring: uploadQuery } },
    async (request, reply) => {
      const actor = actorOf(request);
      const course = await loadAuthoredCourse(app, actor, request.params.courseId);
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', said('server.courses.videoNotMultipart'));
      }
      try {
        // Refuse before reading a byte when the owner's storage is already full.
        await assertStorageQuota(app, course.ownerId);
        const part = await request.file({
          limits: { fileSize: app.config.videoUploadMaxBytes, files: 1, fields: 10, parts: 20 },
          throwFileSizeLimit: false,
        });
        if (!part) throw badRequest(said('server.courses.chooseVideo'));
        const video = await uploadVideo(app, actor, course, {
          kind: request.query.kind,
          title: request.query.title,
          part,
        });
        return reply.status(201).send(presentVideo(app, video));
      } catch (error) {
        // Refused part-way (not a video, quota): read and drop the rest of the body, or the client waits
        // forever to finish sending it and never sees the answer.
        if (!request.raw.readableEnded) request.raw.resume();
        throw error;
      }
    },
  );

  // A lesson made from one of the owner's finished course libraries (decision 014 "Using the video").
  app.post(
    '/api/courses/:courseId/videos/from-library',
    { config: { access: rolesWith('author') }, schema: { params: courseParams, body: fromLibrarySchema } },
    async (request, reply) => {
      const actor = actorOf(request);
      const course = await loadAuthoredCourse(app, actor, request.params.courseId);
      const { title, libraryId, kind } = request.body;
      // The schema already refuses a missing library with this message; this narrows the type.
      if (!libraryId) throw badRequest(selectVideoFor(title), { libraryId: selectVideoFor(title) });
      const video = await addVideoFromLibrary(app, actor, course, { title, libraryId, kind });
      return reply.status(201).send(presentVideo(app, video));
    },
  );

  app.put(
    '/api/courses/:courseId/videos/:videoId',
    { config: { access: rolesWith('author') }, schema: { params: videoParams, body: updateBody } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const video = await loadVideo(app, course, request.params.videoId);
      return presentVideo(app, await updateVideo(app, course, video, request.body));
    },
  );

  app.delete(
    '/api/courses/:courseId/videos/:videoId',
    { config: { access: rolesWith('author') }, schema: { params: videoParams } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const video = await loadVideo(app, course, request.params.videoId);
      await deleteVideo(app, course, video);
      return { ok: true };
    },
  );

  app.post(
    '/api/courses/:courseId/videos/:videoId/retry',
    { config: { access: rolesWith('author') }, schema: { params: videoParams } },
    async (request) => {
      const actor = actorOf(request);
      const course = await loadAuthoredCourse(app, actor, request.params.courseId);
      const video = await loadVideo(app, course, request.params.videoId);
      return presentVideo(app, await retryVideo(app, actor, course, video));
    },
  );

  app.put(
    '/api/courses/:courseId/videos/:videoId/captions',
    { config: { access: rolesWith('author') }, schema: { params: videoParams } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const video = await loadVideo(app, course, request.params.videoId);
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', said('server.courses.captionsNotMultipart'));
      }
      try {
        const part = await request.file({
          limits: { fileSize: CAPTIONS_MAX_BYTES, files: 1, fields: 10, parts: 20 },
          throwFileSizeLimit: false,
        });
        if (!part) throw badRequest(said('server.courses.chooseCaptions'));
        return presentVideo(app, await setCaptions(app, course, video, part));
      } catch (error) {
        if (!request.raw.readableEnded) request.raw.resume();
        throw error;
      }
    },
  );

  app.delete(
    '/api/courses/:courseId/videos/:videoId/captions',
    { config: { access: rolesWith('author') }, schema: { params: videoParams } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const video = await loadVideo(app, course, request.params.videoId);
      return presentVideo(app, await removeCaptions(app, course, video));
    },
  );

  // The player reads the playlist, then its segments by relative name, through this route with the same
  // Authorization header (hls.js xhrSetup). Authors and admins here; learners
  // and visitors watch the live version through the learning and catalog routes.
  app.get(
    '/api/courses/:courseId/videos/:videoId/hls/:file',
    {
      config: { access: rolesWith('author') },
      schema: { params: videoParams.extend({ file: z.string().max(64) }) },
    },
    async (request, reply) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const video = await loadVideo(app, course, request.params.videoId);
      return sendHlsFile(app, reply, video, request.params.file);
    },
  );
};
