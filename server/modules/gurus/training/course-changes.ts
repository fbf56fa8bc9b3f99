import { and, eq, inArray } from 'drizzle-orm';
import { isUserType } from '../../../../common/roles';
import { guruCourses, gurus, guruVideos, users } from '../../../db/schema/index';
import type { App } from '../../../http/app-type';
import { AppError } from '../../../http/errors';
import { assertModule } from '../../plans/module-access';
import { assertNotOverGuruLimit } from '../limits';
import { queueTraining } from './train';

/**
 * Whether the owner could press Train now: their plan still includes gurus and a downgrade has not left them
 * over the gurus limit. Automatic re-training follows the same rule as the button, so a course edit never
 * trains a guru its owner may not train.
 */
async function ownerMayTrain(app: App, guruId: string): Promise<boolean> {
  const [owner] = await app.db
    .select({ userId: users.id, userType: users.userType, instituteId: users.instituteId })
    .from(gurus)
    .innerJoin(users, eq(users.id, gurus.ownerId))
    .where(eq(gurus.id, guruId));
  if (!owner || !isUserType(owner.userType)) return false;
  const holder = { userId: owner.userId, userType: owner.userType, instituteId: owner.instituteId };
  try {
    await assertModule(app, holder, 'gurus', 'use');
    await assertNotOverGuruLimit(app, holder);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * The gurus that learn from a course's material: every guru of the course, or, for one video's captions,
 * only those that chose that video in the course-videos step (the others never index it).
 */
export async function gurusLearningFrom(app: App, courseId: string, videoId?: string): Promise<string[]> {
  const rows = videoId
    ? await app.db
        .select({ guruId: guruCourses.guruId })
        .from(guruCourses)
        .innerJoin(
          guruVideos,
          and(eq(guruVideos.guruId, guruCourses.guruId), eq(guruVideos.videoId, videoId)),
        )
        .where(eq(guruCourses.courseId, courseId))
    : await app.db
        .select({ guruId: guruCourses.guruId })
        .from(guruCourses)
        .where(eq(guruCourses.courseId, courseId));
  return [...new Set(rows.map((row) => row.guruId))];
}

/**
 * What a course change means for the gurus learning from it (decision 013): each is marked as changed
 * (updated_at moves past trained_at, so the owner sees "needs training"), and those answering students or
 * training right now re-train at once (incremental: only the changed source is re-indexed), so answers
 * follow the course. Gurus that are drafts or failed wait for their owner, as do gurus whose owner's plan no
 * longer lets them train (ownerMayTrain). A failure here is logged and
 * never undoes the course edit that caused it.
 */
export async function retrainGurus(app: App, guruIds: string[]): Promise<void> {
  if (guruIds.length === 0) return;
  try {
    const touched = await app.db
      .update(gurus)
      .set({ updatedAt: new Date() })
      .where(inArray(gurus.id, guruIds))
      .returning({ id: gurus.id, status: gurus.status });
    for (const guru of touched) {
      // A training running now may have read its sources before this change; a queued one runs after it.
      if (guru.status !== 'ready' && guru.status !== 'training') continue;
      if (await ownerMayTrain(app, guru.id)) await queueTraining(app, guru.id);
    }
  } catch (error) {
    app.log.error({ err: error, guruIds }, 'could not queue the re-training of gurus after a course change');
  }
}

/** Shorthand for a change of a course's material, FAQ or one video's captions. */
export async function courseSourcesChanged(app: App, courseId: string, videoId?: string): Promise<void> {
  try {
    await retrainGurus(app, await gurusLearningFrom(app, courseId, videoId));
  } catch (error) {
    app.log.error({ err: error, courseId }, 'could not find the gurus of a changed course');
  }
}
