import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '../../common/messages';
import { AppError } from './errors';

/** One error shape for every failure: { code, message, fields? } with a 4xx for anything the caller did. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ code: error.code, message: error.message, fields: error.fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const zodIssue = (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue;
        const key = zodIssue?.path?.map(String).join('.') || issue.instancePath.replace(/^\//, '') || 'body';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(400).send({ code: 'VALIDATION', message: first, fields });
    }
    // Text PostgreSQL cannot store (a NUL character) is the caller's input, not our failure.
    if (isUntextable(error)) {
      return reply
        .status(400)
        .send({ code: 'VALIDATION', message: 'The text contains a character that is not allowed' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(error);
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: MSG.internal });
  });
}

/** PostgreSQL's character_not_in_repertoire (e.g. "invalid byte sequence for encoding UTF8: 0x00"), raw or wrapped by drizzle. */
function isUntextable(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return codeOf(error) === '22021' || codeOf((error as { cause?: unknown } | null)?.cause) === '22021';
}
