import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CourseInsights, lessonStretchSeconds } from '../../../common/contracts/insights';
import { mergeRanges, type WatchRange } from '../../../common/watch-ranges';
import { buildAndLogin } from '../../test/factories';
import { insightCourse, progress } from '../../test/fixtures/insights';
import { startTestApp, type TestContext } from '../../test/harness';
import { refreshCourseInsights } from './refresh';

/** A small seeded random source, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The figures by brute force: every viewer against every part. */
function expectedParts(duration: number, viewers: WatchRange[][]) {
  const partSeconds = lessonStretchSeconds(duration);
  const parts = Math.ceil(duration / partSeconds);
  return Array.from({ length: parts }, (_, k) => {
    const start = k * partSeconds;
    const end = Math.min((k + 1) * partSeconds, duration);
    const watched = viewers.filter((ranges) => {
      const seconds = ranges.reduce(
        (sum, [s, e]) => sum + Math.max(0, Math.min(e, end) - Math.max(s, start)),
        0,
      );
      return seconds >= (end - start) / 2;
    });
    return Math.round((watched.length / viewers.length) * 1000) / 1000;
  });
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

describe('viewing parts', () => {
  it('match a brute-force count for ranges falling anywhere, on lessons of uneven lengths', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    // Long lessons, and short ones cut into 1-second parts (ranges falling within them, not on their edges).
    const durations = [1234.5, 100, 601, 18, 8];
    const course = await insightCourse(
      ctx.app,
      teacher.user.id,
      'Uneven',
      durations.map((durationSeconds, i) => ({ title: `Lesson ${i + 1}`, durationSeconds })),
    );
    const next = random(42);
    const watched: WatchRange[][][] = durations.map(() => []);
    for (let learner = 0; learner < 25; learner += 1) {
      const { user } = await buildAndLogin(ctx.app, { userType: 'student' });
      for (const [lesson, duration] of durations.entries()) {
        const raw: WatchRange[] = Array.from({ length: 1 + Math.floor(next() * 4) }, () => {
          const start = next() * duration;
          return [start, start + next() * duration * 0.5];
        });
        // Some start or end exactly on a part's edge or the lesson's end.
        if (learner % 5 === 0) raw.push([0, lessonStretchSeconds(duration) * 3]);
        if (learner % 7 === 0) raw.push([duration * 0.8, duration + 10]);
        const ranges = mergeRanges(raw, duration);
        watched[lesson].push(ranges);
        await progress(ctx.app, user.id, course.lessonIds[lesson], ranges);
      }
    }
    await refreshCourseInsights(ctx.app, course.id);
    const insights: CourseInsights = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/insights/courses/${course.id}`,
        headers: teacher.headers,
      })
    ).json();
    for (const [lesson, duration] of durations.entries()) {
      expect(insights.viewing[lesson].viewers).toBe(25);
      expect(insights.viewing[lesson].parts).toEqual(expectedParts(duration, watched[lesson]));
    }
    // 1,234.5 s: 20 stretches at least a twentieth (61.7 s) long, in whole seconds; 100 s: ten of 10 s; 601 s:
    // a twentieth is 30.05 s, so 31 s (20 parts, the last 12 s).
    expect(insights.viewing.map((lesson) => [lesson.partSeconds, lesson.parts.length])).toEqual([
      [62, 20],
      [10, 10],
      [31, 20],
      [1, 18],
      [1, 8],
    ]);
  });
});
