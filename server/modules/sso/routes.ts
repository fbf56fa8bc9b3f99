import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  instituteSsoSchema,
  PLATFORM_SSO_KINDS,
  platformSsoSchema,
  schoolQuerySchema,
  ssoLinkSchema,
  ssoStartSchema,
  ssoTicketSchema,
} from '../../../common/contracts/sso';
import { actorOf } from '../../http/access';
import { readCookie } from '../../http/cookies';
import { assertModule } from '../plans/module-access';
import { SignInRefused } from './issuer-client';
import {
  providersOf,
  providerToStart,
  redirectUriOf,
  removeProvider,
  saveInstituteProvider,
  savePlatformProvider,
  schoolSignIn,
  signInOptions,
} from './providers';
import {
  finishSignIn,
  linkTicketEmail,
  linkWithPassword,
  sessionForTicket,
  sessionTicketAccount,
  startSignIn,
} from './sign-in';

/** Binds a sign-in to the browser that started it; only the sign-in's two routes ever see it. */
const BROWSER_COOKIE = 'gk_sso';
const COOKIE_PATH = '/api/sso';
const strict = { limit: 'auth' } as const;

function browserCookie(value: string, publicUrl: string, maxAgeSeconds: number) {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * Single sign-on (decision 073). The two browser legs (start, callback) answer with redirects; the page /sso
 * reads the outcome from the address's fragment (never sent to a server or kept in a log) and trades a ticket
 * for the session, as the login form would.
 */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const toPage = (reply: FastifyReply, fragment: Record<string, string>) =>
    reply.redirect(`${app.config.publicUrl}/sso#${new URLSearchParams(fragment)}`, 303);

  /** A refusal goes to the developer logs with its reason and detail, and to the page with its reason. */
  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    refusal: SignInRefused,
    provider: { kind: string; issuer: string; instituteId: string | null } | null,
  ) => {
    request.log.warn(
      {
        sso: {
          reason: refusal.reason,
          detail: refusal.detail,
          provider: provider?.kind,
          issuer: provider?.issuer,
          instituteId: provider?.instituteId,
        },
      },
      `single sign-on refused: ${refusal.reason}`,
    );
    // Only the reason travels, and whose setting it is: no text of the page can be written by its address bar.
    return toPage(reply, {
      error: refusal.reason,
      ...(provider && !provider.instituteId ? { by: 'platform' } : {}),
    });
  };

  app.get('/api/sso/options', { config: { access: 'public' } }, async () => signInOptions(app));

  // A POST, so the address typed never lands in a request log's URL.
  app.post(
    '/api/sso/school',
    { config: { access: 'public', ...strict }, schema: { body: schoolQuerySchema } },
    async (request) => schoolSignIn(app, request.body.email),
  );

  app.get(
    '/api/sso/start',
    { config: { access: 'public', ...strict }, schema: { querystring: ssoStartSchema } },
    async (request, reply) => {
      const provider = await providerToStart(app, request.query.provider);
      if (!provider) {
        return refuse(
          request,
          reply,
          new SignInRefused('not-set', `no provider ${request.query.provider}`),
          null,
        );
      }
      try {
        const started = await startSignIn(app, provider, { remember: request.query.remember === 'true' });
        reply.header('set-cookie', browserCookie(started.browserToken, app.config.publicUrl, 600));
        return reply.redirect(started.url, 303);
      } catch (error) {
        if (error instanceof SignInRefused) return refuse(request, reply, error, provider);
        throw error;
      }
    },
  );

  app.get('/api/sso/callback', { config: { access: 'public', ...strict } }, async (request, reply) => {
    const query = Object.fromEntries(
      Object.entries(request.query as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    const outcome = await finishSignIn(app, query, readCookie(request.headers.cookie, BROWSER_COOKIE));
    reply.header('set-cookie', browserCookie('', app.config.publicUrl, 0));
    if (outcome.kind === 'refused') return refuse(request, reply, outcome.refusal, outcome.provider);
    // "Remember me" decides where the page keeps the session (localStorage or this tab's sessionStorage).
    const remember: Record<string, string> = outcome.remember ? { remember: 'true' } : {};
    if (outcome.kind === 'link') return toPage(reply, { link: outcome.ticket, ...remember });
    return toPage(reply, { ticket: outcome.ticket, ...remember });
  });

  app.post(
    '/api/sso/session',
    { config: { access: 'public', ...strict }, schema: { body: ssoTicketSchema } },
    async (request) => sessionForTicket(app, request.body.ticket),
  );

  app.post(
    '/api/sso/ticket-account',
    { config: { access: 'public', ...strict }, schema: { body: ssoTicketSchema } },
    async (request) => sessionTicketAccount(app, request.body.ticket),
  );

  app.post(
    '/api/sso/link-info',
    { config: { access: 'public', ...strict }, schema: { body: ssoTicketSchema } },
    async (request) => ({ email: await linkTicketEmail(app, request.body.ticket) }),
  );

  app.post(
    '/api/sso/link',
    { config: { access: 'public', ...strict }, schema: { body: ssoLinkSchema } },
    async (request) => linkWithPassword(app, request.body, request.ip),
  );

  // Settings: the admin sets Google and Microsoft for everyone, an institute its own issuer. Saving is the
  // Integrations plan module for an institute; seeing and removing are not (as with service keys).
  const settingsReaders = [...rolesWith('administer'), ...rolesWith('manage-institute')];
  app.get('/api/sso-settings', { config: { access: settingsReaders } }, async (request) => {
    const actor = actorOf(request);
    const own = actor.userType === 'admin' ? null : actor.userId;
    return {
      redirectUri: redirectUriOf(app),
      providers: await providersOf(app, own),
    };
  });

  const platformParams = z.object({ kind: z.enum(PLATFORM_SSO_KINDS) });
  app.put(
    '/api/sso-settings/platform/:kind',
    {
      config: { access: rolesWith('administer') },
      schema: { params: platformParams, body: platformSsoSchema },
    },
    async (request) => savePlatformProvider(app, request.params.kind, request.body),
  );

  app.delete(
    '/api/sso-settings/platform/:kind',
    { config: { access: rolesWith('administer') }, schema: { params: platformParams } },
    async (request, reply) => {
      await removeProvider(app, request.params.kind, null);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/sso-settings/institute',
    { config: { access: rolesWith('manage-institute') }, schema: { body: instituteSsoSchema } },
    async (request) => {
      const actor = actorOf(request);
      await assertModule(app, actor, 'integrations', 'use');
      return saveInstituteProvider(app, actor.userId, request.body);
    },
  );

  app.delete(
    '/api/sso-settings/institute',
    { config: { access: rolesWith('manage-institute') } },
    async (request, reply) => {
      await removeProvider(app, 'oidc', actorOf(request).userId);
      return reply.status(204).send();
    },
  );
};
