import { describe, expect, it } from 'vitest';
import { glossedQuestion, glossesIn } from './course-glosses';

const course = [
  'जिन वस्तुओं से अपना स्वयं का प्रकाश निकलता है, उन्हें दीप्त वस्तुएँ (luminous objects) कहते हैं। उन्हें अदीप्त वस्तुएँ (non-luminous objects) कहते हैं।',
  'पार्श्व उत्क्रमण (lateral inversion) के कारण एम्बुलेंस (ambulance) उल्टा लिखा जाता है। प्रकाश की चाल (speed of light) सबसे अधिक है।',
  'बाबर और पानीपत का पहला युद्ध (1526) और एक डिब्बा (a box made of tin and wood and paper)।',
];

describe("the course's own glossary: Hindi words before an English term in brackets", () => {
  it('pairs a bracketed English term with as many Hindi words before it, and nothing else', () => {
    const glosses = glossesIn(course);
    expect(glosses).toContainEqual({ latin: ['luminou', 'object'], hindi: 'दीप्त वस्तुएँ' });
    expect(glosses).toContainEqual({ latin: ['lateral', 'inversion'], hindi: 'पार्श्व उत्क्रमण' });
    expect(glosses).toContainEqual({ latin: ['speed', 'of', 'light'], hindi: 'प्रकाश की चाल' });
    expect(glosses).toContainEqual({ latin: ['ambulance'], hindi: 'एम्बुलेंस' });
    // A year is no term, and a long English phrase is not one either.
    expect(glosses.some((gloss) => gloss.latin.includes('1526'))).toBe(false);
    expect(glosses.some((gloss) => gloss.latin.includes('box'))).toBe(false);
  });

  it("adds the course's Hindi to a question asking with the English term, singular or plural", () => {
    const glosses = glossesIn(course);
    expect(glossedQuestion('luminous object क्या होता है', glosses)).toBe(
      'luminous object क्या होता है (दीप्त वस्तुएँ)',
    );
    expect(glossedQuestion('lateral inversion किसको बोलते है', glosses)).toBe(
      'lateral inversion किसको बोलते है (पार्श्व उत्क्रमण)',
    );
    // "of" need not be asked; "non-luminous objects" is another term.
    expect(glossedQuestion('light की speed कितनी है', glosses)).toBe('light की speed कितनी है (प्रकाश की चाल)');
    expect(glossedQuestion('non-luminous objects क्या हैं', glosses)).toContain('अदीप्त वस्तुएँ');
    expect(glossedQuestion('non-luminous objects क्या हैं', glosses)).not.toContain('(दीप्त');
    // Nothing to add: no Latin word, or one the course does not gloss.
    expect(glossedQuestion('दीप्त वस्तुएँ क्या हैं', glosses)).toBe('दीप्त वस्तुएँ क्या हैं');
    expect(glossedQuestion('photosynthesis क्या है', glosses)).toBe('photosynthesis क्या है');
  });

  it("counts the words that say something, and hears the term's other word typed in Devanagari (round eleven)", () => {
    const glosses = glossesIn([
      'रसोई का खाने का सोडा (baking soda) क्षारकीय है। ऐसी वर्षा को अम्ल वर्षा (acid rain) कहते हैं। अम्ल (acid) खट्टे होते हैं।',
    ]);
    expect(glosses).toContainEqual({ latin: ['baking', 'soda'], hindi: 'खाने का सोडा' });
    expect(glossedQuestion('baking सोडा क्यों लगाते है', glosses)).toBe('baking सोडा क्यों लगाते है (खाने का सोडा)');
    // सोडा shares s-d with "acid" but is not heard as it.
    expect(glossedQuestion('baking सोडा क्यों लगाते है', glosses)).not.toContain('अम्ल');
  });
});
