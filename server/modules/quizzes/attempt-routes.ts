import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { answerSchema } from '../../../common/contracts/quizzes';
import { QUIZ_LIMITS } from '../../../common/quizzes';
import { actorOf } from '../../http/access';
import { AppError, badRequest } from '../../http/errors';
import { said } from '../../i18n/said';
import { assertStorageQuota } from '../files/uploads';
import { prepareFileAnswer, saveFileAnswer } from './attempt-files';
import { attemptView, loadOwnAttempt, saveAnswer, submitOwnAttempt } from './attempt-service';
import { learnerQuiz, listLearnerQuizzes, startAttempt } from './attempt-start';

const courseParams = z.object({ courseId: z.uuid({ error: said('server.quizzes.courseNotFound').english }) });
const quizParams = z.object({ quizId: z.uuid({ error: said('server.quizzes.notFound').english }) });
const attemptParams = z.object({
  attemptId: z.uuid({ error: said('server.quizzes.attemptNotFound').english }),
});
const answerParams = attemptParams.extend({
  questionId: z.uuid({ error: said('server.quizzes.questionNotFound').english }),
});

/** Taking quizzes of the live version of subscribed courses (see docs/decisions/010-quizzes.md). */
export const attemptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/learning/quizzes/of-course/:courseId',
    { config: { access: rolesWith('learn') }, schema: { params: courseParams } },
    async (request) => ({
      quizzes: await listLearnerQuizzes(app, actorOf(request), request.params.courseId),
    }),
  );

  app.get(
    '/api/learning/quizzes/:quizId',
    { config: { access: rolesWith('learn') }, schema: { params: quizParams } },
    async (request) => learnerQuiz(app, actorOf(request), request.params.quizId),
  );

  app.post(
    '/api/learning/quizzes/:quizId/attempts',
    { config: { access: rolesWith('learn') }, schema: { params: quizParams } },
    async (request) => startAttempt(app, actorOf(request), request.params.quizId),
  );

  app.get(
    '/api/learning/attempts/:attemptId',
    { config: { access: rolesWith('learn') }, schema: { params: attemptParams } },
    async (request) =>
      attemptView(app, await loadOwnAttempt(app, actorOf(request), request.params.attemptId)),
  );

  app.put(
    '/api/learning/attempts/:attemptId/answers/:questionId',
    { config: { access: rolesWith('learn') }, schema: { params: answerParams, body: answerSchema } },
    async (request) =>
      saveAnswer(
        app,
        actorOf(request),
        request.params.attemptId,
        request.params.questionId,
        request.body.response,
      ),
  );

  app.post(
    '/api/learning/attempts/:attemptId/answers/:questionId/file',
    { config: { access: rolesWith('learn') }, schema: { params: answerParams } },
    async (request) => {
      const actor = actorOf(request);
      const { attemptId, questionId } = request.params;
      try {
        await prepareFileAnswer(app, actor, attemptId, questionId);
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', said('server.quizzes.sendMultipart'));
        }
        await assertStorageQuota(app, actor.userId);
        const part = await request.file({
          limits: { fileSize: QUIZ_LIMITS.fileAnswerMaxBytes, files: 1, fields: 10, parts: 20 },
          throwFileSizeLimit: false,
        });
        if (!part) throw badRequest(said('server.quizzes.chooseFile'));
        return await saveFileAnswer(app, actor, attemptId, questionId, part);
      } catch (error) {
        // Refused part-way: drop the rest of the body so the client sees the answer.
        if (!request.raw.readableEnded) request.raw.resume();
        throw error;
      }
    },
  );

  app.post(
    '/api/learning/attempts/:attemptId/submit',
    { config: { access: rolesWith('learn') }, schema: { params: attemptParams } },
    async (request) => submitOwnAttempt(app, actorOf(request), request.params.attemptId),
  );
};
