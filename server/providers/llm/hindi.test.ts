import { describe, expect, it } from 'vitest';
import { stemOf, wordsIn } from './answer-intents';
import { HINDI_STOP_WORDS, hindiStem } from './hindi';
import { STOP_WORDS } from './stop-words';

describe('hindiStem', () => {
  it('gives the inflections of a word one stem', () => {
    expect(hindiStem('ग्रहों')).toBe(hindiStem('ग्रह'));
    expect(hindiStem('पृथ्वियाँ')).toBe(hindiStem('पृथ्वी'));
    expect(hindiStem('तारे')).toBe(hindiStem('तारा'));
    expect(hindiStem('लड़कियों')).toBe(hindiStem('लड़की'));
    expect(hindiStem('चलती')).toBe(hindiStem('चलता'));
  });

  it('keeps at least two letters and folds the spelling', () => {
    expect(hindiStem('का')).toBe('का');
    expect(hindiStem('पानी')).toBe('पान');
    expect(hindiStem('तेज़')).toBe('तेज');
    expect(hindiStem('पहुँचा')).toBe(hindiStem('पहुंचा'));
  });

  it('is what stemOf gives a Devanagari word, beside English stems', () => {
    expect(stemOf('ग्रहों')).toBe(hindiStem('ग्रहों'));
    expect(stemOf('triangles')).toBe('triangl');
    expect(stemOf('வீடு')).toBe('வீடு');
  });
});

describe('Hindi stop words', () => {
  it('drops how a question is asked, as written and as searched', () => {
    const question = wordsIn('सूर्य का प्रकाश पृथ्वी तक कितनी देर में पहुँचता है?');
    expect(question.filter((word) => !STOP_WORDS.has(word))).toEqual(['सूर्य', 'प्रकाश', 'पृथ्वी', 'देर', 'पहुँचता']);
    expect(HINDI_STOP_WORDS.has('कहाँ')).toBe(true);
    expect(HINDI_STOP_WORDS.has('कहां')).toBe(true);
    expect(STOP_WORDS.has('the')).toBe(true);
  });
});
