import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { speechSchema } from '../../../common/contracts/gurus';
import { creditsForSeconds, estimateVoiceSeconds } from '../../../common/credits';
import { GURU_MSG, type GuruVoice } from '../../../common/gurus';
import { actorOf } from '../../http/access';
import type { App } from '../../http/app-type';
import { AppError, badRequest } from '../../http/errors';
import { said } from '../../i18n/said';
import { speechForTheWire } from '../../media/speech-for-the-wire';
import { DidError, didClient } from '../../providers/avatar/d-id';
import { synthesizeWithFallback } from '../../providers/tts/speaker-for';
import { integrationKey, speakingAs } from '../integrations/service';
import { type GuruRow, loadTalkableGuru } from './access';

const guruParams = z.object({ guruId: z.uuid() });
const talkParams = z.object({ guruId: z.uuid(), talkId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

/** The signed, absolute URL D-ID fetches the guru's face from. */
function avatarSourceUrl(app: App, guru: GuruRow): string {
  if (!guru.avatarImagePath) throw badRequest(GURU_MSG.staticAvatarImage);
  const url = app.storage.signedUrl(guru.avatarImagePath, 60 * 60);
  return url.startsWith('/') ? `${app.config.publicUrl}${url}` : url;
}

/** A D-ID refusal as our own answer: a bad key or no credits the owner can fix, the rest "try again". */
function didFailure(error: unknown): AppError {
  if (!(error instanceof DidError)) return new AppError('UNAVAILABLE', said('server.gurus.didNoAnswer'));
  if (error.status === 401 || error.status === 403) return badRequest(GURU_MSG.keyCheckFailed);
  if (error.status === 402) return new AppError('PAYMENT_REQUIRED', GURU_MSG.notEnoughDidCredits);
  if (error.status === 404) return new AppError('NOT_FOUND', said('server.gurus.avatarVideoNotFound'));
  return new AppError('UNAVAILABLE', said('server.gurus.didNoAnswer'));
}

async function ownerDidKey(app: App, guru: GuruRow): Promise<string> {
  const key = await integrationKey(app, guru.ownerId, 'didApiKey');
  if (!key) throw badRequest(GURU_MSG.didKeyMissing);
  return key;
}

/** A guru's voice (POST …/speech) and its D-ID talking-head videos (…/talks). */
export const guruSpeechRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/gurus/:guruId/speech',
    {
      // Speech is spent per sentence of an answer; its budget per user speaks every sentence of long answers
      // yet keeps the endpoint from being a free text-to-speech service (server/http/rate-limits.ts).
      config: { access: rolesWith('converse'), limit: 'speech' },
      schema: { params: guruParams, body: speechSchema },
    },
    async (request, reply) => {
      const guru = await loadTalkableGuru(app, actorOf(request), request.params.guruId);
      const audio = await speechForTheWire(
        await synthesizeWithFallback(
          app,
          await speakingAs(app, guru),
          request.body.text,
          request.body.voice as GuruVoice,
        ),
      );
      return reply
        .header('content-type', audio.contentType)
        .header('x-speaker', audio.speaker)
        .send(audio.data);
    },
  );

  app.post(
    '/api/gurus/:guruId/talks',
    {
      config: { access: rolesWith('converse'), limit: 'avatarVideo' },
      schema: { params: guruParams, body: speechSchema },
    },
    async (request, reply) => {
      const guru = await loadTalkableGuru(app, actorOf(request), request.params.guruId);
      if (guru.avatarKind !== 'd_id') throw badRequest(said('server.gurus.notDidAvatar'));
      const apiKey = await ownerDidKey(app, guru);
      const sourceUrl = avatarSourceUrl(app, guru);
      const { text } = request.body;
      const client = didClient(app.config.ai.didApiBase);
      const credits = await client.credits(apiKey).catch((error) => {
        throw didFailure(error);
      });
      if (credits.remaining < creditsForSeconds(estimateVoiceSeconds(text))) {
        throw new AppError('PAYMENT_REQUIRED', GURU_MSG.notEnoughDidCredits);
      }
      const voice = (request.body.voice ?? guru.voice ?? 'alloy') as GuruVoice;
      const talk = await client.createTalk(apiKey, { sourceUrl, text, voice }).catch((error) => {
        throw didFailure(error);
      });
      return reply.status(201).send({ talkId: talk.id });
    },
  );

  app.get(
    '/api/gurus/:guruId/talks/:talkId',
    { config: { access: rolesWith('converse') }, schema: { params: talkParams } },
    async (request) => {
      const guru = await loadTalkableGuru(app, actorOf(request), request.params.guruId);
      const apiKey = await ownerDidKey(app, guru);
      const talk = await didClient(app.config.ai.didApiBase)
        .getTalk(apiKey, request.params.talkId)
        .catch((error) => {
          throw didFailure(error);
        });
      return { status: talk.status, videoUrl: talk.resultUrl };
    },
  );
};
