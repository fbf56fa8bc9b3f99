import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightDigests, outbox } from '../../db/schema/index';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import {
  answerQuestion,
  ask,
  choose,
  cite,
  daysAgo,
  insightCourse,
  insightGuru,
  progress,
} from '../../test/fixtures/insights';
import { startTestApp, type TestContext } from '../../test/harness';
import { insertQuiz, options } from '../../test/quizzes';
import { isoWeek, sendWeeklyDigests } from './digest';
import { refreshCourseInsights } from './refresh';

/**
 * Tara (teacher) has a moment asked about this week, an unanswered group and a quiz question most get wrong; Omar
 * (teacher) has the same but turned the digest off; Nil (teacher) has a course where nothing happened; Faculty
 * Farah's lesson has a drop-off, so she and her institute Ivy get it; the admin's course has questions too.
 */
let ctx: TestContext;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
const people: Record<'tara' | 'omar' | 'nil' | 'ivy' | 'farah' | 'admin', Session> = {} as never;
const courses: Record<'tara' | 'omar' | 'nil' | 'farah' | 'admin', string> = {} as never;
const MONDAY = new Date('2026-11-23T07:00:00Z');

async function busyCourse(owner: Session, title: string) {
  const { app } = ctx;
  const course = await insightCourse(app, owner.user.id, title, [
    { title: 'Lesson 1', durationSeconds: 300 },
  ]);
  const guruId = await insightGuru(app, owner.user.id, `${title} Guru`, [course.id]);
  const students = [];
  for (let i = 0; i < 3; i += 1) students.push((await buildAndLogin(app, { userType: 'student' })).user.id);
  for (const [i, userId] of students.entries()) {
    await ask(app, {
      guruId,
      userId,
      courseId: course.id,
      question: `What happens at the start? (${i})`,
      at: daysAgo(1 + i),
      citations: [cite.video(course.id, course.lessonIds[0], 12)],
    });
  }
  await ask(app, {
    guruId,
    userId: students[0],
    courseId: course.id,
    question: 'When is the exam?',
    at: daysAgo(2),
    notCovered: true,
  });
  const quiz = await insertQuiz(app, course.id, { title: 'Check' }, [
    { type: 'single', prompt: 'Pick the first', options: options(['First', 'Second'], [0]) },
  ]);
  await answerQuestion(
    app,
    { quizId: quiz.quizId, courseId: course.id },
    quiz.questionIds[0],
    students.map((userId, i) => ({
      userId,
      score: i === 0 ? 1 : 0,
      response: choose(i === 0 ? 'o1' : 'o2'),
    })),
  );
  return course.id;
}

beforeAll(async () => {
  ctx = await startTestApp();
  const { app } = ctx;
  people.tara = await buildAndLogin(app, {
    userType: 'teacher',
    fullName: 'Tara',
    email: 'tara@example.test',
  });
  people.omar = await buildAndLogin(app, {
    userType: 'teacher',
    fullName: 'Omar',
    email: 'omar@example.test',
  });
  people.nil = await buildAndLogin(app, { userType: 'teacher', fullName: 'Nil', email: 'nil@example.test' });
  people.ivy = await buildAndLogin(app, {
    userType: 'institute',
    fullName: 'Ivy',
    email: 'ivy@example.test',
  });
  people.farah = await buildAndLogin(app, {
    userType: 'teacher',
    fullName: 'Farah',
    email: 'farah@example.test',
    instituteId: people.ivy.user.id,
  });
  people.admin = await buildAndLogin(app, { userType: 'admin', email: 'admin@example.test' });
  courses.tara = await busyCourse(people.tara, 'Tides');
  courses.omar = await busyCourse(people.omar, 'Orbits');
  courses.admin = await busyCourse(people.admin, 'Admin notes');
  courses.nil = (
    await insightCourse(app, people.nil.user.id, 'Nothing yet', [{ title: 'L', durationSeconds: 60 }])
  ).id;
  const farah = await insightCourse(app, people.farah.user.id, 'Forces', [
    { title: 'Friction', durationSeconds: 300 },
  ]);
  courses.farah = farah.id;
  for (let i = 0; i < 4; i += 1) {
    const learner = await buildAndLogin(app, { userType: 'student' });
    // Three stop between 150 and 180 s; one finished.
    await progress(app, learner.user.id, farah.lessonIds[0], i === 3 ? [[0, 300]] : [[0, 160 + i]], {
      completed: i === 3,
    });
  }
  const off = await app.inject({
    method: 'PUT',
    url: '/api/insights/digest',
    headers: people.omar.headers,
    payload: { weeklyDigest: false },
  });
  expect(off.statusCode).toBe(200);
  for (const id of Object.values(courses)) await refreshCourseInsights(app, id);
});
afterAll(async () => ctx?.close());

const mails = () => ctx.app.db.select().from(outbox).orderBy(asc(outbox.id));

