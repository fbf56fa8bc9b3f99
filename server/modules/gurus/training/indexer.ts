import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { guruChunks, guruIndexedSources } from '../../../db/schema/index';
import type { App } from '../../../http/app-type';
import { type GuruSource, gatherSources, noSourcesMessage, TrainingError } from './sources';

export interface IndexCounts {
  indexed: number;
  reused: number;
  removed: number;
  chunkCount: number;
}

/** The hash a source is compared by: its title (shown in citations) and its content. */
export function sourceHash(source: GuruSource, content: string | Uint8Array): string {
  return createHash('sha256').update(source.title).update('\n').update(content).digest('hex');
}

/**
 * Brings a guru's passages up to date with its sources: unchanged sources (same hash) are reused, changed
 * or new ones are re-indexed (their passages replaced in one transaction), sources that are gone are
 * dropped. Re-indexed sources get `indexedAt = startedAt`, which is how trainingState later tells indexed
 * from reused. `onProgress` gets 0-100 after each source.
 */
export async function indexGuru(
  app: App,
  guruId: string,
  startedAt: Date,
  onProgress: (progress: number, counts: IndexCounts) => Promise<void>,
): Promise<IndexCounts> {
  const sources = await gatherSources(app, guruId);
  if (sources.length === 0) throw new TrainingError(await noSourcesMessage(app, guruId));

  const previous = await app.db
    .select({ key: guruIndexedSources.sourceKey, hash: guruIndexedSources.contentHash })
    .from(guruIndexedSources)
    .where(eq(guruIndexedSources.guruId, guruId));
  const previousHash = new Map(previous.map((row) => [row.key, row.hash]));
  const counts: IndexCounts = { indexed: 0, reused: 0, removed: 0, chunkCount: 0 };

  const currentKeys = new Set(sources.map((source) => source.key));
  const removedKeys = previous.map((row) => row.key).filter((key) => !currentKeys.has(key));
  if (removedKeys.length > 0) {
    await app.db.transaction(async (tx) => {
      await tx
        .delete(guruChunks)
        .where(and(eq(guruChunks.guruId, guruId), inArray(guruChunks.sourceKey, removedKeys)));
      await tx
        .delete(guruIndexedSources)
        .where(
          and(eq(guruIndexedSources.guruId, guruId), inArray(guruIndexedSources.sourceKey, removedKeys)),
        );
    });
    counts.removed = removedKeys.length;
  }

  for (const [index, source] of sources.entries()) {
    const content = await source.content();
    const hash = sourceHash(source, content);
    if (previousHash.get(source.key) === hash) {
      counts.reused += 1;
    } else {
      const drafts = await source.passages(content);
      await app.db.transaction(async (tx) => {
        await tx
          .delete(guruChunks)
          .where(and(eq(guruChunks.guruId, guruId), eq(guruChunks.sourceKey, source.key)));
        if (drafts.length > 0) {
          await tx.insert(guruChunks).values(
            drafts.map((draft, position) => ({
              guruId,
              sourceKey: source.key,
              sourceKind: source.kind,
              title: source.title,
              heading: draft.heading ?? '',
              text: draft.text,
              courseId: source.courseId,
              videoId: source.videoId,
              materialId: source.materialId,
              startSeconds: draft.startSeconds ?? null,
              endSeconds: draft.endSeconds ?? null,
              page: draft.page ?? null,
              slide: draft.slide ?? null,
              position,
            })),
          );
        }
        await tx
          .insert(guruIndexedSources)
          .values({
            guruId,
            sourceKey: source.key,
            contentHash: hash,
            chunkCount: drafts.length,
            indexedAt: startedAt,
          })
          .onConflictDoUpdate({
            target: [guruIndexedSources.guruId, guruIndexedSources.sourceKey],
            set: { contentHash: hash, chunkCount: drafts.length, indexedAt: startedAt },
          });
      });
      counts.indexed += 1;
    }
    await onProgress(Math.min(99, Math.round(((index + 1) / sources.length) * 100)), counts);
  }
  return counts;
}
