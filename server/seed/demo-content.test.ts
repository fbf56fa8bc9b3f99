import { desc, eq } from 'drizzle-orm';
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
import { DEMO_PASSWORD, seedDemo } from './demo';
import { DEMO_COURSE_TITLE, seedDemoContent } from './demo-content';
import { DEMO_DECKS } from './demo-deck';
import { DEMO_GURU_NAME } from './demo-guru';
import { DEMO_LIBRARY_LESSON, DEMO_LIBRARY_TITLE } from './demo-library';
import { DEMO_PAID_COURSE_TITLE } from './demo-partners';

/**
 * What a student asks first about geometry, the facts a sound answer must state, and the lesson it comes from
 * (the lessons' narrations say each of them plainly; demo-deck.ts).
 */
const DEMO_GURU_CHECKS: { question: string; facts: RegExp[]; lesson: string }[] = [
  { question: 'How many sides does a hexagon have?', facts: [/\b(six|6)\b/i], lesson: 'Polygons' },
  { question: 'How many sides does an octagon have?', facts: [/\b(eight|8)\b/i], lesson: 'Polygons' },
  { question: 'How many degrees are in a right angle?', facts: [/\b90\b/], lesson: 'Angles' },
  { question: 'What is an acute angle?', facts: [/less than 90/i], lesson: 'Angles' },
  { question: 'What do the angles of a triangle add up to?', facts: [/\b180\b/], lesson: 'Triangles' },
  { question: 'What is the hypotenuse?', facts: [/longest side/i], lesson: 'Triangles' },
  { question: 'What is a polygon?', facts: [/closed/i, /straight sides/i], lesson: 'Polygons' },
  { question: 'What do the angles of a quadrilateral add up to?', facts: [/\b360\b/], lesson: 'Polygons' },
  { question: 'How is the diameter related to the radius?', facts: [/twice the radius/i], lesson: 'Circles' },
  {
    question: 'What is the circumference of a circle?',
    facts: [/distance all the way around/i],
    lesson: 'Circles',
  },
  {
    question: 'How do I find the area of a rectangle?',
    facts: [/length times its width/i],
    lesson: 'Area and Perimeter',
  },
  {
    question: 'What is the perimeter of a shape?',
    facts: [/length of its edges/i],
    lesson: 'Area and Perimeter',
  },
];

