import { describe, expect, it } from 'vitest';
import { lessonStretchCount, lessonStretchSeconds } from '../../../common/contracts/insights';

describe('a lesson’s stretches', () => {
  it('are whole seconds, 10 to 20 of them for any lesson of 10 s or more, 30 s from 5 to 10 minutes', () => {
    const cut = (duration: number) => [lessonStretchSeconds(duration), lessonStretchCount(duration)];
    expect(cut(8)).toEqual([1, 8]);
    expect(cut(10)).toEqual([1, 10]);
    expect(cut(18)).toEqual([1, 18]);
    expect(cut(20)).toEqual([2, 10]);
    expect(cut(39)).toEqual([3, 13]);
    expect(cut(120)).toEqual([12, 10]);
    expect(cut(240)).toEqual([24, 10]);
    expect(cut(300)).toEqual([30, 10]);
    expect(cut(450)).toEqual([30, 15]);
    expect(cut(600)).toEqual([30, 20]);
    expect(cut(601)).toEqual([31, 20]);
    expect(cut(1200)).toEqual([60, 20]);
    expect(cut(0.4)).toEqual([1, 1]);
    for (let duration = 10; duration <= 5000; duration += 0.7) {
      const [seconds, count] = cut(duration);
      expect(Number.isInteger(seconds)).toBe(true);
      expect(count).toBeGreaterThanOrEqual(10);
      expect(count).toBeLessThanOrEqual(20);
    }
  });

  it('are 30 s when the length is unknown', () => {
    for (const unknown of [null, undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(lessonStretchSeconds(unknown)).toBe(30);
      expect(lessonStretchCount(unknown)).toBe(0);
    }
  });
});
