import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { GenerationState } from '../../../common/contracts/library';
import { courseLibraries, librarySegments } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import type { LibraryRow } from './access';
import { type LibraryGenerationJob, runLibraryGeneration, unfinishedGenerations } from './generation-run';
import { pushGenerationState, readGenerationState } from './generation-state';
import { segmentRenderHash } from './render-hash';

// docs/decisions/014-course-library.md "Generating". The job body is in generation-run.ts.

export const LIBRARY_GENERATION_QUEUE = 'library-generation';
export type { LibraryGenerationJob } from './generation-run';
export { LIBRARY_PROGRESS_EVENT } from './generation-state';

/** A long deck with remote voices takes a while; a run still going after this is given up by pg-boss. */
const JOB_EXPIRE_SECONDS = 6 * 60 * 60;

/**
 * Stamps a new generation id, marks the library generating (segments whose render hash changed: pending,
 * the rest ready) and queues the job. With inline jobs (tests) the job has run when this returns.
 */
export async function queueGeneration(app: App, library: LibraryRow): Promise<GenerationState> {
  const generationId = randomUUID();
  await app.db.transaction(async (tx) => {
    // The row as it is now, not as the caller read it: the hashes must match what the job will render.
    const [current] = await tx
      .update(courseLibraries)
      .set({
        status: 'generating',
        progress: 0,
        stage: 'render',
        error: null,
        generationId,
        updatedAt: new Date(),
      })
      .where(eq(courseLibraries.id, library.id))
      .returning();
    if (!current) return;
    const segments = await tx
      .select()
      .from(librarySegments)
      .where(eq(librarySegments.libraryId, library.id))
      .orderBy(asc(librarySegments.position));
    const ready: string[] = [];
    const pending: string[] = [];
    for (const [index, segment] of segments.entries()) {
      const unchanged =
        segment.videoPath !== null &&
        segment.renderedHash === segmentRenderHash(current, segment, index === 0);
      (unchanged ? ready : pending).push(segment.id);
    }
    if (ready.length) {
      await tx.update(librarySegments).set({ status: 'ready' }).where(inArray(librarySegments.id, ready));
    }
    if (pending.length) {
      await tx.update(librarySegments).set({ status: 'pending' }).where(inArray(librarySegments.id, pending));
    }
  });
  await pushGenerationState(app, library.ownerId, library.id);
  await app.jobs.send<LibraryGenerationJob>(
    LIBRARY_GENERATION_QUEUE,
    { libraryId: library.id, generationId },
    { expireInSeconds: JOB_EXPIRE_SECONDS },
  );
  return readGenerationState(app, library.id);
}

/**
 * Marks a generating library cancelled and clears its generation id; the running job stops before its next
 * segment (the one being rendered finishes). A library that is not generating is left as it is.
 */
export async function cancelGeneration(app: App, library: LibraryRow): Promise<GenerationState> {
  await app.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(courseLibraries)
      .set({ status: 'cancelled', generationId: null, stage: null, updatedAt: new Date() })
      .where(and(eq(courseLibraries.id, library.id), eq(courseLibraries.status, 'generating')))
      .returning({ id: courseLibraries.id });
    if (!cancelled) return;
    await tx
      .update(librarySegments)
      .set({ status: 'pending' })
      .where(
        and(
          eq(librarySegments.libraryId, library.id),
          inArray(librarySegments.status, ['rendering', 'pending']),
        ),
      );
  });
  return pushGenerationState(app, library.ownerId, library.id);
}

/** The library's generation as the owner sees it (also pushed live as 'library-progress'). */
export async function generationState(app: App, libraryId: string): Promise<GenerationState> {
  return readGenerationState(app, libraryId);
}

/**
 * Queues again every library left generating with no job that will finish it (its job failed for good, or the
 * queue lost it), with its existing generation id: the segments already rendered match their hash and are
 * skipped, so the job continues where it stopped. A library whose job is still queued or running, here or in
 * another process, is left to that job: a process killed mid-render has its job handed back by the job leases
 * (decision 039), so starting another instance must not queue a second copy.
 */
export async function resumeGenerations(app: App): Promise<number> {
  const live = await app.jobs.live<LibraryGenerationJob>(LIBRARY_GENERATION_QUEUE);
  const running = new Set(live.map((job) => job.generationId));
  const unfinished = (await unfinishedGenerations(app)).filter(
    ({ generationId }) => !generationId || !running.has(generationId),
  );
  for (const { libraryId, generationId } of unfinished) {
    if (generationId) {
      await app.jobs.send<LibraryGenerationJob>(
        LIBRARY_GENERATION_QUEUE,
        { libraryId, generationId },
        { expireInSeconds: JOB_EXPIRE_SECONDS },
      );
    } else {
      // Generating without an id cannot come from queueGeneration; stamp one rather than leave it stuck.
      const [library] = await app.db.select().from(courseLibraries).where(eq(courseLibraries.id, libraryId));
      if (library) await queueGeneration(app, library);
    }
  }
  return unfinished.length;
}

/** Registers the pg-boss worker and re-queues libraries left generating by a stopped process (on ready). */
export const libraryGenerationWorker: FastifyPluginAsync = async (app) => {
  // The job records its own failures; a throw (the database gone) is retried once by pg-boss.
  app.jobs.work<LibraryGenerationJob>(LIBRARY_GENERATION_QUEUE, (job) => runLibraryGeneration(app, job), {
    retryLimit: 1,
    expireInSeconds: JOB_EXPIRE_SECONDS,
  });
  app.addHook('onReady', async () => {
    const resumed = await resumeGenerations(app).catch((error: unknown) => {
      app.log.error({ err: error }, 'could not resume library generations');
      return 0;
    });
    if (resumed) app.log.info({ libraries: resumed }, 'library generations resumed');
  });
};
