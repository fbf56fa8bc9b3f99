import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { outbox } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import { assertLogReader, maskLinkTokens } from './readers';

/** The mail outbox: where verification and reset links land when no SMTP server is configured. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/logs/outbox',
    {
      config: { access: rolesWith('read-logs') },
      schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }) },
    },
    async (request) => {
      assertLogReader(actorOf(request));
      const rows = await app.db.select().from(outbox).orderBy(desc(outbox.id)).limit(request.query.limit);
      const masked = app.config.isProduction;
      return {
        mailer: app.mailer.kind,
        tokensMasked: masked,
        messages: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: masked ? maskLinkTokens(row.text) : row.text,
          createdAt: row.createdAt,
        })),
      };
    },
  );
};
