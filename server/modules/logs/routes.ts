import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  appLogQuerySchema,
  errorGroupQuerySchema,
  fingerprintParamsSchema,
  type JobFailureList,
  jobFailureQuerySchema,
  type LogStoreStatus,
  requestIdParamsSchema,
  requestLogQuerySchema,
} from '../../../common/contracts/logs';
import { outbox } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { presentJobFailure } from './presenters';
import { errorGroupDetail, listAppLogs, listErrorGroups, listRequests, requestDetail } from './queries';
import { assertLogReader, maskLinkTokens } from './readers';
import type { LogWriter } from './writer';

export interface LogRoutesOptions {
  /** The batched writer; null when LOGS=off (what is stored stays readable). */
  writer: LogWriter | null;
  /** The API's route patterns, for the route filter. */
  routes: () => string[];
}

const readers = { access: rolesWith('read-logs') };

/**
 * What developers read at /logs (decision 033): requests, the server's log lines, error groups, failed jobs and
 * the mail outbox. Every route checks the reader (admins and granted developers) before it reads anything.
 */
export const logRoutes: FastifyPluginAsyncZod<LogRoutesOptions> = async (app, options) => {
  app.get('/api/logs/status', { config: readers }, async (request): Promise<LogStoreStatus> => {
    assertLogReader(actorOf(request));
    const stats = options.writer?.stats();
    return {
      enabled: options.writer !== null,
      retentionDays: app.config.logStore.retentionDays,
      queued: stats?.queued ?? 0,
      dropped: stats?.dropped ?? 0,
      routes: options.routes(),
    };
  });

  app.get(
    '/api/logs/requests',
    { config: readers, schema: { querystring: requestLogQuerySchema } },
    async (request) => {
      assertLogReader(actorOf(request));
      return listRequests(app.db, request.query);
    },
  );

  app.get(
    '/api/logs/requests/:requestId',
    { config: readers, schema: { params: requestIdParamsSchema } },
    async (request) => {
      assertLogReader(actorOf(request));
      const detail = await requestDetail(app.db, request.params.requestId);
      // Rows are written about a second after the answer: a request that just happened may not be there yet.
      if (!detail) throw notFound(said('server.logs.requestNotFound'));
      return detail;
    },
  );

  app.get(
    '/api/logs/app',
    { config: readers, schema: { querystring: appLogQuerySchema } },
    async (request) => {
      assertLogReader(actorOf(request));
      return listAppLogs(app.db, request.query);
    },
  );

  app.get(
    '/api/logs/errors',
    { config: readers, schema: { querystring: errorGroupQuerySchema } },
    async (request) => {
      assertLogReader(actorOf(request));
      return listErrorGroups(app.db, request.query);
    },
  );

  app.get(
    '/api/logs/errors/:fingerprint',
    { config: readers, schema: { params: fingerprintParamsSchema } },
    async (request) => {
      assertLogReader(actorOf(request));
      const detail = await errorGroupDetail(app.db, request.params.fingerprint);
      if (!detail) throw notFound(said('server.logs.errorGroupNotFound'));
      return detail;
    },
  );

  app.get(
    '/api/logs/jobs',
    { config: readers, schema: { querystring: jobFailureQuerySchema } },
    async (request): Promise<JobFailureList> => {
      assertLogReader(actorOf(request));
      const { page, limit, name, state } = request.query;
      const found = await app.jobs.failures({ limit, offset: (page - 1) * limit, name, state });
      return { mode: app.jobs.mode, total: found.total, failures: found.failures.map(presentJobFailure) };
    },
  );

  // The mail outbox: where verification and reset links land when no SMTP server is configured.
  app.get(
    '/api/logs/outbox',
    {
      config: readers,
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
