import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { type LanguageCode, languageCode, passageLanguage } from '../../../../common/languages';
import type { Db } from '../../../db/client';
import { courses, guruChunks, guruIndexedSources } from '../../../db/schema/index';
import type { App } from '../../../http/app-type';
import { type ChunkDraft, type GuruSource, gatherSources, noSourcesMessage, TrainingError } from './sources';

export interface IndexCounts {
  indexed: number;
  reused: number;
  removed: number;
  chunkCount: number;
}

/**
 * The hash a source is compared by: its title (shown in citations), its course's language (the passages are
 * searched in it: a course whose language changed is learnt again) and its content.
 */
export function sourceHash(source: GuruSource, content: string | Uint8Array, language = ''): string {
  return createHash('sha256')
    .update(source.title)
    .update('\n')
    .update(language ? `${language}\n` : '')
    .update(content)
    .digest('hex');
}

/** The language codes of the sources' courses (common/languages.ts), '' for a course with none chosen. */
async function courseLanguages(app: App, sources: GuruSource[]): Promise<Map<string, LanguageCode | ''>> {
  const ids = [
    ...new Set(sources.map((source) => source.courseId).filter((id): id is string => id !== null)),
  ];
  if (ids.length === 0) return new Map();
  const rows = await app.db
    .select({ id: courses.id, language: courses.language })
    .from(courses)
    .where(inArray(courses.id, ids));
  return new Map(rows.map((row) => [row.id, languageCode(row.language)]));
}

/** What a training read: the sources to (re-)index with their passages, and the ones that are gone. */
export interface IndexPlan {
  /** `language`: the source's course's language code, '' when it has none (each passage's script decides). */
  changed: { source: GuruSource; hash: string; drafts: ChunkDraft[]; language: LanguageCode | '' }[];
  removedKeys: string[];
  counts: IndexCounts;
}

/**
 * Reads every source of a guru and compares it with the passages in use, changing nothing: unchanged
 * sources (same hash) are reused, changed or new ones are read into passages, sources that are gone are
 * listed. A source that cannot be read throws (TrainingError) before anything was written, so the passages
 * of the last good training stay in use (decision 054). `onProgress` gets 0-99 after each source.
 */
export async function readIndex(
  app: App,
  guruId: string,
  onProgress: (progress: number, counts: IndexCounts) => Promise<void>,
): Promise<IndexPlan> {
  const sources = await gatherSources(app, guruId);
  if (sources.length === 0) throw new TrainingError(await noSourcesMessage(app, guruId));

  const previous = await app.db
    .select({ key: guruIndexedSources.sourceKey, hash: guruIndexedSources.contentHash })
    .from(guruIndexedSources)
    .where(eq(guruIndexedSources.guruId, guruId));
  const previousHash = new Map(previous.map((row) => [row.key, row.hash]));
  const currentKeys = new Set(sources.map((source) => source.key));
  const removedKeys = previous.map((row) => row.key).filter((key) => !currentKeys.has(key));
  const counts: IndexCounts = { indexed: 0, reused: 0, removed: removedKeys.length, chunkCount: 0 };
  const changed: IndexPlan['changed'] = [];
  const languages = await courseLanguages(app, sources);

  for (const [index, source] of sources.entries()) {
    const content = await source.content();
    const language = (source.courseId && languages.get(source.courseId)) || '';
    const hash = sourceHash(source, content, language);
    if (previousHash.get(source.key) === hash) {
      counts.reused += 1;
    } else {
      const drafts = await source.passages(content);
      changed.push({ source, hash, drafts, language });
      counts.indexed += 1;
      counts.chunkCount += drafts.length;
    }
    await onProgress(Math.min(99, Math.round(((index + 1) / sources.length) * 100)), counts);
  }
  return { changed, removedKeys, counts };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows per insert: well under PostgreSQL's 65,535 parameters for a long PDF's passages. */
const INSERT_ROWS = 1000;

/**
 * Puts a read index in place in the caller's transaction, so students see the old passages or the new
 * ones, never a mix: passages of removed sources go, changed sources' passages are replaced. Re-indexed
 * sources get `indexedAt = startedAt`, which is how trainingState later tells indexed from reused.
 */
export async function applyIndex(tx: Tx, guruId: string, startedAt: Date, plan: IndexPlan): Promise<void> {
  if (plan.removedKeys.length > 0) {
    await tx
      .delete(guruChunks)
      .where(and(eq(guruChunks.guruId, guruId), inArray(guruChunks.sourceKey, plan.removedKeys)));
    await tx
      .delete(guruIndexedSources)
      .where(
        and(eq(guruIndexedSources.guruId, guruId), inArray(guruIndexedSources.sourceKey, plan.removedKeys)),
      );
  }
  for (const { source, hash, drafts, language } of plan.changed) {
    await tx
      .delete(guruChunks)
      .where(and(eq(guruChunks.guruId, guruId), eq(guruChunks.sourceKey, source.key)));
    const rows = drafts.map((draft, position) => ({
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
      language: passageLanguage(language, `${draft.heading ?? ''} ${draft.text}`),
    }));
    for (let at = 0; at < rows.length; at += INSERT_ROWS) {
      await tx.insert(guruChunks).values(rows.slice(at, at + INSERT_ROWS));
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
  }
}