describe('the weekly digest', () => {
  it('names ISO weeks as ISO 8601 does', () => {
    expect(isoWeek(MONDAY)).toBe('2026-W48');
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
  });

  it('waits for Monday 06:00 UTC', async () => {
    expect(await sendWeeklyDigests(ctx.app, new Date('2026-11-23T05:59:00Z'))).toBe(0);
    expect(await sendWeeklyDigests(ctx.app, new Date('2026-11-22T12:00:00Z'))).toBe(0);
    expect(await sendWeeklyDigests(ctx.app, new Date('2026-11-24T07:00:00Z'))).toBe(0);
    expect(await mails()).toEqual([]);
  });

  it('sends each teacher and institute with something to say their three biggest items, once a week', async () => {
    expect(await sendWeeklyDigests(ctx.app, MONDAY)).toBe(3);
    const sent = await mails();
    expect(sent.map((mail) => mail.to).sort()).toEqual([
      'farah@example.test',
      'ivy@example.test',
      'tara@example.test',
    ]);

    const tara = sent.find((mail) => mail.to === 'tara@example.test');
    expect(tara?.subject).toBe('Your students this week: 3 things to look at');
    const link = `http://gurukul.test/report?tab=insights&course=${courses.tara}`;
    expect(tara?.text).toContain(
      `1. Most asked about: "Lesson 1" at 0:00 in Tides, 3 questions to Tides Guru this week.\n   For example: "What happens at the start? (0)"\n   ${link}`,
    );
    expect(tara?.text).toContain(
      `2. Tides Guru could not answer 1 question about "exam" in Tides this week. Add an FAQ entry so it can.\n   For example: "When is the exam?"\n   ${link}`,
    );
    expect(tara?.text).toContain(
      `3. Only 33% of 3 answers to "Pick the first" (Check, Tides) were right.\n   ${link}`,
    );
    expect(tara?.text).toContain('To turn it off, open Insights (http://gurukul.test/report?tab=insights)');

    const ivy = sent.find((mail) => mail.to === 'ivy@example.test');
    expect(ivy?.subject).toBe('Your students this week: 1 thing to look at');
    expect(ivy?.text).toContain(
      `1. 100% of those who have not finished "Friction" (Forces) stopped around 2:30.\n   http://gurukul.test/report?tab=insights&course=${courses.farah}`,
    );

    // Nil had nothing to say: handled for the week, no mail. Omar turned it off; admins get none.
    const handled = await ctx.app.db.select().from(insightDigests).where(eq(insightDigests.week, '2026-W48'));
    expect(handled.map((row) => [row.userId, row.items]).sort()).toEqual(
      [
        [people.tara.user.id, 3],
        [people.nil.user.id, 0],
        [people.ivy.user.id, 1],
        [people.farah.user.id, 1],
      ].sort(),
    );

    // Later that Monday, or after a restart: nothing again.
    expect(await sendWeeklyDigests(ctx.app, new Date('2026-11-23T08:00:00Z'))).toBe(0);
    expect(await mails()).toHaveLength(3);
  });

  it('sends again the next week, and a mail that fails is tried again at the next hour', async () => {
    const send = ctx.app.mailer.send;
    ctx.app.mailer.send = async (message) => {
      if (message.to === 'tara@example.test') throw new Error('SMTP away');
      return send(message);
    };
    try {
      expect(await sendWeeklyDigests(ctx.app, new Date('2026-11-30T06:00:00Z'))).toBe(2);
    } finally {
      ctx.app.mailer.send = send;
    }
    expect(await sendWeeklyDigests(ctx.app, new Date('2026-11-30T07:00:00Z'))).toBe(1);
    expect((await mails()).filter((mail) => mail.to === 'tara@example.test')).toHaveLength(2);
    expect(await mails()).toHaveLength(6);
  });

  it('is written in the recipient’s language (decision 070): Hindi for Tara, English word for word for Ivy', async () => {
    await chooseLocale(ctx.app, people.tara.headers, 'hi');
    expect(await sendWeeklyDigests(ctx.app, new Date('2026-12-07T06:30:00Z'))).toBe(3);
    const latest = async (to: string) => (await mails()).filter((mail) => mail.to === to).at(-1);

    const tara = await latest('tara@example.test');
    const link = `http://gurukul.test/report?tab=insights&course=${courses.tara}`;
    expect(tara?.subject).toBe('इस सप्ताह आपके विद्यार्थी: देखने लायक 3 बातें');
    expect(tara?.text).toBe(
      [
        'नमस्ते Tara,',
        'पिछले 7 दिनों में आपके कोर्स में ये बातें सबसे अलग दिखीं।',
        [
          `1. सबसे ज़्यादा पूछा गया: Tides में "Lesson 1" 0:00 पर, इस सप्ताह Tides Guru से 3 प्रश्न।\n   उदाहरण के लिए: "What happens at the start? (0)"\n   ${link}`,
          `2. Tides Guru इस सप्ताह Tides में "exam" के बारे में 1 प्रश्न का उत्तर नहीं दे सका। एक FAQ प्रविष्टि जोड़ें ताकि वह उत्तर दे सके।\n   उदाहरण के लिए: "When is the exam?"\n   ${link}`,
          `3. "Pick the first" (Check, Tides) के 3 उत्तरों में से केवल 33% सही थे।\n   ${link}`,
        ].join('\n\n'),
        'यह सारांश आपको हर सोमवार मिलता है। इसे बंद करने के लिए इनसाइट्स (http://gurukul.test/report?tab=insights) खोलें और "मुझे साप्ताहिक सारांश ईमेल करें" बंद करें।',
        'गुरुकुल',
      ].join('\n\n'),
    );

    const ivy = await latest('ivy@example.test');
    expect(ivy?.subject).toBe('Your students this week: 1 thing to look at');
    expect(ivy?.text).toBe(
      `Hello Ivy,\n\nHere is what stood out on your courses in the last 7 days.\n\n1. 100% of those who have not finished "Friction" (Forces) stopped around 2:30.\n   http://gurukul.test/report?tab=insights&course=${courses.farah}\n\nYou get this digest every Monday. To turn it off, open Insights (http://gurukul.test/report?tab=insights) and switch off "Weekly digest".\n\nGurukul`,
    );
  });
});
