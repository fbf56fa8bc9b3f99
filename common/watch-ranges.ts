/**
 * What part of a video a learner has actually watched, as [start, end] ranges in seconds. Completion is
 * judged on the watched seconds (the union of the ranges), so skipping to the end does not complete a
 * lesson. The browser reports `video.played`; the server merges it with what it already has.
 */
export type WatchRange = [number, number];

/** At most this many separate ranges are kept per video (a learner hopping around a long video). */
export const MAX_WATCH_RANGES = 200;
/** Gaps up to this long (seconds) between two ranges are closed: rounding and seek jitter, not skipped content. */
const JOIN_GAP = 0.1;

/** Sorted, clamped to [0, duration], overlapping or nearly touching ranges joined. */
export function mergeRanges(
  ranges: readonly WatchRange[],
  duration = Number.POSITIVE_INFINITY,
): WatchRange[] {
  const clean = ranges
    .map(([start, end]): WatchRange => [Math.max(0, start), Math.min(end, duration)])
    .filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end) && end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: WatchRange[] = [];
  for (const [start, end] of clean) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1] + JOIN_GAP) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  // Too many islands: keep the longest ones, in order.
  if (merged.length <= MAX_WATCH_RANGES) return merged;
  return merged
    .map((range, index) => ({ range, index }))
    .sort((a, b) => b.range[1] - b.range[0] - (a.range[1] - a.range[0]))
    .slice(0, MAX_WATCH_RANGES)
    .sort((a, b) => a.index - b.index)
    .map(({ range }) => range);
}

/** Seconds covered by already merged ranges. */
export const coveredSeconds = (ranges: readonly WatchRange[]) =>
  ranges.reduce((sum, [start, end]) => sum + (end - start), 0);

/** A media element's TimeRanges (e.g. `video.played`) as plain ranges. */
export function fromTimeRanges(ranges: { length: number; start(i: number): number; end(i: number): number }) {
  const out: WatchRange[] = [];
  for (let i = 0; i < ranges.length; i += 1) out.push([ranges.start(i), ranges.end(i)]);
  return out;
}
