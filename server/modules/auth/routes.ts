import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesWith } from '../../../common/capabilities';
import {
  changePasswordSchema,
  impersonateSchema,
  loginSchema,
  requestResetSchema,
  resetPasswordSchema,
  signUpSchema,
  tokenSchema,
} from '../../../common/contracts/auth';
import { AUTH_MSG } from '../../../common/messages';
import { auditLog, users } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import { AppError } from '../../http/errors';
import { localeOf, translate } from '../../http/locale';
import { afterSignUp, notePartnerBrowser } from '../partners/attribution';
import {
  clearedAttributionCookie,
  partnerBrowserCookie,
  readAttributionCookie,
} from '../partners/attribution-cookie';
import { impersonate } from './impersonation';
import { hashPassword, verifyPassword } from './passwords';
import { login, requestPasswordReset, resetPassword, signUp, verifyEmail } from './service';
import {
  dropRevokedSockets,
  presentAccount,
  revokeAllSessions,
  revokeSession,
  startSession,
} from './sessions';

const ok = { ok: true } as const;
// Sign-up, login and reset have the strict 'auth' budget (server/http/rate-limits.ts), on top of login's own
// counters of failures per e-mail and address.
const strict = { limit: 'auth' } as const;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/sign-up',
    { config: { access: 'public', ...strict }, schema: { body: signUpSchema } },
    async (request, reply) => {
      const account = await signUp(app, request.body);
      // The referral programme (decision 034): a partner's main link, or who referred this account; never fails.
      // A partner's browser keeps its visitor id (decision 055); any other cookie of ours is used up.
      const attribution = readAttributionCookie(request.headers.cookie);
      const kept = await afterSignUp(app, account, attribution, request.actor, request.headers['user-agent']);
      if (kept) reply.header('set-cookie', partnerBrowserCookie(kept, app.config.publicUrl));
      else if (attribution !== undefined)
        reply.header('set-cookie', clearedAttributionCookie(app.config.publicUrl));
      return reply
        .status(201)
        .send({ ok: true, message: translate(localeOf(request), 'server.auth.created') });
    },
  );

  app.post(
    '/api/auth/verify-email',
    { config: { access: 'public', ...strict }, schema: { body: tokenSchema } },
    async (request) => {
      await verifyEmail(app, request.body.token);
      return { ok: true, message: translate(localeOf(request), 'server.auth.verified') };
    },
  );

  app.post(
    '/api/auth/login',
    { config: { access: 'public', ...strict }, schema: { body: loginSchema } },
    async (request, reply) => {
      const session = await login(app, request.body, request.ip);
      // A partner's own browser is remembered by the visitor id of its referral cookie, given one here if it holds
      // none (decision 055: no self-referral from it, signed in or not).
      const kept = await notePartnerBrowser(
        app,
        { userId: session.userObj.userId, userType: session.userObj.userType, impersonatorId: null },
        readAttributionCookie(request.headers.cookie),
        request.headers['user-agent'],
      );
      if (kept) reply.header('set-cookie', partnerBrowserCookie(kept, app.config.publicUrl));
      return session;
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { config: { access: 'public', ...strict }, schema: { body: requestResetSchema } },
    async (request) => {
      await requestPasswordReset(app, request.body.email);
      return { ok: true, message: translate(localeOf(request), 'server.auth.resetSent') };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { config: { access: 'public', ...strict }, schema: { body: resetPasswordSchema } },
    async (request) => {
      await resetPassword(app, request.body.token, request.body.newPassword);
      return { ok: true, message: translate(localeOf(request), 'server.auth.passwordChanged') };
    },
  );

  app.post('/api/auth/logout', { config: { access: 'any', allowWhenEnded: true } }, async (request) => {
    const { sessionId } = actorOf(request);
    await revokeSession(app.db, sessionId);
    app.realtime.disconnectSessions({ sessionId });
    return ok;
  });

  app.get('/api/auth/me', { config: { access: 'any', allowWhenEnded: true } }, async (request, reply) => {
    // The actor's one query read the account and its plan at the start of this request (server/http/actor.ts).
    const actor = actorOf(request);
    const kept = await notePartnerBrowser(
      app,
      actor,
      readAttributionCookie(request.headers.cookie),
      request.headers['user-agent'],
    );
    if (kept) reply.header('set-cookie', partnerBrowserCookie(kept, app.config.publicUrl));
    const known = { state: actor, planModules: actor.planModules };
    return { ...(await presentAccount(app.db, actor.account, known)), impersonatedBy: actor.impersonatorId };
  });

  app.put(
    '/api/auth/change-password',
    { config: { access: 'any', allowWhenEnded: true, ...strict }, schema: { body: changePasswordSchema } },
    async (request) => {
      const actor = actorOf(request);
      const user = await app.db.query.users.findFirst({ where: eq(users.id, actor.userId) });
      if (!user || !(await verifyPassword(request.body.currentPassword, user.passwordHash))) {
        throw new AppError('VALIDATION', AUTH_MSG.wrongCurrentPassword, {
          currentPassword: AUTH_MSG.wrongCurrentPassword,
        });
      }
      if (request.body.currentPassword === request.body.newPassword) {
        throw new AppError('VALIDATION', AUTH_MSG.samePassword, { newPassword: AUTH_MSG.samePassword });
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      // Every token issued before the change stops working, with the sessions this account opened as someone
      // else; the change, the revocation and the audit row are one transaction. This client gets a fresh token.
      const revoked = await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        const ended = await revokeAllSessions(tx, user.id);
        await tx
          .insert(auditLog)
          .values({ actorId: actor.impersonatorId ?? user.id, action: 'change-password', targetId: user.id });
        return ended;
      });
      dropRevokedSockets(
        app,
        revoked.filter((session) => session.userId !== user.id),
      );
      return startSession(app.db, app.config.jwtSecret, user, {
        remember: false,
        impersonatorId: actor.impersonatorId,
      });
    },
  );

  app.post(
    '/api/auth/impersonate',
    {
      config: { access: rolesWith('log-in-as'), allowWhenEnded: false },
      schema: { body: impersonateSchema },
    },
    async (request) => impersonate(app, actorOf(request), request.body),
  );
};
