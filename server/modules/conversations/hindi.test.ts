import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, gurus } from '../../db/schema/index';
import en from '../../i18n/en/conversations.json';
import hi from '../../i18n/hi/conversations.json';
import { answerTextOf, askEventsOf } from '../../test/ask-events';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { insertConversation, readyGuruWithStudent } from '../../test/fixtures/conversations';
import { buildGeometryGuru, buildNarratedGuru } from '../../test/fixtures/guru-training';
import { HINDI_SOLAR_SLIDES } from '../../test/fixtures/hindi-deck/slides';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { startTestApp, type TestContext } from '../../test/harness';
import { ladderLocale } from './hint-ladder';
import { answerKeys, buildHints, feedbackOf, type Judgement } from './hint-ladder-text';

/**
 * The conversations module's own texts in the caller's language (decision 070), and the hint ladder's framing in
 * the course's language (decision 065: a Hindi course is answered in Hindi, so its ladder speaks Hindi around the
 * course's sentences; an English course's ladder stays English whatever the student's menu says).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

describe('the hint ladder’s sentences', () => {
  const judged = (verdict: Judgement['verdict'], right: string[], wrong: string[]): Judgement => ({
    verdict,
    right,
    wrong,
    unsure: false,
  });

  it('agree in number in English and in Hindi, with the same quotation marks', () => {
    expect(feedbackOf(judged('not yet', [], ['ninety', 'forty']))).toBe(
      'Not yet: “ninety” and “forty” are not what the course says.',
    );
    expect(feedbackOf(judged('partly', ['side', 'right', 'angle'], ['short']))).toBe(
      'Partly right: “side”, “right” and “angle” are right, but “short” is not what the course says.',
    );
    expect(feedbackOf(judged('partly', [], []))).toBe('Partly right, but something is still missing.');
    expect(feedbackOf(judged('not yet', [], ['नब्बे']), 'hi')).toBe('अभी नहीं: कोर्स के अनुसार “नब्बे” सही नहीं है।');
    expect(feedbackOf(judged('not yet', [], ['नब्बे', 'चालीस']), 'hi')).toBe(
      'अभी नहीं: कोर्स के अनुसार “नब्बे” और “चालीस” सही नहीं हैं।',
    );
    expect(feedbackOf(judged('partly', ['पृथ्वी', 'उपग्रह'], ['तारा']), 'hi')).toBe(
      'आंशिक रूप से सही: “पृथ्वी” और “उपग्रह” सही हैं, लेकिन कोर्स के अनुसार “तारा” सही नहीं है।',
    );
    expect(feedbackOf(judged('right', [], []), 'hi')).toBe(hi['server.conversations.tryRight']);
    expect(feedbackOf({ ...judged('not yet', [], []), unsure: true }, 'hi')).toBe(
      hi['server.conversations.tryUnsure'],
    );
  });

  it('name the missing word’s first letter, one word or the first of several', () => {
    const answer = 'चंद्रमा पृथ्वी का प्राकृतिक उपग्रह है।';
    expect(buildHints('चंद्रमा क्या है?', answer, [], ['उपग्रह'], 'hi')).toEqual([
      'खाली जगह भरें: चंद्रमा पृथ्वी का प्राकृतिक ____ है।',
      'छूटा हुआ शब्द “उ” से शुरू होता है।',
    ]);
    const moon = 'The moon is a natural satellite.';
    const keys = answerKeys('What is the moon?', moon, []);
    expect(keys).toHaveLength(2);
    expect(buildHints('What is the moon?', moon, [], keys)).toEqual([
      'Fill in the gap: The moon is a ____.',
      'The first missing word starts with “n”.',
    ]);
  });

  it('are in the language of the course’s answer, else the asker’s', () => {
    expect(ladderLocale('चंद्रमा पृथ्वी का प्राकृतिक उपग्रह है।', 'en')).toBe('hi');
    expect(ladderLocale('The moon is a natural satellite.', 'hi')).toBe('en');
    expect(ladderLocale('சந்திரன் ஒரு துணைக்கோள்.', 'hi')).toBe('hi');
  });
});

describe('errors in the caller’s language', () => {
  it('answers a Hindi owner in Hindi and the same request in English exactly as before', async () => {
    const { owner, guru, student } = await readyGuruWithStudent(ctx.app);
    const { conversation, asked } = await insertConversation(ctx.app, guru.id, student.user.id);
    const correctQuestion = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/messages/${asked.id}/correction`,
        headers: owner.headers,
        payload: { answer: 'x' },
      });
    const askAsOwner = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/ask`,
        headers: owner.headers,
        payload: { question: 'What is a linear equation?' },
      });
    const missing = () =>
      ctx.app.inject({ url: `/api/conversations/${randomUUID()}`, headers: owner.headers });

    await chooseLocale(ctx.app, owner.headers, 'hi');
    let refused = await correctQuestion();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(hi['server.conversations.onlyGuruAnswers']);
    refused = await askAsOwner();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('इस सत्र के गुरु से केवल इस सत्र का विद्यार्थी ही प्रश्न पूछ सकता है');
    refused = await missing();
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('बातचीत नहीं मिली');

    await chooseLocale(ctx.app, owner.headers, 'en');
    expect((await correctQuestion()).json().message).toBe('Only the guru’s answers can be corrected');
    expect((await askAsOwner()).json().message).toBe('Only the person in this session can ask its guru');
    expect((await missing()).json().message).toBe('Conversation not found');
  });
});

const eventsOf = askEventsOf;
const textOf = answerTextOf;

describe('the ladder in the course’s language', () => {
  async function session(guruId: string, locale: 'en' | 'hi') {
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    await chooseLocale(ctx.app, student.headers, locale);
    const [conversation] = await ctx.app.db
      .insert(conversations)
      .values({ guruId, userId: student.user.id })
      .returning();
    const ask = async (question: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/ask`,
        headers: student.headers,
        payload: { question },
      });
      expect(response.statusCode, response.body).toBe(200);
      return textOf(eventsOf(response.body));
    };
    const ladder = async () =>
      (await ctx.app.db.query.conversations.findFirst({ where: eq(conversations.id, conversation.id) }))
        ?.hintLadder ?? null;
    return { ask, ladder };
  }

  it('speaks Hindi around a Hindi course’s sentences: hint, not yet, partly right, the answer', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const slides = HINDI_SOLAR_SLIDES.map((slide) => ({
      heading: slide.title,
      text: Array.isArray(slide.body) ? slide.body.join(' ') : slide.body,
    }));
    const { guru } = await buildNarratedGuru(ctx.app, teacher.user.id, 'हमारा सौर मंडल', [
      { title: 'सौर मंडल', slides },
    ]);
    await ctx.app.db.update(gurus).set({ teachingMode: 'hints' }).where(eq(gurus.id, guru.id));

    // The student's menu is English: the course's language decides, as for the guru's answers.
    for (const locale of ['en', 'hi'] as const) {
      const { ask, ladder } = await session(guru.id, locale);
      const opened = await ask('चंद्रमा क्या है?');
      const open = await ladder();
      expect(open?.answer).toBe(
        'चंद्रमा पृथ्वी का प्राकृतिक उपग्रह है और इसे पृथ्वी की परिक्रमा करने में लगभग 27 दिन लगते हैं।',
      );
      expect(open?.hints.every((hint) => /^(यह रहा एक संकेत|खाली जगह भरें): /.test(hint))).toBe(true);
      expect(opened).toBe(`आइए, इसे साथ मिलकर हल करें। ${open?.hints[0]} आपको क्या लगता है?`);
      expect(opened).not.toContain('उपग्रह');

      const notYet = await ask('तारा');
      expect(notYet).toBe(
        `अभी नहीं: कोर्स के अनुसार “तारा” सही नहीं है। ${open?.hints[1]} फिर से कोशिश करें, या मुझसे उत्तर दिखाने को कहें।`,
      );
      const partly = await ask('पृथ्वी');
      expect(partly).toBe(
        `आंशिक रूप से सही: “पृथ्वी” सही है, लेकिन अभी कुछ छूट रहा है। ${open?.hints[2]} फिर से कोशिश करें, या मुझसे उत्तर दिखाने को कहें।`,
      );
      expect(await ask('उत्तर बताओ')).toBe(`यह रहा उत्तर: ${open?.answer}`);
      expect(await ladder()).toBeNull();
    }
  });

  it('keeps an English course’s ladder English for a student whose menu is Hindi', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const plan = await insertPlan(ctx.app, { audience: 'teacher', limits: { guruSessionsPerMonth: null } });
    await putOnPlan(ctx.app, teacher.user.id, plan.id);
    const { guru } = await buildGeometryGuru(ctx.app, teacher.user.id, { teachingMode: 'hints' });
    const { ask } = await session(guru.id, 'hi');
    expect(await ask('What do the angles in a triangle add up to?')).toMatch(
      /^Let’s work it out together\. (Here is a hint|Fill in the gap): .* What do you think\?$/,
    );
    expect(await ask('ninety')).toMatch(
      /^Not yet: “ninety” is not what the course says\. .* Try again, or ask me to show you the answer\.$/,
    );
    expect(await ask('just tell me')).toMatch(/^Here is the answer: .*one hundred eighty degrees/);
    expect(en['server.conversations.hintOpen']).toBe('Let’s work it out together. {hint} What do you think?');
  });
});