/** The demo the README promises, made through the real API on a fresh database. */
describe('the demo content', () => {
  let ctx: TestContext;
  // Minutes the first time on a machine (the lessons are spoken and rendered), far less once cached.
  beforeAll(async () => {
    ctx = await startTestApp();
    await seedDemo(ctx.app.db);
    await seedDemoContent(ctx.app);
  }, 900_000);
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
    // The Angles lesson's slide on right angles says it: the answer points to that lesson.
    expect(messages[1].citations).toContainEqual(
      expect.objectContaining({ sourceKind: 'segment', title: 'Angles' }),
    );
  });

  it('has six narrated lessons of one to three minutes and a preview, each generated from a drawn deck with captions', async () => {
    const [course] = await ctx.app.db.select().from(courses).where(eq(courses.title, DEMO_COURSE_TITLE));
    const videos = await ctx.app.db
      .select()
      .from(courseVideos)
      .where(eq(courseVideos.courseId, course.id))
      .orderBy(courseVideos.kind, courseVideos.position);
    const lessons = videos.filter((video) => video.kind === 'lesson');
    expect(lessons.map((video) => video.title)).toEqual(DEMO_DECKS.foundations.map((deck) => deck.title));
    for (const lesson of lessons) {
      expect(lesson, lesson.title).toMatchObject({ processingStatus: 'ready' });
      expect(lesson.libraryId, lesson.title).toBeTruthy();
      expect(lesson.captionsPath, lesson.title).toBeTruthy();
      expect(lesson.durationSeconds, lesson.title).toBeGreaterThanOrEqual(60);
      expect(lesson.durationSeconds, lesson.title).toBeLessThanOrEqual(180);
    }
    const [preview] = videos.filter((video) => video.kind === 'preview');
    expect(preview).toMatchObject({ title: DEMO_COURSE_TITLE, processingStatus: 'ready' });
    expect(preview.durationSeconds).toBeGreaterThanOrEqual(10);
    // Every slide's narration is spoken in the library's voice and is the lesson's captions.
    const libraries = await ctx.app.db.select().from(courseLibraries);
    for (const deck of DEMO_DECKS.foundations) {
      const library = libraries.find((row) => row.title === deck.title);
      expect(library?.voice, deck.title).toBe('nova');
      expect(library?.cues?.map((cue) => cue.heading)).toEqual(deck.slides.map((slide) => slide.heading));
      expect(library?.cues?.map((cue) => cue.text)).toEqual(deck.slides.map((slide) => slide.narration));
    }
  });

  it('points every quiz question at the start of the slide that teaches it', async () => {
    const [course] = await ctx.app.db.select().from(courses).where(eq(courses.title, DEMO_COURSE_TITLE));
    const [quiz] = liveQuizzes(course.approvedSnapshot);
    const videos = await ctx.app.db.select().from(courseVideos).where(eq(courseVideos.courseId, course.id));
    const libraries = await ctx.app.db.select().from(courseLibraries);
    for (const question of quiz.questions) {
      const video = videos.find((row) => row.id === question.videoId);
      const library = libraries.find((row) => row.id === video?.libraryId);
      const starts = library?.cues?.map((cue) => Math.floor(cue.startSeconds));
      expect(starts, question.prompt).toContain(question.videoSeconds);
    }
  });

  it('gives the paid course (Trigonometry Essentials) two approved, generated lessons', async () => {
    const [course] = await ctx.app.db.select().from(courses).where(eq(courses.title, DEMO_PAID_COURSE_TITLE));
    expect(course).toMatchObject({ approvalStatus: 'APPROVED', price: 799 });
    const lessons = await ctx.app.db.select().from(courseVideos).where(eq(courseVideos.courseId, course.id));
    expect(lessons).toHaveLength(2);
    for (const lesson of lessons) {
      expect(lesson).toMatchObject({ kind: 'lesson', processingStatus: 'ready' });
      expect(lesson.captionsPath).toBeTruthy();
      expect(lesson.durationSeconds).toBeGreaterThanOrEqual(30);
    }
  });

  it("answers the subject's obvious questions with the fact asked, from the lesson that teaches it", async () => {
    const [guru] = await ctx.app.db.select().from(gurus).where(eq(gurus.name, DEMO_GURU_NAME));
    const [course] = await ctx.app.db.select().from(courses).where(eq(courses.title, DEMO_COURSE_TITLE));
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'student@gurukul.test', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().jwtToken as string}` };
    const session = await ctx.app.inject({
      method: 'POST',
      url: `/api/gurus/${guru.id}/sessions`,
      headers,
      payload: { courseId: course.id },
    });
    const { conversationId } = session.json() as { conversationId: string };
    const ask = async (question: string) => {
      const asked = await ctx.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/ask`,
        headers,
        payload: { question },
      });
      expect(asked.statusCode, question).toBe(200);
      const [answer] = await ctx.app.db
        .select()
        .from(conversationMessages)
        .where(eq(conversationMessages.conversationId, conversationId))
        .orderBy(desc(conversationMessages.createdAt))
        .limit(1);
      return answer;
    };
    for (const { question, facts, lesson } of DEMO_GURU_CHECKS) {
      const answer = await ask(question);
      expect(answer.notCovered, question).toBe(false);
      for (const fact of facts) expect(answer.text, question).toMatch(fact);
      expect(
        answer.citations.map((citation) => citation.title),
        question,
      ).toContain(lesson);
    }
    // Off the course: the guru says so rather than answering from a passage that only shares a word.
    for (const question of ['When is the exam date?', 'Which compass should I buy?']) {
      expect((await ask(question)).notCovered, question).toBe(true);
    }
  });

  it("generates teacher@'s Polygons library and uses it as the course's fourth lesson, which the guru learns", async () => {
    const [library] = await ctx.app.db
      .select()
      .from(courseLibraries)
      .where(eq(courseLibraries.title, DEMO_LIBRARY_TITLE));
    expect(library).toMatchObject({ status: 'ready', voice: 'nova', themeColor: 'indigo' });
    expect(library.cues?.map((cue) => cue.slide)).toEqual([1, 2, 3, 4, 5]);
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
    const slides = segments
      .filter((chunk) => chunk.sourceKind === 'segment' && chunk.title === DEMO_LIBRARY_LESSON)
      .map((chunk) => chunk.slide);
    expect(slides.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
