import type { FastifyInstance, FastifyRequest } from 'fastify';
import { said } from '../i18n/said';
import { AppError } from './errors';

export const JSON_ONLY_MESSAGE = said('server.http.jsonOnly');

/** application/json with any parameters (charset): the only JSON type Fastify parses here. */
function isJsonType(contentType: string): boolean {
  return contentType.split(';')[0].trim().toLowerCase() === 'application/json';
}

/**
 * A route with a body schema takes JSON only. Fastify would hand it a multipart request as a null body and
 * a text/plain one as a string, and zod would answer "expected object, received null": true, but no help
 * to the caller. One hook here answers 415 with what to send instead, for every JSON route at once.
 * Upload routes have no body schema and check `isMultipart()` themselves.
 */
export function registerContentTypeGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.schema?.body) return;
    const contentType = request.headers['content-type'];
    const sentBody = request.isMultipart() || (contentType !== undefined && request.body !== undefined);
    if (!sentBody || (contentType && isJsonType(contentType))) return;
    drainUnread(request);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', JSON_ONLY_MESSAGE);
  });
}

/** A multipart body is parsed lazily, so it is still unread here: drop it so the client gets the answer. */
function drainUnread(request: FastifyRequest): void {
  if (!request.raw.readableEnded) request.raw.resume();
}
