import { describe, expect, it } from 'vitest';
import type { DraftPassage } from './course-text';
import { draftQuestions } from './drafter';
import { standsAlone } from './teaching-sentences';

const alone = (text: string) => standsAlone({ text });

describe('standsAlone: what the drafter asks about and the notes summarise', () => {
  it('keeps statements of fact, in English and Hindi', () => {
    expect(alone('A triangle is a polygon with three sides, three corners and three angles.')).toBe(true);
    expect(alone('This change from gas to liquid is called condensation.')).toBe(true);
    expect(alone('मंगल को लाल ग्रह कहते हैं, क्योंकि इसकी मिट्टी में लोहे का ऑक्साइड है।')).toBe(true);
  });
  it('leaves out instructions, the slide’s picture, worked steps and sentences leaning on the one before', () => {
    for (const text of [
      'Draw a line through the top corner, parallel to the bottom side.',
      'In this triangle the angles are 50, 60 and 70 degrees, and they add up to 180.',
      'In this lesson we meet points, lines, line segments and rays.',
      'The arrows at both ends show that it never stops going.',
      'So the area of a triangle is half of its base times its height.',
      'And the angles all the way around a point add up to 360 degrees.',
      'They draw water up from the soil through their roots.',
      'यह अपनी धुरी पर 24 घंटे में एक चक्कर लगाती है।',
      'इस चित्र में तीनों कोणों का योग 180 अंश है, जैसा कि दिखाया गया है।',
    ]) {
      expect(alone(text), text).toBe(false);
    }
  });
});

describe('drafts the browser review found wanting (demo geometry course)', () => {
  const passage = (id: string, heading: string, text: string): DraftPassage => ({
    id,
    heading,
    text,
    videoId: 'lesson',
    materialId: null,
    startSeconds: 0,
    endSeconds: 60,
    page: null,
  });
  const passages = [
    passage(
      'lines',
      'Points and Lines',
      'A point has no length, no width and no size. Through any two points we can draw exactly one line, so we name this line by two of its points. We draw a point as a small dot and name it with a capital letter, such as point A or point B.',
    ),
    passage(
      'triangles',
      'Triangles',
      'A triangle is a polygon with three sides, three corners and three angles. The three angles of a triangle always add up to 180 degrees.',
    ),
    passage(
      'circles',
      'Circles',
      'A circle is the set of all the points at the same distance from its centre.',
    ),
  ];

  it('never blanks a term the rest of the sentence says again, nor swaps one item of a list', async () => {
    const drafts = await draftQuestions({ passages, language: 'en', count: 30 });
    for (const draft of drafts) {
      if (draft.prompt.includes('_____')) {
        const rest = draft.prompt.replace('_____', ' ').toLowerCase();
        const answer = draft.answerTerm.toLowerCase().replace(/s$/u, '');
        expect(rest.includes(` ${answer}`), draft.prompt).toBe(false);
      }
      // "three corners and three _____" is typed, never chosen, and never swapped for a false statement.
      if (draft.sentence.startsWith('A triangle is a polygon') && draft.answerTerm === 'angles') {
        expect(draft.type === 'short' || draft.trueFalseAnswer === true, draft.prompt).toBe(true);
      }
    }
  });
});
