import type { MultipartFile } from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import {
  ALLOWED_ARCHIVE_TYPES,
  ALLOWED_DOCUMENT_TYPES,
  ALLOWED_IMAGE_TYPES,
  storableName,
} from '../../../common/files';
import { QUIZ_LIMITS } from '../../../common/quizzes';
import { quizAnswers } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, badRequest } from '../../http/errors';
import { said } from '../../i18n/said';
import { removeStoredFile, storeUpload } from '../files/uploads';
import { ownAttemptRow, paperQuestion, whileOpen } from './attempt-service';

/** What a file answer may be: pictures of written work, documents and archives (by their bytes). */
export const FILE_ANSWER_TYPES: readonly string[] = [
  ...ALLOWED_IMAGE_TYPES,
  ...ALLOWED_DOCUMENT_TYPES,
  ...ALLOWED_ARCHIVE_TYPES,
];

/** Checks, before any bytes are read, that the question takes a file and the attempt is still open. */
export async function prepareFileAnswer(app: App, actor: Actor, attemptId: string, questionId: string) {
  const attempt = await ownAttemptRow(app, actor, attemptId);
  if (paperQuestion(attempt, questionId).type !== 'file') {
    throw badRequest(said('server.quizzes.notFileQuestion'));
  }
  await whileOpen(app, attempt.id, async () => undefined);
  return attempt;
}

const displayName = (filename: string | undefined, ext: string) => storableName(filename) || `answer.${ext}`;

/**
 * Stores an uploaded file answer under the attempt and records it; a file replaced by a new one is deleted.
 * If the attempt closed while the file was arriving, the new file is dropped and the answer refused.
 */
export async function saveFileAnswer(
  app: App,
  actor: Actor,
  attemptId: string,
  questionId: string,
  part: MultipartFile,
) {
  const bytes = await part.toBuffer();
  if (part.file.truncated) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      said('server.quizzes.fileTooLarge', { max: QUIZ_LIMITS.fileAnswerMaxBytes / 1024 ** 2 }),
    );
  }
  const { key, sniffed } = await storeUpload(app, {
    ownerId: actor.userId,
    folder: `quiz-attempts/${attemptId}`,
    bytes,
    claimedType: part.mimetype,
    allowed: FILE_ANSWER_TYPES,
  });
  const response = { fileName: displayName(part.filename, sniffed.ext) };
  try {
    const { savedAt, replaced } = await whileOpen(app, attemptId, async (tx) => {
      const [previous] = await tx
        .select({ filePath: quizAnswers.filePath })
        .from(quizAnswers)
        .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionId, questionId)));
      const now = new Date();
      await tx
        .insert(quizAnswers)
        .values({ attemptId, questionId, response, filePath: key, savedAt: now })
        .onConflictDoUpdate({
          target: [quizAnswers.attemptId, quizAnswers.questionId],
          set: { response, filePath: key, savedAt: now },
        });
      return { savedAt: now, replaced: previous?.filePath ?? null };
    });
    if (replaced) await removeStoredFile(app, replaced);
    return { questionId, response, savedAt: savedAt.toISOString() };
  } catch (error) {
    await removeStoredFile(app, key);
    throw error;
  }
}
