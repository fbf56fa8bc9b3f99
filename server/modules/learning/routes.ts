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
const courseParams = z.object({ courseId: z.uuid({ error: 'Course not found' }) });
const seconds = (label: string) =>
  z
    .number({ error: `${label} must be a number of seconds` })
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`);
const progressBody = z.object({
  positionSeconds: seconds('The position'),
  /** The parts played since the player opened (`video.played`); merged with what the server has. */
  watchedRanges: z
    .array(z.tuple([seconds('A watched range'), seconds('A watched range')]))
    .max(MAX_WATCH_RANGES, 'Too many watched ranges'),
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
          videoId: z.uuid({ error: 'Video not found' }),
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
      schema: { params: z.object({ videoId: z.uuid({ error: 'Video not found' }) }), body: progressBody },
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
