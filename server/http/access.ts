import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserType } from '../../common/roles';
import { said } from '../i18n/said';
import { type Actor, resolveActor } from './actor';
import { AppError, forbidden, unauthenticated } from './errors';
import { tokenFromAuthorization, verifySessionToken } from './tokens';

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
    /**
     * `false` on a public route whose answer is the same for everyone (the catalog's list): who asks is not looked
     * up in the database, and `request.actor` stays null. Their verified token still names them as `tokenSubject`,
     * so they spend their own budget, not their address's.
     */
    readsActor?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** The account a validly signed token names, on a route that does not read its actor (never for access). */
    tokenSubject: string | null;
  }
}

export const ENDED_MESSAGE = {
  trial: said('server.http.trialEnded'),
  subscription: said('server.http.subscriptionEnded'),
};

export function registerAccessControl(app: FastifyInstance, secret: string): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('tokenSubject', null);

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
    if (access === 'public' && request.routeOptions.config.readsActor === false) {
      request.tokenSubject = token ? ((await verifySessionToken(token, secret))?.sub ?? null) : null;
      return;
    }
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
