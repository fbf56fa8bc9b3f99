import { count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesWith } from '../../../common/capabilities';
import type { BankImportReport, BankPreview } from '../../../common/contracts/quizzes';
import { QUIZ_LIMITS } from '../../../common/quizzes';
import { quizQuestions } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import type { App } from '../../http/app-type';
import { AppError, badRequest } from '../../http/errors';
import { localeOf } from '../../http/locale';
import { said } from '../../i18n/said';
import { assertModule } from '../plans/module-access';
import { quizParams } from './authoring-routes';
import { loadAuthoredQuiz } from './authoring-service';
import { checkBank, importBank, presentBankPreview } from './bank-import';

/**
 * Questions from Moodle XML, GIFT, Aiken and QTI (issue 35, decision 076): a preview that saves nothing, then the
 * import of the previewed file. Authors of the course only, like every question route; bringing questions in is
 * adding to the quiz module, so a plan that cannot add quizzes cannot import either.
 */
export const bankImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/quizzes/:quizId/questions/import/preview',
    { config: { access: rolesWith('author') }, schema: { params: quizParams } },
    async (request): Promise<BankPreview> => {
      const actor = actorOf(request);
      const { quiz } = await loadAuthoredQuiz(app, actor, request.params.quizId);
      await assertModule(app, actor, 'quizzes', 'create');
      const { bytes } = await readBankFile(request);
      const checked = await checkBank(bytes);
      return presentBankPreview(checked, localeOf(request), await roomIn(app, quiz.id));
    },
  );

  app.post(
    '/api/quizzes/:quizId/questions/import/bank',
    { config: { access: rolesWith('author') }, schema: { params: quizParams } },
    async (request): Promise<BankImportReport> => {
      const actor = actorOf(request);
      const { course, quiz } = await loadAuthoredQuiz(app, actor, request.params.quizId);
      await assertModule(app, actor, 'quizzes', 'create');
      const { bytes, fields } = await readBankFile(request);
      const checked = await checkBank(bytes);
      if (fields.digest !== checked.digest)
        throw new AppError('CONFLICT', said('server.bank-import.fileChanged'));
      return importBank(app, course, quiz, checked, leaveOutOf(fields.leaveOut), await roomIn(app, quiz.id));
    },
  );
};

/** How many more questions the quiz takes. appendQuestions counts again under its lock; this is for the preview. */
async function roomIn(app: App, quizId: string): Promise<number> {
  const [{ questions }] = await app.db
    .select({ questions: count() })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId));
  return Math.max(0, QUIZ_LIMITS.questionsPerQuiz - questions);
}

/** "3,7,12": the previewed questions the teacher unticked. Anything that is not an index is ignored. */
function leaveOutOf(value: string | undefined): Set<number> {
  const items = (value ?? '').split(',').filter((item) => item.trim() !== '');
  return new Set(items.map(Number).filter((index) => Number.isInteger(index) && index >= 0));
}

/**
 * The bank file and the fields sent before it (digest, leaveOut). A file over the limit is refused as soon as it
 * passes it; the rest of the body is drained so the browser reads the answer.
 */
async function readBankFile(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', said('server.bank-import.sendMultipart'));
  try {
    const part = await request.file({
      limits: { fileSize: QUIZ_LIMITS.bankMaxBytes, files: 1, fields: 5, parts: 10, fieldSize: 200_000 },
      throwFileSizeLimit: false,
    });
    if (!part) throw badRequest(said('server.bank-import.chooseFile'));
    const bytes = await part.toBuffer();
    if (part.file.truncated) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        said('server.bank-import.tooLarge', { max: QUIZ_LIMITS.bankMaxBytes / 1024 / 1024 }),
      );
    }
    const fields: Record<string, string> = {};
    for (const [name, field] of Object.entries(part.fields)) {
      const value = Array.isArray(field) ? field[0] : field;
      if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
    }
    return { bytes, fields };
  } catch (error) {
    if (!request.raw.readableEnded) request.raw.resume();
    throw error;
  }
}
