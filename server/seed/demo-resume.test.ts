import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseLibraries, courseSubscriptions, courses, users } from '../db/schema/index';
import { insertCourse } from '../test/courses';
import { startTestApp, type TestContext } from '../test/harness';
import { seedDemo } from './demo';
import { DEMO_DECKS } from './demo-deck';
import {
  clearDemoContentPending,
  demoContentPending,
  discardUnfinishedDemo,
  markDemoContentPending,
} from './demo-resume';

let ctx: TestContext;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-demo-resume-'));
beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemo(ctx.app.db);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const idOf = async (email: string) =>
  (await ctx.app.db.query.users.findFirst({ where: eq(sql`lower(${users.email})`, email) }))?.id as string;

describe('a demo left half made by a stopped first start', () => {
  it('is marked while it is made, and the mark is gone once it is done', () => {
    expect(demoContentPending(dataDir)).toBe(false);
    markDemoContentPending(dataDir);
    expect(demoContentPending(dataDir)).toBe(true);
    clearDemoContentPending(dataDir);
    expect(demoContentPending(dataDir)).toBe(false);
  });

  it("discards teacher@'s demo courses (subscribed ones too) and demo libraries, nothing else", async () => {
    const teacher = await idOf('teacher@gurukul.test');
    const student = await idOf('student@gurukul.test');
    const other = await idOf('faculty@gurukul.test');
    // The accounts' own rows (seedDemo gives teacher@ two pending courses) stay.
    const before = await ctx.app.db.$count(courses, eq(courses.ownerId, teacher));
    const draft = await insertCourse(ctx.app, teacher, { title: 'Foundations of Geometry' });
    const approved = await insertCourse(ctx.app, teacher, { title: 'Trigonometry Essentials' });
    await ctx.app.db.insert(courseSubscriptions).values({ courseId: approved.id, userId: student });
    await ctx.app.db
      .insert(courseLibraries)
      .values({ ownerId: teacher, title: DEMO_DECKS.foundations[0].title });
    await ctx.app.db.insert(courseLibraries).values({ ownerId: teacher, title: "The teacher's own slides" });
    const kept = await insertCourse(ctx.app, other, { title: 'Not the demo' });
    await ctx.app.db.insert(courseLibraries).values({ ownerId: other, title: 'Not the demo either' });

    expect(await discardUnfinishedDemo(ctx.app)).toEqual({ courses: 2, libraries: 1 });

    const left = await ctx.app.db.select({ id: courses.id }).from(courses);
    expect(left.map((row) => row.id)).not.toContain(draft.id);
    expect(left.map((row) => row.id)).not.toContain(approved.id);
    expect(left.map((row) => row.id)).toContain(kept.id);
    expect(await ctx.app.db.$count(courses, eq(courses.ownerId, teacher))).toBe(before);
    expect(await ctx.app.db.$count(courseLibraries, eq(courseLibraries.ownerId, teacher))).toBe(1);
    expect(await ctx.app.db.$count(courseLibraries, eq(courseLibraries.ownerId, other))).toBe(1);
  });
});
