import { describe, expect, it } from 'vitest';
import { stemOf, wordsIn } from './answer-intents';
import { HINDI_STOP_WORDS, hindiGives, hindiIntentOf, hindiStem, hindiSynonyms } from './hindi';
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

describe('Hindi questions', () => {
  it('reads what a Hindi question asks for', () => {
    expect(hindiIntentOf('सौर मंडल में कितने ग्रह हैं?')).toBe('count');
    expect(hindiIntentOf('मंगल लाल क्यों दिखता है?')).toBe('cause');
    expect(hindiIntentOf('मंगलयान कब छोड़ा गया था?')).toBe('time');
    expect(hindiIntentOf('मंगलयान कहाँ से छोड़ा गया?')).toBe('place');
    expect(hindiIntentOf('सबसे बड़ा ग्रह कौन सा है?')).toBe('choice');
    expect(hindiIntentOf('सूर्य ग्रहण और चंद्र ग्रहण में क्या अंतर है?')).toBe('compare');
    expect(hindiIntentOf('स्थलीय ग्रह किन्हें कहते हैं?')).toBe('definition');
    // "कब" inside another word ("कबूतर") asks no time.
    expect(hindiIntentOf('कबूतर कैसे उड़ता है')).toBe('other');
  });

  it('knows which sentence gives a number, a reason or a time', () => {
    expect(hindiGives('count', 'इसे लगभग 365 दिन लगते हैं।')).toBe(true);
    expect(hindiGives('count', 'सौर मंडल में आठ ग्रह हैं।')).toBe(true);
    expect(hindiGives('count', 'यह एक तारा है।')).toBe(false);
    expect(hindiGives('cause', 'शुक्र सबसे गर्म है, क्योंकि उसका वायुमंडल घना है।')).toBe(true);
    expect(hindiGives('cause', 'शुक्र सबसे गर्म ग्रह है।')).toBe(false);
    expect(hindiGives('time', 'मंगलयान 5 नवंबर 2013 को छोड़ा गया।')).toBe(true);
    expect(hindiGives('place', 'श्रीहरिकोटा से')).toBeNull();
  });

  it('gives the words a student and a textbook say differently', () => {
    expect(hindiSynonyms('सूरज')).toContain('सूर्य');
    expect(hindiSynonyms('धरती')).toContain('पृथ्वी');
    expect(hindiSynonyms('planet')).toContain('ग्रह');
    expect(hindiSynonyms('चाँद')).toEqual(hindiSynonyms('चांद'));
    expect(hindiSynonyms('बुध')).toEqual([]);
  });
});
