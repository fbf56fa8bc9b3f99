import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Every request gets a random id of our own (a client's X-Request-Id is not believed: ids must be unique to
 * find one request in the logs), and every answer carries it as `x-request-id`, so a person's report of a
 * failure ("it said …, id 3f2a…") leads a developer to the request at /logs.
 */
export const newRequestId = (): string => randomUUID();

/** Sets `x-request-id` on every answer: API, static files, 404s and refusals alike. Register it first. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
