import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { integrationKeyNameSchema, integrationSchema } from '../../../common/contracts/gurus';
import { LANGUAGE_CODE_VALUES } from '../../../common/languages';
import { MSG } from '../../../common/messages';
import { voiceCatalog } from '../../../common/voices';
import { actorOf } from '../../http/access';
import { assertModule } from '../plans/module-access';
import { integrationKey, listIntegrations, removeIntegration, saveIntegration } from './service';

const keyParams = z.object({ keyName: integrationKeyNameSchema });
const voicesQuery = z.object({
  language: z.enum(['', ...LANGUAGE_CODE_VALUES], { error: MSG.selectOption }).optional(),
});

/**
 * The caller's own integration keys (D-ID, ElevenLabs). Adding or replacing a key is the Integrations plan
 * module; seeing what is saved and removing it are not, so a user whose plan lost the module can still
 * take their secret out of Gurukul.
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/integrations', { config: { access: rolesWith('author') } }, async (request) => ({
    integrations: await listIntegrations(app, actorOf(request).userId),
  }));

  // The voice pickers' list (decision 059): local voices said as such, premium names only when connected.
  // `?language=hi`: the local voices that speak a narration language (a Hindi library's picker).
  app.get(
    '/api/voices',
    { config: { access: rolesWith('author') }, schema: { querystring: voicesQuery } },
    async (request) => {
      const ownKey = await integrationKey(app, actorOf(request).userId, 'elevenLabsApiKey');
      const provider = ownKey ? 'elevenlabs' : app.config.ai.openAiSpeech ? 'openai' : 'local';
      return voiceCatalog(provider, request.query.language ?? '');
    },
  );

  app.put(
    '/api/integrations/:keyName',
    { config: { access: rolesWith('author') }, schema: { params: keyParams, body: integrationSchema } },
    async (request) => {
      const actor = actorOf(request);
      await assertModule(app, actor, 'integrations', 'use');
      return saveIntegration(app, actor.userId, request.params.keyName, request.body);
    },
  );

  app.delete(
    '/api/integrations/:keyName',
    { config: { access: rolesWith('author') }, schema: { params: keyParams } },
    async (request, reply) => {
      await removeIntegration(app, actorOf(request).userId, request.params.keyName);
      return reply.status(204).send();
    },
  );
};
