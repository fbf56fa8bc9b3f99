import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { developerAccessSchema } from '../../../common/contracts/developers';
import { auditLog, users } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';

const userIdParams = z.object({
  userId: z.uuid({ error: said('server.users.schema.invalidUserId').english }),
});
// Developer accounts are few; one page of them is all an admin needs until the people pages arrive.
const LIST_LIMIT = 200;

/** Admins grant or revoke developers' access to the outbox and logs; anyone may sign up as a developer. */
export const developerAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/developers', { config: { access: rolesWith('administer') } }, async () => {
    const rows = await app.db
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        createdAt: users.createdAt,
        emailVerifiedAt: users.emailVerifiedAt,
        isActive: users.isActive,
        grantedAt: users.developerAccessGrantedAt,
      })
      .from(users)
      .where(eq(users.userType, 'developer'))
      // Waiting ones first, newest sign-ups first within each group.
      .orderBy(sql`${users.developerAccessGrantedAt} is not null`, desc(users.createdAt), asc(users.email))
      .limit(LIST_LIMIT);
    return {
      developers: rows.map((row) => ({
        userId: row.id,
        fullName: row.fullName,
        email: row.email,
        signedUpAt: row.createdAt.toISOString(),
        emailVerified: row.emailVerifiedAt !== null,
        isActive: row.isActive,
        accessGrantedAt: row.grantedAt?.toISOString() ?? null,
      })),
    };
  });

  app.put(
    '/api/admin/developers/:userId/access',
    {
      config: { access: rolesWith('administer') },
      schema: { params: userIdParams, body: developerAccessSchema },
    },
    async (request) => {
      const actor = actorOf(request);
      const { granted } = request.body;
      // The change and its audit row are one transaction: neither is ever stored without the other.
      const updated = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            developerAccessGrantedAt: granted
              ? sql`coalesce(${users.developerAccessGrantedAt}, now())`
              : null,
          })
          .where(and(eq(users.id, request.params.userId), eq(users.userType, 'developer')))
          .returning({ id: users.id, grantedAt: users.developerAccessGrantedAt });
        if (!row) throw notFound(said('server.users.developerNotFound'));
        await tx.insert(auditLog).values({
          actorId: actor.impersonatorId ?? actor.userId,
          action: granted ? 'grant-developer-access' : 'revoke-developer-access',
          targetId: row.id,
        });
        return row;
      });
      // Open sockets follow at once: a revoked developer's live tail of the logs stops now, not at reconnect.
      app.realtime.setLogsAccess(updated.id, granted);
      return { userId: updated.id, accessGrantedAt: updated.grantedAt?.toISOString() ?? null };
    },
  );
};
