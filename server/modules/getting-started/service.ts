import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  CHECKLIST_MSG,
  checklistSteps,
  type GettingStarted,
  type GettingStartedFacts,
} from '../../../common/getting-started';
import { courseLibraries, courses, courseVideos, gurus, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest } from '../../http/errors';
import { coveredBy } from '../plans/limits';

const exists = (query: ReturnType<typeof sql>) => sql<boolean>`exists (${query})`;

/**
 * The facts the checklist ticks from, in one round trip: the actor's work and, for an institute, its teachers'
 * (the people its plan covers).
 */
export async function gettingStartedFacts(app: App, actor: Actor): Promise<GettingStartedFacts> {
  const scope = coveredBy(actor.userId);
  const inScope = (owner: typeof courses.ownerId | typeof gurus.ownerId | typeof courseLibraries.ownerId) =>
    sql`${owner} in (select ${users.id} from ${users} where ${scope})`;
  const newestCourse = app.db
    .select({ id: courses.id })
    .from(courses)
    .where(inScope(courses.ownerId))
    // The course being worked on first: one students cannot see yet.
    .orderBy(sql`${courses.approvedSnapshot} is null desc`, desc(courses.createdAt))
    .limit(1);
  const newestLive = app.db
    .select({ id: courses.id })
    .from(courses)
    .where(and(inScope(courses.ownerId), isNotNull(courses.approvedSnapshot)))
    .orderBy(desc(courses.createdAt))
    .limit(1);
  const newestGuru = app.db
    .select({ id: gurus.id })
    .from(gurus)
    .where(inScope(gurus.ownerId))
    .orderBy(sql`${gurus.status} = 'ready' desc`, desc(gurus.createdAt))
    .limit(1);
  const result = await app.db.execute<{
    course_id: string | null;
    live_course_id: string | null;
    guru_id: string | null;
    has_lesson: boolean;
    has_library: boolean;
    has_ready_guru: boolean;
    waiting: boolean;
    shared: boolean;
  }>(sql`select
    (${newestCourse}) as course_id,
    (${newestLive}) as live_course_id,
    (${newestGuru}) as guru_id,
    ${exists(
      sql`select 1 from ${courseVideos} join ${courses} on ${courses.id} = ${courseVideos.courseId}
        where ${inScope(courses.ownerId)} and ${courseVideos.kind} = 'lesson' and ${courseVideos.processingStatus} = 'ready'`,
    )} as has_lesson,
    ${exists(
      sql`select 1 from ${courseLibraries} where ${inScope(courseLibraries.ownerId)} and ${courseLibraries.status} = 'ready'`,
    )} as has_library,
    ${exists(sql`select 1 from ${gurus} where ${inScope(gurus.ownerId)} and ${gurus.status} = 'ready'`)} as has_ready_guru,
    ${exists(
      sql`select 1 from ${courses} where ${inScope(courses.ownerId)} and ${courses.approvalStatus} = 'PENDING'`,
    )} as waiting,
    ${exists(
      sql`select 1 from ${courses} where ${inScope(courses.ownerId)} and ${courses.approvedSnapshot} is not null and ${courses.shareToken} is not null`,
    )} as shared`);
  const row = result.rows[0];
  return {
    courseId: row?.course_id ?? null,
    liveCourseId: row?.live_course_id ?? null,
    hasLesson: Boolean(row?.has_lesson),
    hasNarratedLibrary: Boolean(row?.has_library),
    guruId: row?.guru_id ?? null,
    hasReadyGuru: Boolean(row?.has_ready_guru),
    waitingForApproval: Boolean(row?.waiting),
    hasShareLink: Boolean(row?.shared),
  };
}

/** The caller's checklist: its steps, whether all are done, and whether they hid it. */
export async function gettingStarted(app: App, actor: Actor): Promise<GettingStarted> {
  const [facts, user] = await Promise.all([
    gettingStartedFacts(app, actor),
    app.db.query.users.findFirst({
      where: eq(users.id, actor.userId),
      columns: { gettingStartedDismissedAt: true },
    }),
  ]);
  const steps = checklistSteps(facts);
  const complete = steps.every((step) => step.done);
  return { steps, complete, dismissed: complete && Boolean(user?.gettingStartedDismissedAt) };
}

/** Hides the checklist for good; only once every step is done (until then it is the way in). */
export async function dismissGettingStarted(app: App, actor: Actor): Promise<void> {
  const { complete } = await gettingStarted(app, actor);
  if (!complete) throw badRequest(CHECKLIST_MSG.notComplete);
  await app.db.update(users).set({ gettingStartedDismissedAt: new Date() }).where(eq(users.id, actor.userId));
}
