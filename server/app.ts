import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { connectRedis } from './db/redis';
import { registerAccessControl } from './http/access';
import type { App } from './http/app-type';
import { registerContentTypeGuard } from './http/content-type-guard';
import { registerErrorHandling } from './http/error-handler';
import { loggerOptions } from './http/logger';
import { registerRateLimits } from './http/rate-limits';
import { newRequestId, registerRequestIds } from './http/request-id';
import { registerSecurityHeaders } from './http/security-headers';
import { registerCompression, registerWebApp } from './http/serving';
import { registerStorableTextCheck } from './http/storable-text';
import { registerStoredTextTranslation } from './http/stored-texts';
import { startPeriodicTasks } from './jobs/periodic';
import { inlineJobs, type Jobs, pgBossJobs } from './jobs/queue';
import { approvalRoutes } from './modules/approvals/routes';
import { authRoutes } from './modules/auth/routes';
import { currencyRoutes } from './modules/billing/currency-routes';
import { subscriptionRoutes } from './modules/billing/subscription-routes';
import { catalogAnswerCache } from './modules/catalog/answer-cache';
import { catalogRoutes } from './modules/catalog/routes';
import { certificateAuthorRoutes } from './modules/certificates/author-routes';
import { certificateLearnerRoutes } from './modules/certificates/learner-routes';
import { listenForCertificates } from './modules/certificates/listeners';
import { certificateLinkPreview, certificatePublicRoutes } from './modules/certificates/public-routes';
import { certificateTemplateRoutes } from './modules/certificates/template-routes';
import { commonRoutes } from './modules/common/routes';
import { conversationRoutes } from './modules/conversations/routes';
import { courseExportJobs } from './modules/course-export/jobs';
import { courseExportRoutes } from './modules/courses/export-routes';
import { faqRoutes } from './modules/courses/faq-routes';
import { materialRoutes } from './modules/courses/material-routes';
import { courseRoutes } from './modules/courses/routes';
import { videoRoutes } from './modules/courses/video-routes';
import { embedPageRoute } from './modules/embed/page-route';
import { embedPublicRoutes } from './modules/embed/public-routes';
import { embedSettingsRoutes } from './modules/embed/settings-routes';
import { fileRoutes } from './modules/files/routes';
import { gettingStartedRoutes } from './modules/getting-started/routes';
import { guruRoutes } from './modules/gurus/routes';
import { guruSessionRoutes } from './modules/gurus/session-routes';
import { guruSpeechRoutes } from './modules/gurus/speech-routes';
import { guruTrainingRoutes } from './modules/gurus/training-routes';
import { registerMetrics } from './modules/health/metrics';
import { healthRoutes } from './modules/health/routes';
import { insightRoutes } from './modules/insights/routes';
import { integrationRoutes } from './modules/integrations/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { learningRoutes } from './modules/learning/routes';
import { lessonNotesRoutes } from './modules/lesson-notes/routes';
import { libraryRoutes } from './modules/library/routes';
import { collectApiRoutes, recordRequests } from './modules/logs/record-requests';
import { logRoutes } from './modules/logs/routes';
import { publishTail, tailWatched } from './modules/logs/tail';
import { createLogWriter, type LogWriter } from './modules/logs/writer';
import { ltiFrameOrigins } from './modules/lti/frame-origins';
import { ltiRoutes } from './modules/lti/routes';
import { meetingRoutes } from './modules/meetings/routes';
import { adminPartnerRoutes } from './modules/partners/admin-routes';
import { partnerRoutes } from './modules/partners/routes';
import { paymentRoutes } from './modules/payments/routes';
import { adminPeopleRoutes } from './modules/people/admin-routes';
import { institutePeopleRoutes } from './modules/people/institute-routes';
import { invitationRoutes } from './modules/people/invitation-routes';
import { adminPlanRoutes } from './modules/plans/admin-routes';
import { publicPlanRoutes } from './modules/plans/public-routes';
import { questionDraftRoutes } from './modules/question-drafts/routes';
import { attemptRoutes } from './modules/quizzes/attempt-routes';
import { quizAuthoringRoutes } from './modules/quizzes/authoring-routes';
import { bankImportRoutes } from './modules/quizzes/bank-import-routes';
import { markingRoutes } from './modules/quizzes/marking-routes';
import { qtiExportRoutes } from './modules/quizzes/qti-export-routes';
import { reportRoutes } from './modules/reports/routes';
import { ssoRoutes } from './modules/sso/routes';
import { deskRoutes } from './modules/support/desk-routes';
import { supportRoutes } from './modules/support/routes';
import { developerAccessRoutes } from './modules/users/developer-access-routes';
import { userRoutes } from './modules/users/routes';
import { listenForXapi } from './modules/xapi/listeners';
import { xapiRoutes } from './modules/xapi/routes';
import { PERIODIC_TASKS } from './periodic-tasks';
import { answererFor } from './providers/llm/answerer-for';
import { type Mailer, outboxMailer, smtpMailer } from './providers/mail/mailer';
import { razorpayPayments } from './providers/payments/razorpay';
import { testCheckoutPayments } from './providers/payments/test-checkout';
import { s3Storage } from './providers/storage/s3-storage';
import { diskStorage, type Storage } from './providers/storage/storage';
import { listenForRelay, relayPublisher } from './realtime/relay';
import { attachRealtime } from './realtime/socket';

