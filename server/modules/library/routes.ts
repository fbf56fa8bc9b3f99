import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import type { CreatedLibrary, LibraryList } from '../../../common/contracts/library';
import {
  librarySettingsSchema,
  narrationSampleSchema,
  segmentsSchema,
} from '../../../common/contracts/library';
import type { GuruVoice } from '../../../common/gurus';
import { unreadableSlidesMessage } from '../../../common/library';
import { actorOf } from '../../http/access';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { said } from '../../i18n/said';
import { synthesizeWithFallback } from '../../providers/tts/speaker-for';
import { sendHlsFile } from '../files/hls';
import { assertStorageQuota } from '../files/uploads';
import { speakingAs } from '../integrations/service';
import { limitOf } from '../plans/limits';
import { assertModule } from '../plans/module-access';
import { loadOwnedLibrary } from './access';
import { cancelGeneration, generationState, libraryGenerationWorker, queueGeneration } from './generation';
import { assertReadyToGenerate } from './generation-checks';
import { libraryDetail } from './presenters';
import {
  assertNotGenerating,
  createLibrary,
  deleteLibrary,
  listLibraries,
  readyLibraries,
  replaceSegments,
  setAvatarImage,
  updateSettings,
} from './service';
import { readDeckUpload, storeLibraryAvatarImage } from './uploads';

const params = z.object({ libraryId: z.uuid({ error: said('server.library.schema.notFound').english }) });

/** A library the actor may change, when their plan lets them use the course library. */
async function loadForEditing(app: App, request: FastifyRequest, libraryId: string) {
  const actor = actorOf(request);
  const library = await loadOwnedLibrary(app, actor, libraryId);
  await assertModule(app, actor, 'courseLibrary', 'use');
  return { actor, library };
}

/** The course library API (common/contracts/library.ts; docs/decisions/014-course-library.md). */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(libraryGenerationWorker);

  app.get(
    '/api/course-libraries',
    { config: { access: rolesWith('author') } },
    async (request): Promise<LibraryList> => {
      const actor = actorOf(request);
      const [libraries, slideLimit] = await Promise.all([
        listLibraries(app, actor),
        limitOf(app, actor, 'slidesPerLibrary'),
      ]);
      return { libraries, slideLimit };
    },
  );

  app.post('/api/course-libraries', { config: { access: rolesWith('author') } }, async (request, reply) => {
    const actor = actorOf(request);
    try {
      await assertModule(app, actor, 'courseLibrary', 'create');
      // Refuse before reading a byte when the owner's storage is already full.
      await assertStorageQuota(app, actor.userId);
      const upload = await readDeckUpload(request);
      const { library, unreadableSlides } = await createLibrary(app, actor, upload);
      const created: CreatedLibrary = {
        ...(await libraryDetail(app, library)),
        notice: unreadableSlides.length > 0 ? unreadableSlidesMessage(unreadableSlides) : null,
      };
      return reply.status(201).send(created);
    } catch (error) {
      // Refused part-way: drop the rest of the body so the client sees the answer.
      if (!request.raw.readableEnded) request.raw.resume();
      throw error;
    }
  });

  app.get('/api/course-libraries/ready', { config: { access: rolesWith('author') } }, async (request) => ({
    libraries: await readyLibraries(app, actorOf(request)),
  }));

  app.get(
    '/api/course-libraries/:libraryId',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request) =>
      libraryDetail(app, await loadOwnedLibrary(app, actorOf(request), request.params.libraryId)),
  );

  app.put(
    '/api/course-libraries/:libraryId',
    { config: { access: rolesWith('author') }, schema: { params, body: librarySettingsSchema } },
    async (request) => {
      const { library } = await loadForEditing(app, request, request.params.libraryId);
      return libraryDetail(app, await updateSettings(app, library, request.body));
    },
  );

  app.delete(
    '/api/course-libraries/:libraryId',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request, reply) => {
      await deleteLibrary(app, await loadOwnedLibrary(app, actorOf(request), request.params.libraryId));
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/course-libraries/:libraryId/segments',
    { config: { access: rolesWith('author') }, schema: { params, body: segmentsSchema } },
    async (request) => {
      const { library } = await loadForEditing(app, request, request.params.libraryId);
      return libraryDetail(app, await replaceSegments(app, library, request.body));
    },
  );

  app.post(
    '/api/course-libraries/:libraryId/avatar-image',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request) => {
      try {
        const { library } = await loadForEditing(app, request, request.params.libraryId);
        assertNotGenerating(library);
        const key = await storeLibraryAvatarImage(app, request, library);
        return libraryDetail(app, await setAvatarImage(app, library, key));
      } catch (error) {
        if (!request.raw.readableEnded) request.raw.resume();
        throw error;
      }
    },
  );

  app.post(
    '/api/course-libraries/:libraryId/narration-sample',
    {
      // A sample is one call to the speaker; its budget keeps it from being a free speech service.
      config: { access: rolesWith('author'), limit: 'narrationSample' },
      schema: { params, body: narrationSampleSchema },
    },
    async (request, reply) => {
      const { library } = await loadForEditing(app, request, request.params.libraryId);
      const audio = await synthesizeWithFallback(
        app,
        await speakingAs(app, library),
        request.body.text,
        (request.body.voice ?? library.voice) as GuruVoice,
      ).catch(() => {
        // The shared fallback words its last resort for a guru; the wizard needs the library's sentence.
        throw new AppError('UNAVAILABLE', said('server.library.narrationNotSpoken'));
      });
      return reply
        .header('content-type', audio.contentType)
        .header('x-speaker', audio.speaker)
        .send(audio.data);
    },
  );

  app.post(
    '/api/course-libraries/:libraryId/generate',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request, reply) => {
      const { library } = await loadForEditing(app, request, request.params.libraryId);
      await assertReadyToGenerate(app, library);
      return reply.status(202).send(await queueGeneration(app, library));
    },
  );

  app.post(
    '/api/course-libraries/:libraryId/cancel',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request) =>
      cancelGeneration(app, await loadOwnedLibrary(app, actorOf(request), request.params.libraryId)),
  );

  app.get(
    '/api/course-libraries/:libraryId/generation',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request) => {
      const library = await loadOwnedLibrary(app, actorOf(request), request.params.libraryId);
      return generationState(app, library.id);
    },
  );

  // The player reads the playlist, then its segments by relative name, with the same Authorization header.
  app.get(
    '/api/course-libraries/:libraryId/hls/:file',
    {
      config: { access: rolesWith('author') },
      schema: { params: params.extend({ file: z.string().max(64) }) },
    },
    async (request, reply) => {
      const library = await loadOwnedLibrary(app, actorOf(request), request.params.libraryId);
      return sendHlsFile(
        app,
        reply,
        { processingStatus: library.hlsPath ? 'ready' : 'pending', hlsPath: library.hlsPath },
        request.params.file,
      );
    },
  );
};
