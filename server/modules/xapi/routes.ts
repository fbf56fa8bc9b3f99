import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesWith } from '../../../common/capabilities';
import { xapiSettingsSchema } from '../../../common/contracts/xapi';
import { actorOf } from '../../http/access';
import { removeXapiSettings, saveXapiSettings, sendTestStatement, xapiSettingsView } from './settings';

/** The admin's Learning Record Store at Integrations (decision 078). The password never comes back. */
export const xapiRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = { config: { access: rolesWith('administer') } };

  app.get('/api/xapi-settings', admins, async () => xapiSettingsView(app));

  app.put('/api/xapi-settings', { ...admins, schema: { body: xapiSettingsSchema } }, async (request) =>
    saveXapiSettings(app, request.body),
  );

  app.delete('/api/xapi-settings', admins, async (_request, reply) => {
    await removeXapiSettings(app);
    return reply.status(204).send();
  });

  app.post('/api/xapi-settings/test', admins, async (request) =>
    sendTestStatement(app, actorOf(request).userId),
  );
};
