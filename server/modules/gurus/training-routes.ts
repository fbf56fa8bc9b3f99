import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { actorOf } from '../../http/access';
import { said } from '../../i18n/said';
import { assertModule } from '../plans/module-access';
import { loadOwnedGuru } from './access';
import {
  GURU_TRAINING_QUEUE,
  type GuruTrainingJob,
  queueTraining,
  trainGuru,
  trainingState,
} from './training/train';

const guruParams = z.object({ guruId: z.uuid({ error: said('server.gurus.notFound').english }) });

/** Training a guru (the indexing job) and reading its progress; the owner side only. */
export const guruTrainingRoutes: FastifyPluginAsyncZod = async (app) => {
  // trainGuru records its own failure on the guru; a retry would only repeat a clear refusal.
  app.jobs.work<GuruTrainingJob>(GURU_TRAINING_QUEUE, (job) => trainGuru(app, job.guruId), {
    retryLimit: 0,
    expireInSeconds: 60 * 60,
  });

  app.post(
    '/api/gurus/:guruId/train',
    { config: { access: rolesWith('author') }, schema: { params: guruParams } },
    async (request, reply) => {
      const actor = actorOf(request);
      const guru = await loadOwnedGuru(app, actor, request.params.guruId);
      await assertModule(app, actor, 'gurus', 'use');
      return reply.status(202).send(await queueTraining(app, guru.id));
    },
  );

  app.get(
    '/api/gurus/:guruId/training',
    { config: { access: rolesWith('author') }, schema: { params: guruParams } },
    async (request) => {
      const actor = actorOf(request);
      const guru = await loadOwnedGuru(app, actor, request.params.guruId);
      await assertModule(app, actor, 'gurus', 'use');
      return trainingState(app, guru.id);
    },
  );
};
