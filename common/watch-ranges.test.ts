import { describe, expect, it } from 'vitest';
import { coveredSeconds, fromTimeRanges, MAX_WATCH_RANGES, mergeRanges } from './watch-ranges';

describe('watched ranges', () => {
  it('joins overlapping and nearly touching ranges and sorts them', () => {
    expect(
      mergeRanges([
        [10, 20],
        [0, 5],
        [4, 8],
        [20.05, 25],
      ]),
    ).toEqual([
      [0, 8],
      [10, 25],
    ]);
  });

  it('clamps to the video and drops empty or broken ranges', () => {
    expect(
      mergeRanges(
        [
          [-3, 2],
          [5, 5],
          [8, Number.NaN],
          [9, 120],
        ],
        60,
      ),
    ).toEqual([
      [0, 2],
      [9, 60],
    ]);
  });

  it('counts each second once, so watching a part twice is not watching more', () => {
    const once = mergeRanges([[0, 30]]);
    const twice = mergeRanges([...once, [0, 30], [10, 20]]);
    expect(coveredSeconds(twice)).toBe(30);
  });

  it('a jump to the end covers only what was played', () => {
    expect(
      coveredSeconds(
        mergeRanges(
          [
            [0, 3],
            [57, 60],
          ],
          60,
        ),
      ),
    ).toBe(6);
  });

  it('keeps the longest ranges when a learner hops around too much', () => {
    const hops = Array.from({ length: MAX_WATCH_RANGES + 50 }, (_, i): [number, number] => [
      i * 10,
      i * 10 + 1,
    ]);
    hops.push([5000, 5100]);
    const kept = mergeRanges(hops);
    expect(kept).toHaveLength(MAX_WATCH_RANGES);
    expect(kept).toContainEqual([5000, 5100]);
    expect(kept.every((range, i) => i === 0 || range[0] > kept[i - 1][0])).toBe(true);
  });

  it('reads a media element TimeRanges', () => {
    const starts = [0, 12];
    const ends = [4, 20];
    expect(fromTimeRanges({ length: 2, start: (i) => starts[i], end: (i) => ends[i] })).toEqual([
      [0, 4],
      [12, 20],
    ]);
  });
});
