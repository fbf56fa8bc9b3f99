import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { deepLinkChoiceSchema, ltiPlatformSchema } from '../../../common/contracts/lti';
import { actorOf } from '../../http/access';
import type { Actor } from '../../http/actor';
import { assertModule } from '../plans/module-access';
import { enrolFromLaunch } from './course-access';
import { answerDeepLink, deepLinkView, startDeepLink } from './deep-linking';
import { refreshFrameOrigins, watchFrameOrigins } from './frame-origins';
import { recordGradeLink, registerGrades } from './grades';
import { acceptLaunch, LaunchRefused, type LoginParams, loginRedirect, ticketForLaunch } from './launch';
import { addPlatform, ltiSettings, removePlatform, updatePlatform } from './registrations';
import { pullRoster, recordContext, rosterSource } from './rosters';
import { toolKeyset } from './tool-keys';

const strict = { limit: 'auth' } as const;
const platformParams = z.object({ platformId: z.uuid() });

/**
 * LTI 1.3 (decision 074). The platform's three calls are public — their checks are the launch's own — and take the
 * form posts LMSs send; registrations are an institute's own, or the admin's for the whole platform.
 */
export const ltiRoutes: FastifyPluginAsyncZod = async (app) => {
  watchFrameOrigins(app);
  registerGrades(app);
  const changed = () => refreshFrameOrigins(app);
  // Platforms post forms (OIDC login initiation, form_post launches); only these routes read them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const toPage = (reply: FastifyReply, fragment: Record<string, string>) =>
    reply.redirect(`${app.config.publicUrl}/sso#${new URLSearchParams(fragment)}`, 303);

  const refuse = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof LaunchRefused)) throw error;
    request.log.warn(
      { lti: { reason: error.reason, detail: error.detail } },
      `LTI launch refused: ${error.reason}`,
    );
    return toPage(reply, { error: error.reason });
  };

  const fields = (request: FastifyRequest): Record<string, string> => {
    const source = request.method === 'GET' ? request.query : request.body;
    return Object.fromEntries(
      Object.entries((source ?? {}) as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  };

  const login = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return reply.redirect(await loginRedirect(app, fields(request) as LoginParams), 302);
    } catch (error) {
      return refuse(request, reply, error);
    }
  };
  app.get('/api/lti/login', { config: { access: 'public', ...strict } }, login);
  app.post('/api/lti/login', { config: { access: 'public', ...strict } }, login);

  app.post('/api/lti/launch', { config: { access: 'public', ...strict } }, async (request, reply) => {
    try {
      const launch = await acceptLaunch(app, fields(request));
      await recordContext(app, launch);
      await enrolFromLaunch(app, launch);
      await recordGradeLink(app, launch);
      // A teacher placing content opens the picker; a resource link opens what it names.
      const to =
        launch.messageType === 'LtiDeepLinkingRequest'
          ? `/lti-deep-link?request=${await startDeepLink(app, launch)}`
          : launch.target;
      return toPage(reply, { ticket: await ticketForLaunch(app, launch), to });
    } catch (error) {
      return refuse(request, reply, error);
    }
  });

  app.get('/api/lti/jwks', { config: { access: 'public' } }, async () => toolKeyset(app));

  const requestParams = z.object({ requestId: z.uuid() });
  app.get(
    '/api/lti/deep-links/:requestId',
    { config: { access: rolesWith('author') }, schema: { params: requestParams } },
    async (request) => deepLinkView(app, actorOf(request).userId, request.params.requestId),
  );
  app.post(
    '/api/lti/deep-links/:requestId',
    {
      config: { access: rolesWith('author') },
      schema: { params: requestParams, body: deepLinkChoiceSchema },
    },
    async (request) =>
      answerDeepLink(app, actorOf(request).userId, request.params.requestId, request.body.items),
  );

  const readers = [...rolesWith('administer'), ...rolesWith('manage-institute')];
  const ownerOf = (actor: Actor) => (actor.userType === 'admin' ? null : actor.userId);
  /** An institute registers with the Integrations module of its plan; the admin has no plan. */
  const mayChange = async (actor: Actor) => {
    if (actor.userType !== 'admin') await assertModule(app, actor, 'integrations', 'use');
  };

  app.get('/api/lti/platforms', { config: { access: readers } }, async (request) =>
    ltiSettings(app, ownerOf(actorOf(request))),
  );

  app.post(
    '/api/lti/platforms',
    { config: { access: readers }, schema: { body: ltiPlatformSchema } },
    async (request, reply) => {
      const actor = actorOf(request);
      await mayChange(actor);
      const added = await addPlatform(app, ownerOf(actor), request.body);
      await changed();
      return reply.status(201).send(added);
    },
  );

  app.put(
    '/api/lti/platforms/:platformId',
    { config: { access: readers }, schema: { params: platformParams, body: ltiPlatformSchema } },
    async (request) => {
      const actor = actorOf(request);
      await mayChange(actor);
      const updated = await updatePlatform(app, ownerOf(actor), request.params.platformId, request.body);
      await changed();
      return updated;
    },
  );

  app.post(
    '/api/lti/platforms/:platformId/contexts/:contextId/roster',
    {
      config: { access: readers },
      schema: { params: z.object({ platformId: z.uuid(), contextId: z.uuid() }) },
    },
    async (request) => {
      const actor = actorOf(request);
      const { platformId, contextId } = request.params;
      const source = await rosterSource(app, ownerOf(actor), platformId, contextId);
      await mayChange(actor);
      return pullRoster(app, source);
    },
  );

  app.delete(
    '/api/lti/platforms/:platformId',
    { config: { access: readers }, schema: { params: platformParams } },
    async (request, reply) => {
      await removePlatform(app, ownerOf(actorOf(request)), request.params.platformId);
      await changed();
      return reply.status(204).send();
    },
  );
};