export interface AppDeps {
  config: Config;
  /** `url` (the opened database's) is where pg-boss keeps its queues; else config.databaseUrl. */
  database: Database & { url?: string };
  /** Background jobs; by default pg-boss when a database URL is known, else inline. */
  jobs?: Jobs;
  mailer?: Mailer;
  storage?: Storage;
  /** Where log lines go instead of stdout (tests read them to prove no secret is logged). */
  logStream?: NodeJS.WritableStream;
  /**
   * 'worker' (`npm run worker`, decision 035): runs the queues and periodic tasks, serves no pages and holds no
   * sockets; its realtime events reach the web processes through the database (realtime/relay.ts).
   */
  role?: 'web' | 'worker';
}

/** Builds the whole app without listening, so tests drive it with inject() or a real port. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  // The stored logs (/logs, decision 033): made before the app, since the logger copies its lines into it.
  const logWriter: LogWriter | null = config.logStore.enabled
    ? createLogWriter(database.db, {
        onError: (error) => reportLogWriteFailure(app, error),
        wantRows: (): Promise<boolean> => tailWatched(app),
      })
    : null;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream, logWriter?.copy),
    genReqId: newRequestId,
    // X-Forwarded-For is believed only from proxies named in TRUST_PROXY; trusting every client would let
    // anyone pick their own address and walk past the per-address login and rate limits.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate(
    'mailer',
    deps.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db)),
  );
  app.decorate(
    'storage',
    deps.storage ??
      (config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'files'), config.jwtSecret)),
  );
  // Razorpay when its keys are configured; otherwise the local test checkout.
  app.decorate('payments', config.razorpay ? razorpayPayments(config.razorpay) : testCheckoutPayments());
  app.decorate('answerer', answererFor(config.ai));
  const isWorker = deps.role === 'worker';
  const jobsUrl = database.url ?? config.databaseUrl;
  // Several app instances share rooms, presence and request budgets through Redis (decision 036).
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : null;
  const sockets = isWorker
    ? null
    : attachRealtime(app.server, database.db, config.jwtSecret, app.log, redis ?? undefined);
  app.decorate('realtime', sockets ?? relayPublisher(database.db, app.log));
  if (sockets && jobsUrl) {
    // Events of jobs that ran in a worker process arrive here and go out on this process's own sockets.
    const relay = listenForRelay(jobsUrl, sockets.local, app.log);
    app.addHook('onClose', async () => relay.close());
  }
  app.addHook('onClose', async () => {
    await app.realtime.close();
    await redis?.close();
  });
  const runJobs = isWorker || config.runJobs;
  app.decorate(
    'jobs',
    deps.jobs ??
      (jobsUrl ? pgBossJobs({ runWorkers: runJobs, leaseSeconds: config.jobLeaseSeconds }) : inlineJobs()),
  );
  app.addHook('onReady', async () => app.jobs.start(jobsUrl, app.log));
  app.addHook('onClose', async () => app.jobs.stop());

  registerRequestIds(app);
  registerMetrics(app, database.pool);
  const apiRoutePatterns = collectApiRoutes(app);
  if (logWriter) {
    recordRequests(app, logWriter);
    logWriter.onWritten((batch) => {
      publishTail(app, batch).catch((error: unknown) =>
        app.log.warn({ err: error, logsWriter: true }, 'could not send the live tail of the logs'),
      );
    });
    app.addHook('onClose', async () => logWriter.close());
  }
  registerErrorHandling(app);
  registerStoredTextTranslation(app);
  registerContentTypeGuard(app);
  registerStorableTextCheck(app);
  registerAccessControl(app, config.jwtSecret);
  // After access control: API budgets per signed-in user (per address when anonymous); static files never count.
  await registerRateLimits(app, config.rateLimits, redis?.commands);
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });

  await registerSecurityHeaders(app, config, ltiFrameOrigins);
  await registerCompression(app);
  // Before the routes: its hook hears every write, in whichever module (decision 081).
  const catalogAnswers = catalogAnswerCache(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(ssoRoutes);
  await app.register(ltiRoutes);
  await app.register(userRoutes);
  await app.register(developerAccessRoutes);
  await app.register(adminPeopleRoutes);
  await app.register(supportRoutes);
  await app.register(deskRoutes);
  await app.register(institutePeopleRoutes);
  await app.register(invitationRoutes);
  await app.register(commonRoutes);
  await app.register(fileRoutes);
  await app.register(approvalRoutes);
  await app.register(courseRoutes);
  await app.register(gettingStartedRoutes);
  await app.register(videoRoutes);
  await app.register(faqRoutes);
  await app.register(materialRoutes);
  await app.register(courseExportRoutes);
  await app.register(courseExportJobs);
  await app.register(questionDraftRoutes);
  await app.register(lessonNotesRoutes);
  await app.register(quizAuthoringRoutes);
  await app.register(bankImportRoutes);
  await app.register(qtiExportRoutes);
  await app.register(catalogRoutes, { answers: catalogAnswers });
  await app.register(learningRoutes);
  await app.register(attemptRoutes);
  await app.register(markingRoutes);
  await app.register(logRoutes, { writer: logWriter, routes: apiRoutePatterns });
  await app.register(reportRoutes);
  await app.register(insightRoutes);
  await app.register(subscriptionRoutes);
  await app.register(currencyRoutes);
  await app.register(adminPlanRoutes);
  await app.register(publicPlanRoutes);
  await app.register(invoiceRoutes);
  await app.register(paymentRoutes);
  await app.register(integrationRoutes);
  await app.register(xapiRoutes);
  await app.register(embedSettingsRoutes);
  await app.register(embedPublicRoutes);
  await app.register(guruSpeechRoutes);
  await app.register(guruRoutes);
  await app.register(libraryRoutes);
  await app.register(guruSessionRoutes);
  await app.register(guruTrainingRoutes);
  await app.register(conversationRoutes);
  await app.register(meetingRoutes);
  await app.register(partnerRoutes);
  await app.register(adminPartnerRoutes);
  await app.register(certificateLearnerRoutes);
  await app.register(certificatePublicRoutes);
  await app.register(certificateAuthorRoutes);
  await app.register(certificateTemplateRoutes);

  // Learning events and marks become xAPI statements when an LRS is configured (decision 078).
  listenForXapi(app);
  // Completion is noticed as learning happens, and a certificate issued (decision 079).
  listenForCertificates(app);
  if (runJobs) startPeriodicTasks(app, PERIODIC_TASKS);
  if (!isWorker) {
    await app.register(embedPageRoute);
    await registerWebApp(app, config.webDist, config.publicUrl, certificateLinkPreview(app));
  }
  return app;
}

let lastWriteFailureReport = 0;
/** A failed log write (the database away) is said on stdout at most once a minute, and never stored. */
function reportLogWriteFailure(app: App, error: unknown): void {
  if (Date.now() - lastWriteFailureReport < 60_000) return;
  lastWriteFailureReport = Date.now();
  app.log.warn({ err: error, logsWriter: true }, 'could not store logs; these rows are lost');
}
