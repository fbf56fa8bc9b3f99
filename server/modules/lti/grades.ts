import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { ltiGradeLinks, ltiPlatforms, quizAttempts, quizzes } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { onAttemptMarked } from '../quizzes/marked-listeners';
import { type Launch, LTI, launchedId } from './launch';
import { callService, forgetTokens, LtiServiceFailed, serviceToken } from './service-token';

/**
 * Assignment and Grade Services 2.0 (decision 075): a quiz placed by Deep Linking has a line item in the LMS's
 * gradebook. A learner's launch of it carries that line item's URL; it is kept as a grade link, and each time the
 * learner's attempt is marked its score goes to the line item — queued, retried with back-off, never in the
 * learner's or the marking teacher's way. A failure is kept on the link and is in the developer logs.
 */
const AGS_ENDPOINT = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
export const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
export const LTI_SCORES_QUEUE = 'lti-scores';

interface ScoresJob {
  attemptId: string;
}

/** The quiz a launch opens: the custom parameters Deep Linking gave it, else the quizId of its target. */
function quizOfLaunch(launch: Launch): string | null {
  const custom = launch.claims[`${LTI}custom`] as Record<string, unknown> | undefined;
  if (custom?.gurukul_kind === 'quiz') return launchedId(launch, 'gurukul_id', 'custom');
  return launchedId(launch, 'quizId');
}

/** At a learner's launch of a graded quiz: remember where that person's score goes. */
export async function recordGradeLink(app: App, launch: Launch): Promise<void> {
  if (launch.messageType !== 'LtiResourceLinkRequest' || launch.instructor) return;
  const endpoint = launch.claims[AGS_ENDPOINT] as { scope?: unknown; lineitem?: unknown } | undefined;
  const scopes = Array.isArray(endpoint?.scope) ? endpoint.scope : [];
  if (typeof endpoint?.lineitem !== 'string' || !scopes.includes(SCORE_SCOPE)) return;
  const quizId = quizOfLaunch(launch);
  if (!quizId || !(await app.db.query.quizzes.findFirst({ where: eq(quizzes.id, quizId) }))) return;
  await app.db
    .insert(ltiGradeLinks)
    .values({
      platformId: launch.platform.id,
      userId: launch.userId,
      quizId,
      subject: String(launch.claims.sub),
      lineItemUrl: endpoint.lineitem,
    })
    .onConflictDoNothing();
}

/** The score publish URL: the line item's URL with /scores added to its path, its query kept (AGS §3.4). */
export function scoresUrl(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/+$/u, '')}/scores`;
  return url.href;
}

/**
 * The learner's best marked attempt at the quiz: what Gurukul shows them as their score ("Best score"), and so
 * what the gradebook gets — a worse later attempt does not lower the LMS's grade below what Gurukul says.
 */
async function bestAttempt(app: App, userId: string, quizId: string) {
  const [best] = await app.db
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.quizId, quizId),
        eq(quizAttempts.status, 'marked'),
        gt(quizAttempts.maxScore, 0),
      ),
    )
    .orderBy(desc(sql`${quizAttempts.score} / ${quizAttempts.maxScore}`), desc(quizAttempts.markedAt))
    .limit(1);
  return best ?? null;
}

/** After an attempt is marked: the learner's best score to every line item they launched the quiz from. */
export async function sendScores(app: App, attemptId: string): Promise<void> {
  const marked = await app.db.query.quizAttempts.findFirst({ where: eq(quizAttempts.id, attemptId) });
  if (marked?.status !== 'marked') return;
  const attempt = await bestAttempt(app, marked.userId, marked.quizId);
  if (!attempt || attempt.score === null) return;
  const links = await app.db
    .select({ link: ltiGradeLinks, platform: ltiPlatforms })
    .from(ltiGradeLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiGradeLinks.platformId))
    .where(and(eq(ltiGradeLinks.userId, attempt.userId), eq(ltiGradeLinks.quizId, attempt.quizId)));
  const failures: string[] = [];
  for (const { link, platform } of links) {
    const score = {
      userId: link.subject,
      scoreGiven: attempt.score,
      scoreMaximum: attempt.maxScore,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      // The platform keeps the newest by this time; the best is worked out again on every send (a retry too), so
      // the newest is always the current best.
      timestamp: new Date().toISOString(),
      ...(attempt.submittedAt ? { submission: { submittedAt: attempt.submittedAt.toISOString() } } : {}),
    };
    try {
      const token = await serviceToken(app, platform, [SCORE_SCOPE]);
      await callService(app, scoresUrl(link.lineItemUrl), {
        method: 'POST',
        token,
        accept: 'application/json',
        contentType: 'application/vnd.ims.lis.v1.score+json',
        body: JSON.stringify(score),
      }).catch((error: unknown) => {
        // A token refused before its time is forgotten, so the retry asks for a new one.
        if (error instanceof LtiServiceFailed && / HTTP 401/u.test(error.message)) forgetTokens(platform.id);
        throw error;
      });
      await app.db
        .update(ltiGradeLinks)
        .set({ lastSentAt: new Date(), lastError: null })
        .where(eq(ltiGradeLinks.id, link.id));
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      failures.push(detail);
      app.log.warn({ lti: { platform: platform.name, attemptId, detail } }, 'LTI score not sent');
      await app.db
        .update(ltiGradeLinks)
        .set({ lastError: detail.slice(0, 500) })
        .where(eq(ltiGradeLinks.id, link.id));
    }
  }
  // Thrown so the queue tries again later (and, when it gives up, shows it among the failed jobs in /logs).
  if (failures.length > 0) throw new LtiServiceFailed(`score not sent: ${failures.join('; ')}`);
}

export function registerGrades(app: App): void {
  app.jobs.work<ScoresJob>(LTI_SCORES_QUEUE, (job) => sendScores(app, job.attemptId), {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
  });
  onAttemptMarked(app, async (marked) => {
    const [link] = await app.db
      .select({ id: ltiGradeLinks.id })
      .from(ltiGradeLinks)
      .where(and(eq(ltiGradeLinks.userId, marked.userId), eq(ltiGradeLinks.quizId, marked.quizId)))
      .limit(1);
    if (link) await app.jobs.send<ScoresJob>(LTI_SCORES_QUEUE, { attemptId: marked.attemptId });
  });
}
