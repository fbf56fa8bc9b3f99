import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitationSignUpSchema } from '../../../common/contracts/people';
import { actorOf } from '../../http/access';
import { acceptInvitation, signUpFromInvitation, viewInvitation } from './invites';

const tokenParams = z.object({ token: z.string().min(10).max(200) });
// Opening and using an invitation link has the strict 'auth' budget, like sign-up (server/http/rate-limits.ts).
const strict = { limit: 'auth' } as const;

/** The invitation link an institute's e-mail carries: see it, sign up from it, or accept it when logged in. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invitations/:token',
    { config: { access: 'public', allowWhenEnded: true, ...strict }, schema: { params: tokenParams } },
    async (request) => viewInvitation(app, request.params.token),
  );

  app.post(
    '/api/invitations/:token/sign-up',
    {
      config: { access: 'public', allowWhenEnded: true, ...strict },
      schema: { params: tokenParams, body: invitationSignUpSchema },
    },
    async (request, reply) =>
      reply.status(201).send(await signUpFromInvitation(app, request.params.token, request.body)),
  );

  app.post(
    '/api/invitations/:token/accept',
    { config: { access: 'any', allowWhenEnded: true, ...strict }, schema: { params: tokenParams } },
    async (request) => {
      await acceptInvitation(app, actorOf(request), request.params.token);
      return { ok: true };
    },
  );
};
