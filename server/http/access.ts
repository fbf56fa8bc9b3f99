import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserType } from '../../common/roles';
import { said } from '../i18n/said';
import { type Actor, resolveActor } from './actor';
import { AppError, forbidden, unauthenticated } from './errors';
import { tokenFromAuthorization } from './tokens';

/**
 * Every /api route declares who may call it in `config.access`:
 * 'public' (anyone), 'any' (any logged-in user) or a list of roles.
 * `allowWhenEnded` keeps a route open to a teacher or institute whose trial or subscription ended.
 */
export type Access = 'public' | 'any' | readonly UserType[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    allowWhenEnded?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export const ENDED_MESSAGE = {
  trial: said('server.http.trialEnded'),
  subscription: said('server.http.subscriptionEnded'),
};

export function registerAccessControl(app: FastifyInstance, secret: string): void {
  app.decorateRequest('actor', null);

  // Fail closed: an /api route without a declared access rule is a programming error caught at start.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no config.access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = tokenFromAuthorization(request.headers.authorization);
    request.actor = token ? await resolveActor(app.db, token, secret) : null;
    if (access === 'public') return;
    if (!request.actor) {
      throw new AppError(
        'UNAUTHENTICATED',
        token ? said('server.http.sessionExpired') : said('server.http.loginRequired'),
      );
    }
    if (access !== 'any' && !access.includes(request.actor.userType)) throw forbidden();
    const { trialEnded, subscriptionEnded } = request.actor;
    if ((trialEnded || subscriptionEnded) && !request.routeOptions.config.allowWhenEnded) {
      throw new AppError('FORBIDDEN', subscriptionEnded ? ENDED_MESSAGE.subscription : ENDED_MESSAGE.trial);
    }
  });
}

/** The actor of a route whose access rule already required a login. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
