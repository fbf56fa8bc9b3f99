import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseInsights } from '../../../common/contracts/insights';
import type { WatchRange } from '../../../common/watch-ranges';
import { insightRewatchCounts } from '../../db/schema/index';
import { buildAndLogin } from '../../test/factories';
import { insightCourse } from '../../test/fixtures/insights';
import { startTestApp, type TestContext } from '../../test/harness';
import { subscribeDirectly } from '../../test/quizzes';
import { bucketsCrossed, coversRanges, intersectRanges, rewatchedBuckets, subtractRanges } from './rewatch';

describe('range arithmetic', () => {
  it('subtracts, intersects and tells whether one report holds another', () => {
    expect(
      subtractRanges(
        [
          [0, 100],
          [150, 200],
        ],
        [
          [10, 20],
          [90, 160],
        ],
      ),
    ).toEqual([
      [0, 10],
      [20, 90],
      [160, 200],
    ]);
    expect(
      intersectRanges(
        [
          [0, 50],
          [60, 90],
        ],
        [[40, 70]],
      ),
    ).toEqual([
      [40, 50],
      [60, 70],
    ]);
    expect(coversRanges([[0, 90]], [[0, 60]])).toBe(true);
    expect(coversRanges([[0, 59.8]], [[0, 60]])).toBe(true);
    expect(coversRanges([[20, 50]], [[0, 90]])).toBe(false);
  });

  it('counts a stretch when a range passes its middle (a short last stretch: its own middle)', () => {
    // 300 s: ten stretches of 30 s.
    expect(bucketsCrossed([[0, 15]], 300)).toEqual([]);
    expect(bucketsCrossed([[0, 16]], 300)).toEqual([0]);
    expect(bucketsCrossed([[10, 80]], 300)).toEqual([0, 1, 2]);
    // 310 s: 30-s stretches, the eleventh 300–310 (middle 305).
    expect(bucketsCrossed([[304, 310]], 310)).toEqual([10]);
    expect(bucketsCrossed([[306, 310]], 310)).toEqual([]);
    // 100 s: stretches of 10 s; 35–52 passes the middles of 30–40 (35), 40–50 (45) but not 50–60 (55).
    expect(bucketsCrossed([[35, 52]], 100)).toEqual([3, 4]);
    // 8 s: 1-s stretches.
    expect(bucketsCrossed([[2.6, 5]], 8)).toEqual([3, 4]);
  });

  it('takes only what a player reports anew, and all of a new player’s report', () => {
    const before: WatchRange[] = [[0, 90]];
    // The same player, grown from 0–60 to 0–90: nothing watched again.
    expect(
      rewatchedBuckets({
        watchedBefore: [[0, 60]],
        lastReported: [[0, 60]],
        reported: before,
        durationSeconds: 300,
      }),
    ).toEqual([]);
    // A new player over 20–50 of what was watched: the stretch 30–60 (middle 45).
    expect(
      rewatchedBuckets({
        watchedBefore: before,
        lastReported: before,
        reported: [[20, 50]],
        durationSeconds: 300,
      }),
    ).toEqual([1]);
    // It goes on to 80: 60–90 (middle 75) is watched again; 30–60 is not counted twice.
    expect(
      rewatchedBuckets({
        watchedBefore: before,
        lastReported: [[20, 50]],
        reported: [[20, 80]],
        durationSeconds: 300,
      }),
    ).toEqual([2]);
  });
});

describe('re-watch counters through the progress route', () => {
  let ctx: TestContext;
  let course: Awaited<ReturnType<typeof insightCourse>>;
  let teacher: Awaited<ReturnType<typeof buildAndLogin>>;
  beforeAll(async () => {
    ctx = await startTestApp();
    teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    course = await insightCourse(ctx.app, teacher.user.id, 'Angles', [
      { title: 'Angles', durationSeconds: 300 },
    ]);
  });
  afterAll(async () => ctx?.close());

  const save = (headers: Record<string, string>, watchedRanges: WatchRange[], positionSeconds: number) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/learning/videos/${course.lessonIds[0]}/progress`,
      headers,
      payload: { positionSeconds, watchedRanges },
    });
  const counts = async () =>
    (
      await ctx.app.db
        .select({ bucket: insightRewatchCounts.bucket, count: insightRewatchCounts.count })
        .from(insightRewatchCounts)
        .where(eq(insightRewatchCounts.videoId, course.lessonIds[0]))
    ).sort((a, b) => a.bucket - b.bucket);

  it('adds one per stretch watched again, once per pass, and the refresh shows the top three', async () => {
    const asha = await buildAndLogin(ctx.app, { userType: 'student' });
    const bela = await buildAndLogin(ctx.app, { userType: 'student' });
    await subscribeDirectly(ctx.app, course.id, asha.user.id, bela.user.id);

    // Asha watches 0–90 in one sitting (reported as it grows): nothing is watched again.
    for (const end of [30, 60, 90]) expect((await save(asha.headers, [[0, end]], end)).statusCode).toBe(200);
    expect(await counts()).toEqual([]);
    // She opens the lesson again and replays 20–80, saved twice on the way.
    expect((await save(asha.headers, [[20, 50]], 50)).statusCode).toBe(200);
    expect((await save(asha.headers, [[20, 80]], 80)).statusCode).toBe(200);
    expect(await counts()).toEqual([
      { bucket: 1, count: 1 },
      { bucket: 2, count: 1 },
    ]);
    // Bela watches 0–120, then goes back over 30–60 twice in two sittings, and 150–180 (new: not a re-watch).
    expect((await save(bela.headers, [[0, 120]], 120)).statusCode).toBe(200);
    expect((await save(bela.headers, [[30, 60]], 60)).statusCode).toBe(200);
    expect((await save(bela.headers, [[35, 60]], 60)).statusCode).toBe(200);
    expect(
      (
        await save(
          bela.headers,
          [
            [90, 110],
            [150, 180],
          ],
          180,
        )
      ).statusCode,
    ).toBe(200);
    expect(await counts()).toEqual([
      { bucket: 1, count: 3 },
      { bucket: 2, count: 1 },
      { bucket: 3, count: 1 },
    ]);

    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: `/api/insights/courses/${course.id}/refresh`,
      headers: teacher.headers,
    });
    expect(refreshed.statusCode).toBe(202);
    const insights: CourseInsights = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/insights/courses/${course.id}`,
        headers: teacher.headers,
      })
    ).json();
    expect(insights.viewing[0].rewatched).toEqual([
      { startSeconds: 30, count: 3 },
      { startSeconds: 60, count: 1 },
      { startSeconds: 90, count: 1 },
    ]);
    expect(insights.viewing[0].viewers).toBe(2);
  });
});
