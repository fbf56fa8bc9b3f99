import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { MAX_WATCH_RANGES } from '../../../common/watch-ranges';
import { actorOf } from '../../http/access';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { loadLiveCourse } from '../catalog/service';
import { sendHlsFile } from '../files/hls';
import {
  courseByShareToken,
  learnerCourse,
  listSubscriptions,
  loadLearnableCourse,
  recordProgress,
  subscribe,
} from './service';

const LEARNERS = rolesWith('learn');
/** Learners, plus admins who may look at any course as its students see it. */
const VIEWERS = rolesWith('watch');
const courseParams = z.object({
  courseId: z.uuid({ error: said('server.learning.courseNotFound').english }),
});
/** A number of seconds, its messages naming the field (each a server text, answered in the caller's language). */
const SECONDS_MESSAGES = {
  position: {
    notSeconds: said('server.learning.schema.positionNotSeconds').english,
    negative: said('server.learning.schema.positionNegative').english,
    tooLarge: said('server.learning.schema.positionTooLarge').english,
  },
  range: {
    notSeconds: said('server.learning.schema.rangeNotSeconds').english,
    negative: said('server.learning.schema.rangeNegative').english,
    tooLarge: said('server.learning.schema.rangeTooLarge').english,
  },
} as const;
const seconds = (field: keyof typeof SECONDS_MESSAGES) =>
  z
    .number({ error: SECONDS_MESSAGES[field].notSeconds })
    .min(0, SECONDS_MESSAGES[field].negative)
    .max(1_000_000, SECONDS_MESSAGES[field].tooLarge);
const progressBody = z.object({
  positionSeconds: seconds('position'),
  /** The parts played since the player opened (`video.played`); merged with what the server has. */
  watchedRanges: z
    .array(z.tuple([seconds('range'), seconds('range')]))
    .max(MAX_WATCH_RANGES, said('server.learning.schema.tooManyRanges').english),
});

/** Subscriptions, the course player (live version only), watch progress and share links. */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/learning/courses/:courseId/subscribe',
    { config: { access: LEARNERS }, schema: { params: courseParams } },
    async (request) => {
      const { course, snapshot } = await loadLiveCourse(app, request.params.courseId);
      return subscribe(app, actorOf(request), course, snapshot);
    },
  );

  app.get('/api/learning/subscriptions', { config: { access: LEARNERS } }, async (request) => ({
    courses: await listSubscriptions(app, actorOf(request)),
  }));

  app.get(
    '/api/learning/courses/:courseId',
    { config: { access: VIEWERS }, schema: { params: courseParams } },
    async (request) => learnerCourse(app, actorOf(request), request.params.courseId),
  );

  // The player fetches the playlist and its segments (relative names) here with the Authorization header.
  app.get(
    '/api/learning/courses/:courseId/videos/:videoId/hls/:file',
    {
      config: { access: VIEWERS },
      schema: {
        params: courseParams.extend({
          videoId: z.uuid({ error: said('server.learning.videoNotFound').english }),
          file: z.string().max(64),
        }),
      },
    },
    async (request, reply) => {
      const { snapshot } = await loadLearnableCourse(app, actorOf(request), request.params.courseId);
      const video = snapshot.videos.find((v) => v.id === request.params.videoId);
      if (!video) throw notFound(said('server.learning.videoNotFound'));
      return sendHlsFile(
        app,
        reply,
        { processingStatus: 'ready', hlsPath: video.hlsPath },
        request.params.file,
      );
    },
  );

  app.put(
    '/api/learning/videos/:videoId/progress',
    {
      config: { access: LEARNERS },
      schema: {
        params: z.object({ videoId: z.uuid({ error: said('server.learning.videoNotFound').english }) }),
        body: progressBody,
      },
    },
    async (request) => recordProgress(app, actorOf(request), request.params.videoId, request.body),
  );

  app.post(
    '/api/learning/share/:token',
    {
      config: { access: rolesWith('join-shared-course') },
      schema: { params: z.object({ token: z.string().min(1).max(100) }) },
    },
    async (request) => {
      const { course, snapshot } = await courseByShareToken(app, request.params.token);
      await subscribe(app, actorOf(request), course, snapshot);
      return { courseId: course.id };
    },
  );
};
