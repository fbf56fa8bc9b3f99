import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  type ImportReport,
  previewCheckSchema,
  questionSchema,
  questionUpdateSchema,
  quizSettingsSchema,
  quizUpdateSchema,
} from '../../../common/contracts/quizzes';
import { QUIZ_LIMITS } from '../../../common/quizzes';
import { actorOf } from '../../http/access';
import { AppError, badRequest } from '../../http/errors';
import { localeOf, speak } from '../../http/locale';
import { said } from '../../i18n/said';
import { loadAuthoredCourse } from '../courses/service';
import { assertModule } from '../plans/module-access';
import {
  appendQuestions,
  attemptCount,
  checkPreview,
  createQuestion,
  createQuiz,
  deleteQuestion,
  deleteQuiz,
  duplicateQuestion,
  listQuestions,
  listQuizSummaries,
  loadAuthoredQuiz,
  loadQuestion,
  TOO_MANY_QUESTIONS,
  updateQuestion,
  updateQuiz,
} from './authoring-service';
import { IMPORT_TOO_LARGE, readQuestionsCsv } from './csv-import';
import { presentQuestion, presentQuizDetail, questionImageUrls } from './presenters';

const courseParams = z.object({ courseId: z.uuid({ error: said('server.quizzes.courseNotFound').english }) });
export const quizParams = z.object({ quizId: z.uuid({ error: said('server.quizzes.notFound').english }) });
const questionParams = quizParams.extend({
  questionId: z.uuid({ error: said('server.quizzes.questionNotFound').english }),
});

/**
 * Step "quiz": a course's quizzes and their questions, in the working version (see docs/decisions/010).
 * Authors only: the course's owner, the owner's institute, or an admin.
 */
export const quizAuthoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const detail = async (quizId: string, quiz: Parameters<typeof presentQuizDetail>[0]) =>
    presentQuizDetail(
      quiz,
      await listQuestions(app.db, quizId),
      await attemptCount(app, quizId),
      questionImageUrls(app.storage),
    );

  app.get(
    '/api/quizzes/of-course/:courseId',
    { config: { access: rolesWith('author') }, schema: { params: courseParams } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      return { quizzes: await listQuizSummaries(app, course) };
    },
  );

  app.post(
    '/api/quizzes/of-course/:courseId',
    { config: { access: rolesWith('author') }, schema: { params: courseParams, body: quizSettingsSchema } },
    async (request, reply) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      await assertModule(app, actorOf(request), 'quizzes', 'create');
      const quiz = await createQuiz(app, course, request.body);
      return reply.status(201).send(await detail(quiz.id, quiz));
    },
  );

  app.get(
    '/api/quizzes/:quizId',
    { config: { access: rolesWith('author') }, schema: { params: quizParams } },
    async (request) => {
      const { quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      return detail(quiz.id, quiz);
    },
  );

  app.put(
    '/api/quizzes/:quizId',
    { config: { access: rolesWith('author') }, schema: { params: quizParams, body: quizUpdateSchema } },
    async (request) => {
      const actor = actorOf(request);
      const { course, quiz } = await loadAuthoredQuiz(app, actor, request.params.quizId);
      await updateQuiz(app, course, quiz, request.body);
      const { quiz: updated } = await loadAuthoredQuiz(app, actor, quiz.id);
      return detail(updated.id, updated);
    },
  );

  app.delete(
    '/api/quizzes/:quizId',
    { config: { access: rolesWith('author') }, schema: { params: quizParams } },
    async (request, reply) => {
      const { course, quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      await deleteQuiz(app, course, quiz);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/quizzes/:quizId/questions',
    { config: { access: rolesWith('author') }, schema: { params: quizParams, body: questionSchema } },
    async (request, reply) => {
      const { course, quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      const question = await createQuestion(app, course, quiz, request.body);
      return reply.status(201).send(presentQuestion(question, questionImageUrls(app.storage)));
    },
  );

  app.put(
    '/api/quizzes/:quizId/questions/:questionId',
    {
      config: { access: rolesWith('author') },
      schema: { params: questionParams, body: questionUpdateSchema },
    },
    async (request) => {
      const { course, quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      const question = await loadQuestion(app, quiz, request.params.questionId);
      return presentQuestion(
        await updateQuestion(app, course, quiz, question, request.body),
        questionImageUrls(app.storage),
      );
    },
  );

  app.delete(
    '/api/quizzes/:quizId/questions/:questionId',
    { config: { access: rolesWith('author') }, schema: { params: questionParams } },
    async (request, reply) => {
      const { course, quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      const question = await loadQuestion(app, quiz, request.params.questionId);
      await deleteQuestion(app, course, quiz, question);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/quizzes/:quizId/questions/:questionId/duplicate',
    { config: { access: rolesWith('author') }, schema: { params: questionParams } },
    async (request, reply) => {
      const { course, quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      const question = await loadQuestion(app, quiz, request.params.questionId);
      return reply
        .status(201)
        .send(
          presentQuestion(
            await duplicateQuestion(app, course, quiz, question),
            questionImageUrls(app.storage),
          ),
        );
    },
  );

  app.post(
    '/api/quizzes/:quizId/questions/import',
    { config: { access: rolesWith('author') }, schema: { params: quizParams } },
    async (request): Promise<ImportReport> => {
      const { course, quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', said('server.quizzes.sendCsvMultipart'));
      }
      let bytes: Buffer;
      try {
        const part = await request.file({
          limits: { fileSize: QUIZ_LIMITS.importMaxBytes, files: 1, fields: 10, parts: 20 },
          throwFileSizeLimit: false,
        });
        if (!part) throw badRequest(said('server.quizzes.chooseCsv'));
        bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_TOO_LARGE);
      } catch (error) {
        // Refused part-way: drop the rest of the body so the client sees the answer.
        if (!request.raw.readableEnded) request.raw.resume();
        throw error;
      }
      const locale = localeOf(request);
      const { questions, rejected } = readQuestionsCsv(bytes, locale);
      const imported = await appendQuestions(
        app,
        course,
        quiz,
        questions.map((item) => ({ data: item.question, images: [] })),
      );
      // Rows past the quiz's limit were valid but had no room.
      const full = questions
        .slice(imported)
        .map((item) => ({ row: item.line, reason: speak(locale, TOO_MANY_QUESTIONS) }));
      return { imported, rejected: [...rejected, ...full].sort((a, b) => a.row - b.row) };
    },
  );

  app.post(
    '/api/quizzes/:quizId/preview/check',
    { config: { access: rolesWith('author') }, schema: { params: quizParams, body: previewCheckSchema } },
    async (request) => {
      const { quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      return checkPreview(app, quiz, request.body.responses);
    },
  );
};
