import type { FastifyPluginAsync } from 'fastify';
import type { GenerationState } from '../../../common/contracts/library';
import type { App } from '../../app';
import type { LibraryRow } from './access';

// SKELETON written with the spine so the routes can be written in parallel; the generation helper replaces
// every body below (docs/decisions/014-course-library.md "Generating").

export const LIBRARY_GENERATION_QUEUE = 'library-generation';

/** Stamps a new generation id, marks the library generating (segments to render: pending) and queues the job. */
export async function queueGeneration(_app: App, _library: LibraryRow): Promise<GenerationState> {
  throw new Error('not implemented');
}

/** Marks the library cancelled and clears its generation id; the running job stops before its next segment. */
export async function cancelGeneration(_app: App, _library: LibraryRow): Promise<GenerationState> {
  throw new Error('not implemented');
}

/** The library's generation as the owner sees it (also pushed live as 'library-progress'). */
export async function generationState(_app: App, _libraryId: string): Promise<GenerationState> {
  throw new Error('not implemented');
}

/** Registers the pg-boss worker and re-queues libraries left generating by a stopped process (on ready). */
export const libraryGenerationWorker: FastifyPluginAsync = async () => {};
