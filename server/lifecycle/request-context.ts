import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** The id of the request whose work is running now (also inside timers and promises it started), if any. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.reqId;

/**
 * Runs each request's hooks and handler inside an async context holding its id, so an uncaught exception or an
 * unhandled rejection born in a request is logged with that request's id.
 */
export function trackRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    requestContext.run({ reqId: String(request.id) }, done);
  });
}
