import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { draftRejectSchema, draftRunSchema } from '../../../common/contracts/question-drafts';
import { questionSchema } from '../../../common/contracts/quizzes';
import { actorOf } from '../../http/access';
import { notFound } from '../../http/errors';
import { localeOf } from '../../http/locale';
import { said } from '../../i18n/said';
import { assertModule } from '../plans/module-access';
import { loadAuthoredQuiz } from '../quizzes/authoring-service';
import { presentDraft, presentRun } from './presenters';
import {
  acceptDraft,
  latestRun,
  loadOfferedDraft,
  loadRun,
  moreLikeDraft,
  offeredDrafts,
  QUESTION_DRAFT_QUEUE,
  type QuestionDraftJob,
  regenerateDraft,
  rejectDraft,
  runDrafting,
  startDraftRun,
} from './service';
import { lessonTitlesOf } from './source';

const quizParams = z.object({ quizId: z.uuid({ error: said('server.quizzes.notFound').english }) });
const draftParams = quizParams.extend({
  draftId: z.uuid({ error: said('server.question-drafts.notFound').english }),
});
const runParams = quizParams.extend({
  runId: z.uuid({ error: said('server.question-drafts.runNotFound').english }),
});
const acceptSchema = z.object({ question: questionSchema.optional() });
const AUTHOR = { access: rolesWith('author') };

/**
 * Questions drafted from the course's own text for the quiz editor's review (issue 37, decision 080). The same
 * authors as the quiz editor (the course's owner, its institute, an admin), checked against the database on
 * every call; drafting needs the plan's quiz module, as adding questions does.
 */
export const questionDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.work<QuestionDraftJob>(QUESTION_DRAFT_QUEUE, (job) => runDrafting(app, job.runId), {
    retryLimit: 0,
    expireInSeconds: 600,
  });

  const titlesOf = (courseId: string) => lessonTitlesOf(app, courseId);

  app.post(
    '/api/question-drafts/quizzes/:quizId/runs',
    { config: AUTHOR, schema: { params: quizParams, body: draftRunSchema } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { course, quiz } = await loadAuthoredQuiz(app, actor, request.params.quizId);
      await assertModule(app, actor, 'quizzes', 'create');
      const run = await startDraftRun(app, actor.userId, course, quiz, request.body);
      return reply.status(202).send(presentRun(run, localeOf(request)));
    },
  );

  app.get(
    '/api/question-drafts/quizzes/:quizId/runs/:runId',
    { config: AUTHOR, schema: { params: runParams } },
    async (request) => {
      const { quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      const run = await loadRun(app, quiz.id, request.params.runId);
      if (!run) throw notFound(said('server.question-drafts.runNotFound'));
      return presentRun(run, localeOf(request));
    },
  );

  app.get(
    '/api/question-drafts/quizzes/:quizId',
    { config: AUTHOR, schema: { params: quizParams } },
    async (request) => {
      const { course, quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      const [drafts, run] = await Promise.all([offeredDrafts(app, quiz.id), latestRun(app, quiz.id)]);
      const titles = drafts.length > 0 ? await titlesOf(course.id) : new Map<string, string>();
      return {
        drafts: drafts.map((draft) => presentDraft(draft, titles)),
        run: run ? presentRun(run, localeOf(request)) : null,
      };
    },
  );

  app.post(
    '/api/question-drafts/quizzes/:quizId/:draftId/accept',
    { config: AUTHOR, schema: { params: draftParams, body: acceptSchema } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { course, quiz } = await loadAuthoredQuiz(app, actor, request.params.quizId);
      const draft = await loadOfferedDraft(app, quiz.id, request.params.draftId);
      const questionId = await acceptDraft(app, actor.userId, course, quiz, draft, request.body.question);
      return reply.status(201).send({ questionId });
    },
  );

  app.post(
    '/api/question-drafts/quizzes/:quizId/:draftId/reject',
    { config: AUTHOR, schema: { params: draftParams, body: draftRejectSchema } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { quiz } = await loadAuthoredQuiz(app, actor, request.params.quizId);
      const draft = await loadOfferedDraft(app, quiz.id, request.params.draftId);
      await rejectDraft(app, actor.userId, draft, request.body.reason);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/question-drafts/quizzes/:quizId/:draftId/regenerate',
    { config: AUTHOR, schema: { params: draftParams } },
    async (request) => {
      const { course, quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      const draft = await loadOfferedDraft(app, quiz.id, request.params.draftId);
      const replacement = await regenerateDraft(app, quiz, draft);
      return { draft: presentDraft(replacement, await titlesOf(course.id)) };
    },
  );

  app.post(
    '/api/question-drafts/quizzes/:quizId/:draftId/more',
    { config: AUTHOR, schema: { params: draftParams } },
    async (request) => {
      const { course, quiz } = await loadAuthoredQuiz(app, actorOf(request), request.params.quizId);
      const draft = await loadOfferedDraft(app, quiz.id, request.params.draftId);
      const more = await moreLikeDraft(app, quiz, draft);
      const titles = await titlesOf(course.id);
      return { drafts: more.map((row) => presentDraft(row, titles)) };
    },
  );
};
