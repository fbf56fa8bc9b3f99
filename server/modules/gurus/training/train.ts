import { and, count, eq, gte, lt, sum } from 'drizzle-orm';
import type { TrainingState } from '../../../../common/contracts/gurus';
import type { GuruStatus } from '../../../../common/gurus';
import { withAdvisoryLock } from '../../../db/advisory-lock';
import { guruIndexedSources, gurus } from '../../../db/schema/index';
import type { App } from '../../../http/app-type';
import { notifyUser } from '../../../realtime/notify-user';
import { applyIndex, type IndexCounts, readIndex } from './indexer';
import { TrainingError } from './sources';

export const GURU_TRAINING_QUEUE = 'guru-training';

export interface GuruTrainingJob {
  guruId: string;
}

async function ownerOf(app: App, guruId: string): Promise<string | null> {
  const guru = await app.db.query.gurus.findFirst({
    where: eq(gurus.id, guruId),
    columns: { ownerId: true },
  });
  return guru?.ownerId ?? null;
}

function push(app: App, ownerId: string | null, state: TrainingState) {
  if (ownerId) void notifyUser(app, ownerId, 'guru-training', state);
}

/** Marks the guru training and queues the job (used by POST /train, by seeding and after a correction). */
export async function queueTraining(app: App, guruId: string): Promise<TrainingState> {
  await app.db
    .update(gurus)
    .set({ status: 'training', trainingProgress: 0, trainingError: null, trainingFailedAt: null })
    .where(eq(gurus.id, guruId));
  push(app, await ownerOf(app, guruId), await trainingState(app, guruId));
  await app.jobs.send<GuruTrainingJob>(GURU_TRAINING_QUEUE, { guruId }, { expireInSeconds: 60 * 60 });
  return trainingState(app, guruId);
}

/**
 * Runs training now (what the job calls), one at a time per guru: while another training of the guru holds
 * its lock (another app process, or a correction during a training) this one waits and then runs in full. It
 * gathers the sources only once it holds the lock, so an edit made during the other training is indexed.
 * Records its own outcome: 'ready' with progress 100, or 'failed' with a reason the owner can act on and when;
 * it throws only when even that cannot be written. Every source is read before anything is written, and the
 * new passages replace the old in one transaction with the 'ready' mark: a failed training leaves the guru
 * answering from its last good training (decision 054).
 */
export async function trainGuru(app: App, guruId: string): Promise<void> {
  await withAdvisoryLock(app.db, `guru-training:${guruId}`, () => trainLocked(app, guruId));
}

async function trainLocked(app: App, guruId: string): Promise<void> {
  const ownerId = await ownerOf(app, guruId);
  if (!ownerId) return; // deleted since it was queued
  const startedAt = new Date();
  await app.db
    .update(gurus)
    .set({ status: 'training', trainingProgress: 0, trainingError: null, trainingFailedAt: null })
    .where(eq(gurus.id, guruId));

  const live = async (progress: number, counts: IndexCounts) => {
    await app.db.update(gurus).set({ trainingProgress: progress }).where(eq(gurus.id, guruId));
    const state = await trainingState(app, guruId);
    push(app, ownerId, { ...state, indexedSources: counts.indexed, reusedSources: counts.reused });
  };

  try {
    const plan = await readIndex(app, guruId, live);
    const { counts } = plan;
    await app.db.transaction(async (tx) => {
      await applyIndex(tx, guruId, startedAt, plan);
      await tx
        .update(gurus)
        .set({
          status: 'ready',
          trainingProgress: 100,
          trainingError: null,
          trainingFailedAt: null,
          trainedAt: startedAt,
        })
        .where(eq(gurus.id, guruId));
    });
    push(app, ownerId, {
      ...(await trainingState(app, guruId)),
      indexedSources: counts.indexed,
      reusedSources: counts.reused,
    });
  } catch (error) {
    const reason =
      error instanceof TrainingError
        ? error.message
        : 'Training stopped because of an unexpected error. Please try again.';
    if (!(error instanceof TrainingError)) app.log.error({ err: error, guruId }, 'guru training failed');
    await app.db
      .update(gurus)
      .set({ status: 'failed', trainingError: reason, trainingFailedAt: new Date() })
      .where(eq(gurus.id, guruId));
    push(app, ownerId, await trainingState(app, guruId));
  }
}

/**
 * The guru's training as the owner sees it. Sources re-indexed by the last (or running) training carry its
 * start time as `indexedAt` (equal to `trainedAt` once it finished), so the counts need no extra columns.
 */
export async function trainingState(app: App, guruId: string): Promise<TrainingState> {
  const guru = await app.db.query.gurus.findFirst({ where: eq(gurus.id, guruId) });
  if (!guru) {
    return {
      guruId,
      status: 'draft',
      progress: 0,
      error: null,
      failedAt: null,
      trainedAt: null,
      indexedSources: 0,
      reusedSources: 0,
      chunkCount: 0,
    };
  }
  const since = guru.trainedAt ?? new Date(0);
  const tally = async (fresh: boolean) => {
    const [row] = await app.db
      .select({ sources: count(), chunks: sum(guruIndexedSources.chunkCount) })
      .from(guruIndexedSources)
      .where(
        and(
          eq(guruIndexedSources.guruId, guruId),
          fresh ? gte(guruIndexedSources.indexedAt, since) : lt(guruIndexedSources.indexedAt, since),
        ),
      );
    return { sources: Number(row?.sources ?? 0), chunks: Number(row?.chunks ?? 0) };
  };
  const [fresh, reused] = await Promise.all([tally(true), tally(false)]);
  return {
    guruId,
    status: guru.status as GuruStatus,
    progress: guru.trainingProgress,
    error: guru.trainingError,
    failedAt: guru.trainingFailedAt?.toISOString() ?? null,
    trainedAt: guru.trainedAt?.toISOString() ?? null,
    indexedSources: fresh.sources,
    reusedSources: reused.sources,
    chunkCount: fresh.chunks + reused.chunks,
  };
}
