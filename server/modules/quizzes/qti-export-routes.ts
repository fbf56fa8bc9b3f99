import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesWith } from '../../../common/capabilities';
import type { QuestionInput } from '../../../common/contracts/quizzes';
import { type QuizQuestionRow, storedFiles } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import type { App } from '../../http/app-type';
import { readStoredBytes } from '../../providers/storage/storage';
import { quizParams } from './authoring-routes';
import { listQuestions, loadAuthoredQuiz } from './authoring-service';
import { type ExportImage, type ExportQuestion, writeQtiPackage } from './import/qti-export';

const MIME_BY_EXTENSION: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.bmp': 'image/bmp',
};

/** A stored question as the QTI writer takes it (the form's shape), its pictures' bytes read from storage. */
export async function exportQuestionsOf(app: App, rows: QuizQuestionRow[]): Promise<ExportQuestion[]> {
  const keys = rows.flatMap((row) => row.images.map((image) => image.key));
  const types = new Map(
    keys.length === 0
      ? []
      : (
          await app.db
            .select({ path: storedFiles.path, contentType: storedFiles.contentType })
            .from(storedFiles)
            .where(inArray(storedFiles.path, keys))
        ).map((file) => [file.path, file.contentType]),
  );
  const out: ExportQuestion[] = [];
  for (const row of rows) {
    const images: ExportImage[] = [];
    for (const image of row.images) {
      const bytes = await readStoredBytes(app.storage, image.key);
      // A picture gone from storage is left out rather than failing the whole export.
      if (!bytes) continue;
      const mime =
        types.get(image.key) ?? MIME_BY_EXTENSION[path.extname(image.key).toLowerCase()] ?? 'image/png';
      images.push({ name: path.basename(image.key), alt: image.alt, bytes: new Uint8Array(bytes), mime });
    }
    const question: QuestionInput = {
      type: row.type as QuestionInput['type'],
      prompt: row.prompt,
      options:
        row.type === 'true_false'
          ? []
          : row.options.map((option) => ({ text: option.text, correct: option.correct })),
      ...(row.type === 'true_false'
        ? { trueFalseAnswer: row.options.find((option) => option.id === 'true')?.correct ?? false }
        : {}),
      acceptedAnswers: row.acceptedAnswers,
      marks: row.marks,
      negativeMarks: row.negativeMarks,
      explanation: row.explanation,
    };
    out.push({ question, tags: row.tags, images });
  }
  return out;
}

/** A quiz's questions as an IMS QTI 2.1 package (zip bytes): small, made in the request. */
export async function quizQtiPackage(
  app: App,
  quiz: { id: string; title: string },
  rows: QuizQuestionRow[],
): Promise<Uint8Array> {
  return writeQtiPackage(
    { title: quiz.title, identifier: `gurukul-quiz-${quiz.id}` },
    await exportQuestionsOf(app, rows),
  );
}

/** A file name from a title: letters of any script and digits kept, the rest made "-". */
export const fileNameOf = (title: string, fallback: string) =>
  title
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || fallback;

/** A quiz as an IMS QTI 2.1 zip, for the quiz's authors (decision 077). */
export const qtiExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/quizzes/:quizId/export/qti',
    { config: { access: rolesWith('author') }, schema: { params: quizParams } },
    async (request, reply) => {
      const { quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      const bytes = await quizQtiPackage(app, quiz, await listQuestions(app.db, quiz.id));
      const name = `${fileNameOf(quiz.title, 'quiz')}-qti21.zip`;
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="quiz-qti21.zip"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );
};
