import { and, eq, sql } from 'drizzle-orm';
import { lessonStretchSeconds } from '../../../common/contracts/insights';
import { mergeRanges, type WatchRange } from '../../../common/watch-ranges';
import { insightRewatchCounts, insightWatchReports } from '../../db/schema/index';
import type { App } from '../../http/app-type';

/** Rounding between two reports of one player: a range this much shorter still counts as the same one. */
const SAME_SESSION_SLACK = 0.5;

/** `a` without `b` (both merged, sorted). */
export function subtractRanges(a: readonly WatchRange[], b: readonly WatchRange[]): WatchRange[] {
  const out: WatchRange[] = [];
  for (const [start, end] of a) {
    let from = start;
    for (const [cutStart, cutEnd] of b) {
      if (cutEnd <= from || cutStart >= end) continue;
      if (cutStart > from) out.push([from, cutStart]);
      from = Math.max(from, cutEnd);
      if (from >= end) break;
    }
    if (from < end) out.push([from, end]);
  }
  return out;
}

/** What `a` and `b` (both merged, sorted) have in common. */
export function intersectRanges(a: readonly WatchRange[], b: readonly WatchRange[]): WatchRange[] {
  const out: WatchRange[] = [];
  for (const [start, end] of a) {
    for (const [otherStart, otherEnd] of b) {
      const from = Math.max(start, otherStart);
      const to = Math.min(end, otherEnd);
      if (to > from) out.push([from, to]);
    }
  }
  return out;
}

/** Whether every range of `inner` lies within one of `outer` (a player's report only grows while it is open). */
export function coversRanges(outer: readonly WatchRange[], inner: readonly WatchRange[]): boolean {
  return inner.every(([start, end]) =>
    outer.some(
      ([outerStart, outerEnd]) =>
        outerStart <= start + SAME_SESSION_SLACK && outerEnd >= end - SAME_SESSION_SLACK,
    ),
  );
}

/**
 * The stretches (lessonStretchSeconds of the lesson, as the heat strip and the viewing parts cut it) whose middle
 * the ranges pass through. A pass through a stretch crosses its middle once, however many saves it is reported
 * over, so a re-watch of a stretch counts once.
 */
export function bucketsCrossed(ranges: readonly WatchRange[], durationSeconds: number): number[] {
  const stretch = lessonStretchSeconds(durationSeconds);
  const buckets = new Set<number>();
  for (const [start, end] of ranges) {
    const first = Math.floor(start / stretch);
    const last = Math.floor(end / stretch);
    for (let bucket = first; bucket <= last; bucket += 1) {
      const bucketStart = bucket * stretch;
      const bucketEnd = Math.min(bucketStart + stretch, durationSeconds);
      if (bucketEnd <= bucketStart) continue;
      const middle = (bucketStart + bucketEnd) / 2;
      if (start <= middle && middle < end) buckets.add(bucket);
    }
  }
  return [...buckets].sort((a, b) => a - b);
}

/**
 * The stretches a save shows were watched again. The player reports everything played since it opened, so
 * what is new in this report is what the same player had not reported before (or the whole report, when it
 * does not hold the last one: a new player); the part of that already in the learner's saved ranges is a
 * re-watch.
 */
export function rewatchedBuckets(input: {
  watchedBefore: readonly WatchRange[];
  lastReported: readonly WatchRange[];
  reported: readonly WatchRange[];
  durationSeconds: number;
}): number[] {
  const { watchedBefore, lastReported, reported, durationSeconds } = input;
  const fresh = coversRanges(reported, lastReported) ? subtractRanges(reported, lastReported) : [...reported];
  return bucketsCrossed(intersectRanges(fresh, watchedBefore), durationSeconds);
}

/**
 * Learning's progress save calls this after saving (same request, two or three small writes): it remembers the
 * report and adds one per stretch watched again to insight_rewatch_counts (an upsert, no read of other learners).
 */
export async function countRewatches(
  app: App,
  input: {
    userId: string;
    videoId: string;
    /** As the player sent them (not yet merged). */
    reported: readonly WatchRange[];
    /** The learner's saved ranges before this save. */
    watchedBefore: readonly WatchRange[];
    durationSeconds: number;
  },
): Promise<number[]> {
  const reported = mergeRanges(input.reported, input.durationSeconds);
  const [last] = await app.db
    .select({ reported: insightWatchReports.reported })
    .from(insightWatchReports)
    .where(and(eq(insightWatchReports.userId, input.userId), eq(insightWatchReports.videoId, input.videoId)));
  const buckets = rewatchedBuckets({
    watchedBefore: input.watchedBefore,
    lastReported: last?.reported ?? [],
    reported,
    durationSeconds: input.durationSeconds,
  });
  await app.db
    .insert(insightWatchReports)
    .values({ userId: input.userId, videoId: input.videoId, reported })
    .onConflictDoUpdate({
      target: [insightWatchReports.userId, insightWatchReports.videoId],
      set: { reported, updatedAt: new Date() },
    });
  if (buckets.length > 0) {
    await app.db
      .insert(insightRewatchCounts)
      .values(buckets.map((bucket) => ({ videoId: input.videoId, bucket, count: 1 })))
      .onConflictDoUpdate({
        target: [insightRewatchCounts.videoId, insightRewatchCounts.bucket],
        set: { count: sql`${insightRewatchCounts.count} + 1` },
      });
  }
  return buckets;
}
