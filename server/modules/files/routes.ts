import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedFiles } from '../../db/schema/index';
import { forbidden, notFound } from '../../http/errors';
import { storedFileHeaders } from '../../http/stored-file-headers';
import { said } from '../../i18n/said';
import { verifyFileSignature } from '../../providers/storage/storage';

/** Reads a stored file through a signed, expiring URL; the signature is the permission. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/files/*',
    {
      config: { access: 'public' },
      schema: { querystring: z.object({ expires: z.coerce.number(), signature: z.string().max(100) }) },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!verifyFileSignature(app.config.jwtSecret, key, request.query.expires, request.query.signature)) {
        throw forbidden(said('server.files.linkNotValid'));
      }
      const meta = await app.db.query.storedFiles.findFirst({ where: eq(storedFiles.path, key) });
      const file = meta ? await app.storage.read(key) : null;
      if (!meta || !file) throw notFound(said('server.files.notFound'));
      return reply
        .headers(storedFileHeaders(key, meta.contentType, request.query.expires))
        .header('content-length', file.size)
        .send(file.stream);
    },
  );
};
