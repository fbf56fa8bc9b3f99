import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseInsights } from '../../../common/contracts/insights';
import { guruChunks, guruQuestions } from '../../db/schema/index';
import { buildAndLogin } from '../../test/factories';
import { insertGuruFaq } from '../../test/fixtures/guru-training';
import { ask, daysAgo, insightCourse, insightGuru } from '../../test/fixtures/insights';
import { startTestApp, type TestContext } from '../../test/harness';
import { trainGuru } from '../gurus/training/train';
import { courseWideTerms } from './refresh-questions';

/**
 * Issue 37: on a course about bridges, unanswered questions group by what tells them apart, never by the word that
 * runs through the whole course, and a group's one-click FAQ carries a wording of that group.
 */
let ctx: TestContext;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let teacher: Session;
let courseId: string;
let guruId: string;

const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: session.headers, payload: payload as never });
const insightsOf = async (): Promise<CourseInsights> => {
  const response = await call(teacher, 'GET', `/api/insights/courses/${courseId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const refresh = async () => {
  expect((await call(teacher, 'POST', `/api/insights/courses/${courseId}/refresh`)).statusCode).toBe(202);
};

/** What the guru learnt: "bridge" in every passage, as a course on bridges says it. */
const PASSAGES: [string, string][] = [
  ['How bridges work', 'A bridge carries a road, a railway or a path over a river or a valley.'],
  [
    'Designing a bridge',
    'Bridges are designed to carry loads safely for a hundred years at the lowest cost.',
  ],
  ['Beam bridges', 'A beam bridge is a rigid beam resting on a pier at each end.'],
  ['Arch bridges', 'An arch bridge carries its load outwards along the curve of the arch.'],
  ['Suspension bridges', 'A suspension bridge hangs its deck from cables slung between tall towers.'],
  ['Scour', 'Scour washes sand away from the foundations of a bridge.'],
];

const TOLL = ['What toll do drivers pay on a bridge?', 'How much is the toll for a car on the bridge?'];
const SALARY = ['What salary does a bridge worker earn?', 'What is the salary of a bridge inspector?'];

beforeAll(async () => {
  ctx = await startTestApp();
  const { app } = ctx;
  teacher = await buildAndLogin(app, { userType: 'teacher', fullName: 'Bina Builder' });
  const student = await buildAndLogin(app, { userType: 'student' });
  courseId = (
    await insightCourse(app, teacher.user.id, 'Bridges', [{ title: 'Bridges', durationSeconds: 120 }])
  ).id;
  guruId = await insightGuru(app, teacher.user.id, 'Bridge Guru', [courseId]);
  // Its passages as FAQ entries, trained as every guru is: they stay through the training a new entry queues.
  for (const [question, answer] of PASSAGES) await insertGuruFaq(app, guruId, question, answer);
  await trainGuru(app, guruId);
  const chunks = await app.db.select().from(guruChunks).where(eq(guruChunks.guruId, guruId));
  expect(chunks.length).toBe(PASSAGES.length);
  // The salary questions newest, so the page lists them first on a tie.
  const asked = [TOLL[0], SALARY[0], TOLL[1], TOLL[0], SALARY[1]];
  for (const [index, question] of asked.entries())
    await ask(app, {
      guruId,
      userId: student.user.id,
      courseId,
      question,
      at: daysAgo(asked.length - index),
      notCovered: true,
    });
});
afterAll(async () => ctx?.close());

describe('unanswered groups on a course about bridges', () => {
  it('groups by what tells the questions apart, never by the course’s topic word', async () => {
    await refresh();
    const groups = (await insightsOf()).questions.unanswered;
    expect(groups.map((group) => [group.terms[0], group.asks])).toEqual([
      ['toll', 3],
      ['salary', 2],
    ]);
    expect(groups.flatMap((group) => group.terms)).not.toContain('bridge');
    expect(groups[0].wording).toBe(TOLL[0]);
    expect(SALARY).toContain(groups[1].wording);
  });

  it('adds the group’s own wording as its one-click FAQ, and marks only that group done', async () => {
    const groups = (await insightsOf()).questions.unanswered;
    const toll = groups.find((group) => group.terms[0] === 'toll');
    if (!toll) throw new Error('no toll group');
    // What the page's "Add to FAQ" sends: the group's wording, prefilled.
    const added = await call(teacher, 'POST', `/api/insights/gurus/${guruId}/faq`, {
      question: toll.wording,
      answer: 'Cars pay a toll of 40 rupees at the plaza.',
      groupKey: toll.key,
    });
    expect(added.statusCode, added.body).toBe(201);
    const [entry] = await ctx.app.db
      .select()
      .from(guruQuestions)
      .where(eq(guruQuestions.id, added.json().faqId));
    expect(TOLL).toContain(entry.question);
    expect(SALARY).not.toContain(entry.question);
    const after = (await insightsOf()).questions.unanswered;
    expect(after.find((group) => group.key === toll.key)?.fixedAt).not.toBeNull();
    expect(after.find((group) => group.terms[0] === 'salary')?.fixedAt).toBeNull();
    // Still so once refreshed: the fix is the toll group's, not every group on the course.
    await refresh();
    const refreshed = (await insightsOf()).questions.unanswered;
    expect(refreshed.map((group) => [group.terms[0], group.fixedAt === null])).toEqual([
      ['toll', false],
      ['salary', true],
    ]);
  });
});

describe('the words that run through a guru’s course', () => {
  it('are read from its passages, English words stemmed and Hindi ones by their stem', async () => {
    const { app } = ctx;
    const hindiGuru = await insightGuru(app, teacher.user.id, 'पुल गुरु', []);
    const hindi = [
      ['पुल कैसे काम करते हैं', 'पुल नदी या घाटी के ऊपर सड़क ले जाता है।'],
      ['बीम पुल', 'बीम पुल दोनों सिरों पर खंभों पर टिका होता है।'],
      ['मेहराब पुल', 'मेहराब पुलों का भार वक्र के साथ बाहर की ओर जाता है।'],
      ['झूला पुल', 'झूला पुल ऊँचे खंभों के बीच तारों से लटकता है।'],
      ['रखरखाव', 'इस्पात पर हर दो साल में रंग किया जाता है।'],
    ];
    await app.db.insert(guruChunks).values(
      hindi.map(([heading, text], position) => ({
        guruId: hindiGuru,
        sourceKey: `hi-${position}`,
        sourceKind: 'segment',
        title: 'पुल',
        heading,
        text,
        position,
        language: 'hi',
      })),
    );
    const at = new Date();
    const topic = await app.db.transaction((tx) =>
      courseWideTerms(tx, [
        { guruId, text: 'What toll do drivers pay on bridges?', askedAt: at },
        { guruId, text: 'Which beams rest on a pier?', askedAt: at },
        { guruId: hindiGuru, text: 'पुलों पर टोल कितना लगता है?', askedAt: at },
        { guruId: hindiGuru, text: 'बीम कितनी लंबी होती है?', askedAt: at },
      ]),
    );
    // "bridge" is in every passage; "beam" in one, "pier" in none; "पुलों" finds पुल in four of five.
    expect([...(topic.get(guruId) ?? [])]).toEqual(['bridge']);
    expect([...(topic.get(hindiGuru) ?? [])]).toEqual(['पुलों']);
  });
});
