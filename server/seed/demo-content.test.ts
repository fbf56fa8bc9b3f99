import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from '../../common/quizzes';
import {
  conversationMessages,
  conversations,
  courseLibraries,
  courses,
  courseVideos,
  guruChunks,
  guruQuestions,
  gurus,
  quizAttempts,
  quizzes,
  users,
} from '../db/schema/index';
import { liveQuizzes } from '../modules/courses/snapshot';
import { startTestApp, type TestContext } from '../test/harness';
import { seedDemo } from './demo';
import { DEMO_COURSE_TITLE, seedDemoContent } from './demo-content';
import { DEMO_GURU_NAME } from './demo-guru';
import { DEMO_LIBRARY_LESSON, DEMO_LIBRARY_TITLE } from './demo-library';

/** The demo the README promises, made through the real API on a fresh database. */
describe('the demo content', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
    await seedDemo(ctx.app.db);
    await seedDemoContent(ctx.app);
  }, 180_000);
  afterAll(async () => ctx.close());

  it('has an approved course whose live quiz has a question of every type, each linked to a lesson', async () => {
    const [course] = await ctx.app.db.select().from(courses).where(eq(courses.title, DEMO_COURSE_TITLE));
    expect(course.approvalStatus).toBe('APPROVED');
    const [quiz] = liveQuizzes(course.approvedSnapshot);
    expect(quiz.title).toBe('Geometry check');
    expect(quiz.questions.map((question) => question.type).sort()).toEqual([...QUESTION_TYPES].sort());
    expect(quiz.questions.every((question) => question.videoId !== null)).toBe(true);
  });

  it('gives student@ one marked attempt and one waiting for marking', async () => {
    const [student] = await ctx.app.db.select().from(users).where(eq(users.email, 'student@gurukul.test'));
    const attempts = await ctx.app.db
      .select()
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
      .where(eq(quizAttempts.userId, student.id))
      .orderBy(quizAttempts.number);
    expect(attempts.map(({ quiz_attempts: attempt }) => attempt.status)).toEqual(['marked', 'submitted']);
    const [marked, waiting] = attempts.map(({ quiz_attempts: attempt }) => attempt);
    // 2 (single) + 0 (multiple, one box short) + 1 + 1 (short, spacing ignored) + 4 (long) + 1.5 (file).
    expect(marked.score).toBe(9.5);
    expect(marked.maxScore).toBe(12);
    expect(marked.passed).toBe(true);
    expect(waiting.passed).toBeNull();
  });

  it("trains teacher@'s Geometry Guru on the demo course with a static avatar, demo questions and an FAQ", async () => {
    const [guru] = await ctx.app.db.select().from(gurus).where(eq(gurus.name, DEMO_GURU_NAME));
    expect(guru).toMatchObject({
      status: 'ready',
      avatarKind: 'static',
      voice: 'nova',
      fallbackVoice: 'alloy',
    });
    expect(guru.avatarImagePath).toMatch(/\.png$/);
    const questions = await ctx.app.db.select().from(guruQuestions).where(eq(guruQuestions.guruId, guru.id));
    expect(questions.filter((q) => q.kind === 'demo')).toHaveLength(3);
    expect(questions.filter((q) => q.kind === 'faq')).toHaveLength(3);
  });

  it('keeps one conversation of student@ with the guru: a cited answer and a reply from teacher@', async () => {
    const [student] = await ctx.app.db.select().from(users).where(eq(users.email, 'student@gurukul.test'));
    const rows = await ctx.app.db.select().from(conversations).where(eq(conversations.userId, student.id));
    expect(rows).toHaveLength(1);
    const messages = await ctx.app.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, rows[0].id))
      .orderBy(conversationMessages.createdAt);
    expect(messages.map((message) => message.role)).toEqual(['user', 'guru', 'teacher']);
    expect(messages[1].notCovered).toBe(false);
    expect(messages[1].citations.length).toBeGreaterThan(0);
    expect(messages[1].text).toContain('90');
    // The Angles lesson's captions say it: the answer points to that lesson.
    expect(messages[1].citations).toContainEqual(
      expect.objectContaining({ sourceKind: 'caption', title: 'Angles' }),
    );
  });

  it("generates teacher@'s Polygons library and uses it as the course's fourth lesson, which the guru learns", async () => {
    const [library] = await ctx.app.db
      .select()
      .from(courseLibraries)
      .where(eq(courseLibraries.title, DEMO_LIBRARY_TITLE));
    expect(library).toMatchObject({ status: 'ready', voice: 'nova', themeColor: 'indigo' });
    expect(library.cues?.map((cue) => cue.slide)).toEqual([1, 2, 3]);
    const [course] = await ctx.app.db.select().from(courses).where(eq(courses.title, DEMO_COURSE_TITLE));
    const lessons = await ctx.app.db
      .select()
      .from(courseVideos)
      .where(eq(courseVideos.courseId, course.id))
      .orderBy(courseVideos.kind, courseVideos.position);
    const polygons = lessons.find((video) => video.title === DEMO_LIBRARY_LESSON);
    expect(polygons).toMatchObject({ kind: 'lesson', libraryId: library.id, processingStatus: 'ready' });
    expect(polygons?.captionsPath).toBeTruthy();
    const [guru] = await ctx.app.db.select().from(gurus).where(eq(gurus.name, DEMO_GURU_NAME));
    const segments = await ctx.app.db.select().from(guruChunks).where(eq(guruChunks.guruId, guru.id));
    const slides = segments.filter((chunk) => chunk.sourceKind === 'segment').map((chunk) => chunk.slide);
    expect(slides.sort()).toEqual([1, 2, 3]);
  });
});
