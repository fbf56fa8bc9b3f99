import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { galleryChoiceSchema } from '../../../common/avatar-gallery';
import { rolesWith } from '../../../common/capabilities';
import {
  avatarSchema,
  GURU_QUESTION_KINDS,
  introductionSchema,
  questionsSchema,
  sourcesSchema,
  trainingInfoSchema,
} from '../../../common/contracts/gurus';
import { actorOf } from '../../http/access';
import type { App } from '../../http/app-type';
import { said } from '../../i18n/said';
import { assertModule } from '../plans/module-access';
import { loadOwnedGuru } from './access';
import { storeGalleryPicture } from './gallery';
import { assertCanAddGuru, assertNotOverGuruLimit, guruLimitState } from './limits';
import {
  createGuru,
  deleteGuru,
  guruDetail,
  listGurus,
  replaceGuruFile,
  setAvatar,
  setIntroduction,
  setQuestions,
  setSources,
  sourceOptions,
  updateTrainingInfo,
} from './service';
import { storeAvatarGlb, storeAvatarImage, storeIntroductionVideo } from './uploads';

const params = z.object({ guruId: z.uuid({ error: said('server.gurus.notFound').english }) });
const questionParams = params.extend({
  kind: z.enum(GURU_QUESTION_KINDS, { error: said('server.gurus.schema.unknownList').english }),
});

/**
 * A guru the actor may build, for a call that changes it: the owner side only (loadOwnedGuru), and not
 * while a downgrade left the payer over the gurus limit (only reading and deleting are allowed then).
 */
async function loadForEditing(app: App, request: FastifyRequest, guruId: string) {
  const actor = actorOf(request);
  const guru = await loadOwnedGuru(app, actor, guruId);
  await assertNotOverGuruLimit(app, actor);
  await assertModule(app, actor, 'gurus', 'use');
  return { actor, guru };
}

/** Building gurus (docs/decisions/013-gurus.md "Building"); training routes live in training/. */
export const guruRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/gurus', { config: { access: rolesWith('author') } }, async (request) => {
    const actor = actorOf(request);
    const [gurus, limit] = await Promise.all([listGurus(app, actor), guruLimitState(app, actor)]);
    return { gurus, limit };
  });

  app.post(
    '/api/gurus',
    { config: { access: rolesWith('author') }, schema: { body: trainingInfoSchema } },
    async (request, reply) => {
      const actor = actorOf(request);
      await assertModule(app, actor, 'gurus', 'create');
      await assertNotOverGuruLimit(app, actor);
      await assertCanAddGuru(app, actor);
      const guru = await createGuru(app, actor, request.body);
      return reply.status(201).send(await guruDetail(app, guru));
    },
  );

  app.get('/api/gurus/source-options', { config: { access: rolesWith('author') } }, async (request) => ({
    courses: await sourceOptions(app, actorOf(request)),
  }));

  app.get(
    '/api/gurus/:guruId',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request) => guruDetail(app, await loadOwnedGuru(app, actorOf(request), request.params.guruId)),
  );

  app.delete(
    '/api/gurus/:guruId',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request, reply) => {
      await deleteGuru(app, await loadOwnedGuru(app, actorOf(request), request.params.guruId));
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/gurus/:guruId/training-information',
    { config: { access: rolesWith('author') }, schema: { params, body: trainingInfoSchema } },
    async (request) => {
      const { guru } = await loadForEditing(app, request, request.params.guruId);
      return guruDetail(app, await updateTrainingInfo(app, guru, request.body));
    },
  );

  app.put(
    '/api/gurus/:guruId/sources',
    { config: { access: rolesWith('author') }, schema: { params, body: sourcesSchema } },
    async (request) => {
      const { actor, guru } = await loadForEditing(app, request, request.params.guruId);
      return guruDetail(app, await setSources(app, actor, guru, request.body));
    },
  );

  app.put(
    '/api/gurus/:guruId/avatar',
    { config: { access: rolesWith('author') }, schema: { params, body: avatarSchema } },
    async (request) => {
      const { guru } = await loadForEditing(app, request, request.params.guruId);
      return guruDetail(app, await setAvatar(app, guru, request.body));
    },
  );

  app.post(
    '/api/gurus/:guruId/avatar-image',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request) => {
      const { guru } = await loadForEditing(app, request, request.params.guruId);
      const key = await storeAvatarImage(app, request, guru);
      return guruDetail(app, await replaceGuruFile(app, guru, 'avatarImagePath', key));
    },
  );

  app.put(
    '/api/gurus/:guruId/avatar-gallery',
    { config: { access: rolesWith('author') }, schema: { params, body: galleryChoiceSchema } },
    async (request) => {
      const { guru } = await loadForEditing(app, request, request.params.guruId);
      const key = await storeGalleryPicture(app, guru, request.body.avatar);
      return guruDetail(app, await replaceGuruFile(app, guru, 'avatarImagePath', key));
    },
  );

  app.post(
    '/api/gurus/:guruId/avatar-glb',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request) => {
      const { guru } = await loadForEditing(app, request, request.params.guruId);
      const key = await storeAvatarGlb(app, request, guru);
      return guruDetail(app, await replaceGuruFile(app, guru, 'avatarGlbPath', key));
    },
  );

  app.put(
    '/api/gurus/:guruId/introduction',
    { config: { access: rolesWith('author') }, schema: { params, body: introductionSchema } },
    async (request) => {
      const { guru } = await loadForEditing(app, request, request.params.guruId);
      return guruDetail(app, await setIntroduction(app, guru, request.body));
    },
  );

  app.post(
    '/api/gurus/:guruId/introduction-video',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request) => {
      const { guru } = await loadForEditing(app, request, request.params.guruId);
      const key = await storeIntroductionVideo(app, request, guru);
      return guruDetail(app, await replaceGuruFile(app, guru, 'introductionVideoPath', key));
    },
  );

  app.put(
    '/api/gurus/:guruId/questions/:kind',
    { config: { access: rolesWith('author') }, schema: { params: questionParams, body: questionsSchema } },
    async (request) => {
      const { guru } = await loadForEditing(app, request, request.params.guruId);
      return guruDetail(app, await setQuestions(app, guru, request.params.kind, request.body));
    },
  );
};
