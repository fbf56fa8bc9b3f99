import { and, asc, count, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { EMBED_MSG } from '../../../common/contracts/embed';
import type { SessionGuru } from '../../../common/contracts/gurus';
import { GURU_MSG } from '../../../common/gurus';
import { isUserType } from '../../../common/roles';
import type { Db } from '../../db/client';
import {
  conversations,
  courseSubscriptions,
  courses,
  guruCourses,
  guruQuestions,
  gurus,
  quizAttempts,
  users,
} from '../../db/schema/index';
import { payerIdOf } from '../../http/account-state';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { canAuthorFor } from '../../http/policies';
import { said } from '../../i18n/said';
import { brandLogoUrlOf, imageUrlsAt } from '../files/uploads';
import { limitOf, type PlanHolder } from '../plans/limits';
import { assertModule } from '../plans/module-access';
import { type GuruRow, loadTalkableGuru, payerScope } from './access';
import { GURU_LINK_SECONDS } from './presenters';

/** The plan holder whose plan pays for a guru's sessions: the guru's owner (their payer's plan applies). */
export async function ownerHolderOf(app: App, guru: GuruRow): Promise<PlanHolder> {
  const owner = await app.db.query.users.findFirst({ where: eq(users.id, guru.ownerId) });
  if (!owner || !isUserType(owner.userType)) throw notFound(said('server.gurus.notFound'));
  return { userId: owner.id, userType: owner.userType, instituteId: owner.instituteId };
}

/**
 * Sessions started this calendar month (UTC) on gurus of the payer's scope (the payer and its teachers);
 * `anonymousOnly`: only those of visitors without an account (embedded gurus, decision 053).
 */
export async function monthSessionCount(
  db: Pick<Db, 'select'>,
  payerId: string,
  options: { anonymousOnly?: boolean } = {},
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .innerJoin(gurus, eq(gurus.id, conversations.guruId))
    .innerJoin(users, eq(users.id, gurus.ownerId))
    .where(
      and(
        payerScope(payerId),
        gte(conversations.startedAt, sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`),
        options.anonymousOnly ? isNull(conversations.userId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The payer whose plan the guru's sessions count against, and its monthly limit (null: unlimited). */
export async function sessionAllowance(
  app: App,
  guru: GuruRow,
): Promise<{ payerId: string; limit: number } | null> {
  const holder = await ownerHolderOf(app, guru);
  const payerId = payerIdOf({
    id: holder.userId,
    userType: holder.userType,
    instituteId: holder.instituteId,
  });
  if (!payerId) return null;
  const limit = await limitOf(app, holder, 'guruSessionsPerMonth');
  return limit === null ? null : { payerId, limit };
}

/** Whether the owner's plan has no session left this month. */
export async function sessionLimitReached(app: App, guru: GuruRow): Promise<boolean> {
  const allowance = await sessionAllowance(app, guru);
  if (!allowance) return false;
  return (await monthSessionCount(app.db, allowance.payerId)) >= allowance.limit;
}

/** The courses a guru learns from. */
export async function guruCourseIds(app: App, guruId: string): Promise<string[]> {
  const rows = await app.db
    .select({ courseId: guruCourses.courseId })
    .from(guruCourses)
    .where(eq(guruCourses.guruId, guruId));
  return rows.map((row) => row.courseId);
}

/** Whether the user has a quiz attempt open on any course of the guru (the guru stays quiet meanwhile). */
export async function quizOpenOnGuru(app: App, userId: string, guruId: string): Promise<boolean> {
  for (const courseId of await guruCourseIds(app, guruId)) {
    if (await hasOpenAttempt(app, userId, courseId)) return true;
  }
  return false;
}

/**
 * Whether the guru can answer: ready, or training again (or failed to) after an earlier training succeeded:
 * its passages stay until a successful training replaces them in one go, so a correction's re-index does not
 * interrupt students, and neither does a training that failed (decision 054).
 */
export function canAnswer(guru: GuruRow): boolean {
  if (guru.status === 'ready') return true;
  return (guru.status === 'training' || guru.status === 'failed') && guru.trainedAt !== null;
}

/** Why the actor cannot start a session now, or null when they can. */
export async function unavailableReason(app: App, actor: Actor, guru: GuruRow): Promise<string | null> {
  if (!canAnswer(guru)) return GURU_MSG.notReady;
  if (await quizOpenOnGuru(app, actor.userId, guru.id)) return GURU_MSG.quizInProgress;
  if (await sessionLimitReached(app, guru)) return GURU_MSG.sessionLimit;
  return null;
}

/**
 * The session's pictures of these gurus: their large copies (the session shows the picture 240 CSS px wide), in
 * one lookup for a course's gurus.
 */
const sessionPictures = (app: App, guruList: readonly GuruRow[]) =>
  imageUrlsAt(
    app,
    guruList.map((guru) => guru.avatarImagePath),
    'large',
    GURU_LINK_SECONDS,
  );

/**
 * What the live session shows of a guru, with whether the caller may talk to it now. `pictures`: the gurus'
 * pictures looked up for a whole list (sessionPictures); without it, this guru's is looked up.
 */
export async function sessionGuruView(
  app: App,
  guru: GuruRow,
  reason: string | null,
  pictures?: Map<string, string>,
): Promise<SessionGuru> {
  const demo = await app.db
    .select({ question: guruQuestions.question })
    .from(guruQuestions)
    .where(and(eq(guruQuestions.guruId, guru.id), eq(guruQuestions.kind, 'demo')))
    .orderBy(asc(guruQuestions.position), asc(guruQuestions.createdAt));
  const signed = (key: string | null) => (key ? app.storage.signedUrl(key, GURU_LINK_SECONDS) : null);
  const picture = guru.avatarImagePath
    ? ((pictures ?? (await sessionPictures(app, [guru]))).get(guru.avatarImagePath) ??
      signed(guru.avatarImagePath))
    : null;
  return {
    id: guru.id,
    name: guru.name,
    subject: guru.subject,
    introductionText: guru.introductionText,
    introductionVideoUrl: signed(guru.introductionVideoPath),
    avatarKind: (guru.avatarKind as SessionGuru['avatarKind']) ?? null,
    avatarImageUrl: picture,
    avatarGlbUrl: guru.avatarGlbUrl || signed(guru.avatarGlbPath),
    voice: (guru.voice as SessionGuru['voice']) ?? null,
    demoQuestions: demo.map((row) => row.question),
    brandLogoUrl: await brandLogoUrlOf(app, guru.ownerId),
    available: reason === null,
    unavailableReason: reason,
  };
}

/** GET /api/gurus/:guruId/session-info */
export async function sessionInfo(app: App, actor: Actor, guruId: string): Promise<SessionGuru> {
  const guru = await loadTalkableGuru(app, actor, guruId);
  return sessionGuruView(app, guru, await unavailableReason(app, actor, guru));
}

/** Ready gurus of a course, for its subscribed learners and its author side. */
export async function gurusForCourse(app: App, actor: Actor, courseId: string): Promise<SessionGuru[]> {
  const [course] = await app.db
    .select({ id: courses.id, owner: { id: users.id, instituteId: users.instituteId } })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) throw notFound(said('server.gurus.courseNotFound'));
  if (!canAuthorFor(actor, course.owner)) {
    const subscribed = await app.db.query.courseSubscriptions.findFirst({
      where: and(eq(courseSubscriptions.courseId, courseId), eq(courseSubscriptions.userId, actor.userId)),
    });
    if (!subscribed) throw forbidden(GURU_MSG.notSubscribed);
  }
  const ids = await app.db
    .select({ guruId: guruCourses.guruId })
    .from(guruCourses)
    .where(eq(guruCourses.courseId, courseId));
  if (ids.length === 0) return [];
  const rows = await app.db
    .select()
    .from(gurus)
    .where(
      and(
        inArray(
          gurus.id,
          ids.map((row) => row.guruId),
        ),
        // A guru re-training, or whose re-training failed, still answers from its earlier passages (canAnswer).
        inArray(gurus.status, ['ready', 'training', 'failed']),
      ),
    )
    .orderBy(asc(gurus.name));
  const answering = rows.filter(canAnswer);
  const pictures = await sessionPictures(app, answering);
  return Promise.all(
    answering.map(async (guru) =>
      sessionGuruView(app, guru, await unavailableReason(app, actor, guru), pictures),
    ),
  );
}

/** POST /api/gurus/:guruId/sessions: a new conversation, counted against the owner's plan this month. */
export async function startSession(
  app: App,
  actor: Actor,
  guruId: string,
  courseId: string | undefined,
): Promise<{ conversationId: string }> {
  const guru = await loadTalkableGuru(app, actor, guruId);
  if (courseId && !(await guruCourseIds(app, guru.id)).includes(courseId)) {
    throw badRequest(said('server.gurus.courseNotLearned'));
  }
  return {
    conversationId: await openSession(app, guru, { userId: actor.userId, courseId: courseId ?? null }),
  };
}

/** Who holds a new session: a student, or an anonymous visitor of an embedding site (by their key's hash). */
export type SessionHolder =
  | { userId: string; courseId?: string | null; embedOrigin?: string | null }
  | { userId: null; visitorTokenHash: string; embedOrigin: string };

/** A transaction (or the database) a session's checks run in. */
export type SessionTx = Pick<Db, 'select' | 'insert' | 'delete' | 'execute'>;

/**
 * What an anonymous session needs besides a place in the plan (server/modules/embed/quotas.ts, decision 053):
 * `cap` is the most anonymous sessions this month under the site's share of the plan (null: no monthly cap);
 * `takePlaces` takes the visitor's and the address's places for today in the session's transaction and throws
 * when one is full (the transaction, and every place it took, is then rolled back).
 */
export interface AnonymousPlaces {
  cap: (planLimit: number | null) => number | null;
  takePlaces: (tx: SessionTx) => Promise<void>;
}

/**
 * Opens a session on a guru the caller may talk to: checks it can answer and the owner's plan, then counts
 * and inserts under one lock per payer, so two sessions started at once at the limit cannot both fit. An
 * anonymous session also needs room in the site's share of the plan, counted under the same lock, and its
 * visitor's and address's places for the day (`anonymous`), all in the one transaction.
 */
export async function openSession(
  app: App,
  guru: GuruRow,
  holder: SessionHolder,
  anonymous?: AnonymousPlaces,
): Promise<string> {
  if (!canAnswer(guru)) throw new AppError('CONFLICT', GURU_MSG.notReady);
  if (holder.userId && (await quizOpenOnGuru(app, holder.userId, guru.id)))
    throw new AppError('CONFLICT', GURU_MSG.quizInProgress);
  await assertModule(app, await ownerHolderOf(app, guru), 'gurus', 'use');
  const allowance = await sessionAllowance(app, guru);
  const values = { guruId: guru.id, ...holder };
  return app.db.transaction(async (tx) => {
    if (allowance) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guru-sessions:${allowance.payerId}`}))`);
      if ((await monthSessionCount(tx, allowance.payerId)) >= allowance.limit)
        throw forbidden(GURU_MSG.sessionLimit);
    }
    if (anonymous) {
      const cap = anonymous.cap(allowance?.limit ?? null);
      if (
        cap !== null &&
        (cap === 0 ||
          (allowance && (await monthSessionCount(tx, allowance.payerId, { anonymousOnly: true })) >= cap))
      )
        throw new AppError('UNAUTHENTICATED', EMBED_MSG.visitorShareUsed);
      await anonymous.takePlaces(tx);
    }
    const [row] = await tx.insert(conversations).values(values).returning({ id: conversations.id });
    return row.id;
  });
}

/** Whether the user has an attempt still running on a course (the course's guru stays quiet meanwhile). */
export async function hasOpenAttempt(app: App, userId: string, courseId: string): Promise<boolean> {
  const [found] = await app.db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.courseId, courseId),
        eq(quizAttempts.status, 'in_progress'),
        or(isNull(quizAttempts.deadlineAt), gt(quizAttempts.deadlineAt, new Date())),
      ),
    )
    .limit(1);
  return Boolean(found);
}
