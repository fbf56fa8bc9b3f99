import { describe, expect, it } from 'vitest';
import { courseVocabulary } from '../../../test/course-vocabulary';
import { correctedSpelling } from './spelling';
import { devanagariSkeleton, latinSkeleton, shortWordHeardAlike, transliterations } from './transliteration';

const vocabulary = courseVocabulary;

describe('Latin loanwords in a Hindi question (transliteration.ts)', () => {
  it('hears a loanword alike in both scripts', () => {
    for (const [latin, devanagari] of [
      ['chlorophyll', 'क्लोरोफ़िल'],
      ['rhizobium', 'राइज़ोबियम'],
      ['helmont', 'हेल्मॉन्ट'],
      ['phosphorus', 'फ़ॉस्फ़ोरस'],
      ['mangalyaan', 'मंगलयान'],
    ])
      expect(latinSkeleton(latin)).toBe(devanagariSkeleton(devanagari));
    expect(latinSkeleton('planet')).not.toBe(devanagariSkeleton('पत्ती'));
    // A soft c, "-tion" and the z of "-isation" as Hindi writes them (round eleven); "ch" stays a k.
    for (const [latin, devanagari] of [
      ['acid', 'एसिड'],
      ['citric', 'सिट्रिक'],
      ['neutralisation', 'न्यूट्रलाइजेशन'],
      ['neutralization', 'न्यूट्रलाइज़ेशन'],
      ['chemistry', 'केमिस्ट्री'],
      ['indicator', 'इंडिकेटर'],
    ])
      expect(latinSkeleton(latin)).toBe(devanagariSkeleton(devanagari));
  });

  it("writes a Hindi question's Latin word as the course does, and leaves words of two sounds alone", async () => {
    const course = vocabulary('राइज़ोबियम जीवाणु दलहनी पौधों की जड़ों की गाँठों में रहते हैं। वान हेल्मॉन्ट ने प्रयोग किया।');
    expect(await correctedSpelling('rhizobium पौधे में कहां रहता है', course)).toBe('राइज़ोबियम पौधे में कहां रहता है');
    // "van" has two sounds: it could be anything.
    expect(await correctedSpelling('van helmont ने क्या किया', course)).toBe('van हेल्मॉन्ट ने क्या किया');
    expect(transliterations(['van'], await course())).toEqual(new Map());
  });

  it('never touches an English question, nor reads the vocabulary for one', async () => {
    let read = 0;
    const counted = async () => {
      read += 1;
      return new Map([['राइज़ोबियम', 1]]);
    };
    expect(await correctedSpelling('where does rhizobium live', counted)).toBe('where does rhizobium live');
    expect(read).toBe(0);
  });

  it('takes a conjunct typed without its virama as the course word', async () => {
    const course = vocabulary('प्रकाश संश्लेषण में पत्तियाँ भोजन बनाती हैं।');
    expect(await correctedSpelling('प्रकाश संशलेषण क्या होता है', course)).toBe('प्रकाश संश्लेषण क्या होता है');
  });

  it('takes a word typed without its nasal as the course word, however short', async () => {
    const course = vocabulary('वयस्क के मुँह में 32 दाँत होते हैं। छोटी आँत लंबी होती है।');
    expect(await correctedSpelling('मुह में कितने दात होते हैं', course)).toBe('मुँह में कितने दाँत होते हैं');
    expect(await correctedSpelling('छोटी आत कितनी लंबी है', course)).toBe('छोटी आँत कितनी लंबी है');
    // A short word the course does not write in any form stays.
    expect(await correctedSpelling('नाक में क्या होता है', course)).toBe('नाक में क्या होता है');
  });

  it('takes a loanword whose ai, au or English o is written another way as the course word', async () => {
    const course = vocabulary('धन टर्मिनल से जुड़ा इलेक्ट्रोड ऐनोड कहलाता है। ब्लॉक स्तर पर पंचायत समिति होती है।');
    expect(await correctedSpelling('एनोड किसे कहते है', course)).toBe('ऐनोड किसे कहते है');
    expect(await correctedSpelling('ब्लाक स्तर पर कौन है', course)).toBe('ब्लॉक स्तर पर कौन है');
    // A word the course writes with neither stays as typed.
    expect(await correctedSpelling('कैथोड किसे कहते है', course)).toBe('कैथोड किसे कहते है');
  });

  it('writes an English word typed in Devanagari as the course writes it in Latin letters', async () => {
    const course = vocabulary(
      'सबसे निचली परत क्षोभमंडल (troposphere) की ऊँचाई लगभग 13 किलोमीटर है। ग्रीनहाउस प्रभाव (greenhouse effect) से धरती गर्म होती है।',
    );
    expect(await correctedSpelling('ट्रोपोस्फीयर की ऊचाई कितनी है', course)).toBe('troposphere की ऊँचाई कितनी है');
    // Two words written apart are one English word ("ग्रीन हाउस"); "इफेक्ट" is the course's effect, read through the
    // glossary as the Hindi term the course uses beside it.
    expect(await correctedSpelling('ग्रीन हाउस इफेक्ट क्या होता है', course)).toBe('ग्रीनहाउस प्रभाव क्या होता है');
  });

  it('writes a short English word typed in Devanagari as the course does when its vowels are heard alike too', async () => {
    const course = vocabulary(
      'ऐसी वर्षा को अम्ल वर्षा (acid rain) कहते हैं। खाने का सोडा (baking soda) क्षारकीय (basic) है। क्षारक (base) कड़वे होते हैं।',
    );
    // "acid" and "soda" share the skeleton s-d: the vowels tell them apart. (The course's bracket then adds
    // अम्ल वर्षा: course-glosses.ts.)
    expect(await correctedSpelling('एसिड रेन क्या होती है', course)).toBe('acid rain क्या होती है');
    expect(await correctedSpelling('सोडा क्षारकीय है', course)).toBe('सोडा क्षारकीय है');
    expect(await correctedSpelling('बेस का स्वाद कैसा होता है', course)).toBe('base का स्वाद कैसा होता है');
    expect(shortWordHeardAlike('acid', 'एसिड')).toBe(true);
    expect(shortWordHeardAlike('base', 'बेस')).toBe(true);
    expect(shortWordHeardAlike('acid', 'सोडा')).toBe(false);
    // Two consonants alike are not enough: "सड़" (s-d) is heard as neither.
    expect(await correctedSpelling('सड़क कहाँ है', course)).toBe('सड़क कहाँ है');
  });

  it('joins two Devanagari words the course writes as one, when it writes it more than once (round twelve)', async () => {
    const course = vocabulary('सूक्ष्मजीव हर जगह हैं। सूक्ष्मजीवों के चार समूह हैं। सूक्ष्मजीव छोटे होते हैं। जलचक्र एक बार।');
    expect(await correctedSpelling('ये सूक्ष्म जीव कहाँ मिलते है', course)).toBe('ये सूक्ष्मजीव कहाँ मिलते है');
    // Written once, "जलचक्र" may be chance: the two words stay.
    expect(await correctedSpelling('जल चक्र क्या है', course)).toBe('जल चक्र क्या है');
  });
});
