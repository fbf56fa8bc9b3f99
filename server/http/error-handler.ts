import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '../../common/messages';
import { said, type Text } from '../i18n/said';
import { JSON_ONLY_MESSAGE } from './content-type-guard';
import { AppError } from './errors';
import { inLocale, localeOf, speak } from './locale';
import { UNSTORABLE_TEXT_MESSAGE } from './storable-text';

/** One error shape for every failure: { code, message, fields? } with a 4xx for anything the caller did. */
export function registerErrorHandling(app: FastifyInstance): void {
  // Every message in the caller's language (decision 068): a catalog text is translated, any other stays English.
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !isErrorBody(payload)) return payload;
    const locale = localeOf(request);
    if (locale === 'en') return payload;
    const fields = payload.fields
      ? Object.fromEntries(Object.entries(payload.fields).map(([key, text]) => [key, inLocale(locale, text)]))
      : undefined;
    return { ...payload, message: inLocale(locale, payload.message), ...(fields ? { fields } : {}) };
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const locale = localeOf(request);
    const say = (text: Text) => speak(locale, text);
    if (error instanceof AppError) {
      // A 5xx we chose to answer (a provider that did not answer, a queue that refused) is still a failure to
      // look into: logged with its stack, so /logs groups it with the request (decision 033).
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      const fields = error.fieldsSaid
        ? Object.fromEntries(Object.entries(error.fieldsSaid).map(([key, text]) => [key, say(text)]))
        : undefined;
      return reply.status(error.status).send({ code: error.code, message: say(error.said), fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // No body at all: zod would say "expected object, received undefined".
      if (error.validationContext === 'body' && (request.body === undefined || request.body === null)) {
        return reply.status(400).send({ code: 'VALIDATION', message: say(JSON_BODY_MISSING_MESSAGE) });
      }
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const zodIssue = (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue;
        const key = zodIssue?.path?.map(String).join('.') || issue.instancePath.replace(/^\//, '') || 'body';
        fields[key] ??= issue.message ?? said('server.http.invalidField').english;
      }
      const first = Object.values(fields)[0] ?? said('server.http.invalidRequest').english;
      return reply.status(400).send({ code: 'VALIDATION', message: first, fields });
    }
    // Text PostgreSQL cannot store (a NUL character) is the caller's input, not our failure; requests are checked
    // where they arrive (storable-text.ts), so this is text read from a file or another service.
    const dataError = sqlDataException(error);
    if (dataError === UNTEXTABLE) {
      return reply.status(400).send({ code: 'VALIDATION', message: say(UNSTORABLE_TEXT_MESSAGE) });
    }
    // Any other value PostgreSQL refuses as data (a date off the calendar, a number out of range): a 400, and a
    // warning in the logs, since a schema should have caught it first.
    if (dataError) {
      request.log.warn({ err: error }, 'a value reached the database that it refused as data');
      return reply.status(400).send({ code: 'VALIDATION', message: say(INVALID_VALUE_MESSAGE) });
    }
    if (isMalformedMultipart(error)) {
      return reply.status(400).send({ code: 'VALIDATION', message: say(MALFORMED_UPLOAD_MESSAGE) });
    }
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply.status(415).send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: say(MULTIPART_ONLY_MESSAGE) });
    }
    // A content type no parser takes (application/xml, application/octet-stream, …): say what to send.
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const message = request.routeOptions.schema?.body ? JSON_ONLY_MESSAGE : ANY_BODY_MESSAGE;
      return reply.status(415).send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: say(message) });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ code: 'VALIDATION', message: say(said('server.http.invalidJson')) });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(error);
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .status(413)
        .send({ code: 'PAYLOAD_TOO_LARGE', message: say(said('server.http.fileTooLarge')) });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: MSG.internal });
  });
}

/** The error shape of registerErrorHandling: { code, message, fields? }. */
function isErrorBody(
  payload: unknown,
): payload is { code: string; message: string; fields?: Record<string, string> } {
  const body = payload as { code?: unknown; message?: unknown; fields?: unknown } | null;
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof body.code === 'string' &&
    typeof body.message === 'string' &&
    (body.fields === undefined || (typeof body.fields === 'object' && body.fields !== null))
  );
}

export const MALFORMED_UPLOAD_MESSAGE = said('server.http.malformedUpload');
const MULTIPART_ONLY_MESSAGE = said('server.http.multipartOnly');
const JSON_BODY_MISSING_MESSAGE = said('server.http.jsonBodyMissing');
const ANY_BODY_MESSAGE = said('server.http.anyBody');

/**
 * A multipart body that ends early, has no boundary or is cut mid-part. busboy (under @fastify/multipart)
 * raises these as plain Errors with no code or status, only their message; @fastify/multipart's own
 * premature-close error has a code. They surface wherever a route reads its file, so they are named here once.
 */
function isMalformedMultipart(error: { code?: unknown; message?: unknown }): boolean {
  if (error.code === 'FST_MP_PREMATURE_CLOSE') return true;
  if (error.code !== undefined || typeof error.message !== 'string') return false;
  return /unexpected end of multipart data|^Multipart: Boundary not found$|^Boundary required$|^Unsupported Content-Type\.$|^Missing Content-Type-header\.$/i.test(
    error.message,
  );
}

/** PostgreSQL's character_not_in_repertoire (e.g. "invalid byte sequence for encoding UTF8: 0x00"). */
const UNTEXTABLE = '22021';
const INVALID_VALUE_MESSAGE = said('server.http.invalidValue');

/** The SQLSTATE of a data exception (class 22), raw or wrapped by drizzle; null for anything else. */
function sqlDataException(error: unknown): string | null {
  for (const candidate of [error, (error as { cause?: unknown } | null)?.cause]) {
    const code = (candidate as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
  }
  return null;
}
