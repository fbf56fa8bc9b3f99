import { describe, expect, it } from 'vitest';
import { hindiStem } from '../../../providers/llm/hindi';
import { courseVocabulary } from '../../../test/course-vocabulary';
import { questionTerms } from '../retrieval';
import { everydayCounterparts, hindiTermsFor } from './glossary-hi';
import { ENGLISH_TO_HINDI, HINDI_EVERYDAY_GROUPS } from './glossary-hi-data';
import { correctedSpelling } from './spelling';

const vocabulary = courseVocabulary;

describe('the school glossary (glossary-hi.ts)', () => {
  it('is well formed: one English key a line, Hindi terms in Devanagari, groups of one-word entries', () => {
    const keys = new Set<string>();
    for (const line of ENGLISH_TO_HINDI.split('\n').filter((each) => each.trim())) {
      const entry = /^([a-z][a-z -]*[a-z]): (.+)$/u.exec(line);
      expect(entry, line).not.toBeNull();
      const [, english, hindi] = entry as RegExpExecArray;
      expect(keys.has(english), english).toBe(false);
      keys.add(english);
      for (const term of hindi.split(', ')) expect(term, line).toMatch(/^[\p{Script=Devanagari} ]+$/u);
    }
    expect(keys.size).toBeGreaterThan(300);
    for (const line of HINDI_EVERYDAY_GROUPS.split('\n').filter((each) => each.trim()))
      expect(line.trim().split(/\s+/u).length, line).toBeGreaterThanOrEqual(2);
  });

  it('gives the Hindi terms of an English word, its plural and a textbook word’s everyday one', () => {
    expect(hindiTermsFor('stomata')).toContain('रंध्र');
    expect(hindiTermsFor('Acids')).toContain('अम्ल');
    expect(hindiTermsFor('qwerty')).toEqual([]);
    expect(everydayCounterparts('पेट')).toContain('आमाशय');
    expect(everydayCounterparts('आमाशय')).toContain('पेट');
    expect(everydayCounterparts('ग्रह')).toEqual([]);
  });

  it('writes an English school term in a Hindi question as the course does, only when the course uses it', async () => {
    const leaf = vocabulary('पत्ती की सतह पर छोटे-छोटे छिद्र होते हैं। इन छिद्रों को रंध्र कहते हैं।');
    expect(await correctedSpelling('stomata क्या होते हैं', leaf)).toBe('रंध्र क्या होते हैं');
    // A unit of two letters too, when the course writes it in Hindi.
    const height = vocabulary('क्षोभमंडल की ऊँचाई लगभग 13 किलोमीटर है।');
    expect(await correctedSpelling('क्षोभमंडल कितने km ऊँचा है', height)).toBe('क्षोभमंडल कितने किलोमीटर ऊँचा है');
    // A course that writes the English beside its Hindi is searched by it as typed.
    const bracketed = vocabulary('इन छिद्रों को रंध्र (stomata) कहते हैं।');
    expect(await correctedSpelling('stomata क्या होते हैं', bracketed)).toBe('stomata क्या होते हैं');
    // A term the course never uses brings in nothing.
    const roots = vocabulary('जड़ें मिट्टी से पानी सोखती हैं।');
    expect(await correctedSpelling('stomata क्या होते हैं', roots)).toBe('stomata क्या होते हैं');
  });

  it('reads a two-word term as the course writes it, and leaves everyday Hindi words as typed', async () => {
    const forest = vocabulary('घास → हिरण → बाघ एक खाद्य शृंखला है। आमाशय में भोजन पचता है।');
    expect(await correctedSpelling('food chain क्या है', forest)).toBe('खाद्य शृंखला क्या है');
    // पेट and खाना are the student's words: retrieval searches आमाशय and भोजन beside them (retrieval.ts).
    expect(await correctedSpelling('पेट में खाना कैसे पचता है', forest)).toBe('पेट में खाना कैसे पचता है');
  });

  it('searches an everyday word’s textbook word as a related word, weaker than the word itself', async () => {
    const terms = await questionTerms('पेट में खाना कैसे पचता है');
    const stomach = terms.find((term) => term.related.includes('आमाशय'));
    expect(stomach?.word).toBe(hindiStem('पेट'));
    expect(terms.find((term) => term.related.includes('भोजन'))).toBeDefined();
    expect(terms.flatMap((term) => term.forms)).not.toContain('आमाशय');
  });

  it('reads an English school word written in Devanagari as the glossary’s term the course uses', async () => {
    const constitution = vocabulary('मूल संविधान में 395 अनुच्छेद थे। विषयों की तीन सूचियाँ हैं: संघ सूची, राज्य सूची।');
    expect(await correctedSpelling('संविधान मे कितने आर्टिकल थे', constitution)).toBe('संविधान मे कितने अनुच्छेद थे');
    // A word the course writes itself stays.
    const written = vocabulary('संविधान में 395 आर्टिकल थे।');
    expect(await correctedSpelling('संविधान मे कितने आर्टिकल थे', written)).toBe('संविधान मे कितने आर्टिकल थे');
  });
});
