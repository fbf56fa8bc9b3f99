import { describe, expect, it } from 'vitest';
import { stemOf, wordsIn } from './answer-intents';
import {
  HINDI_STOP_WORDS,
  hindiDefinitionTarget,
  hindiExplainsTerm,
  hindiFocus,
  hindiGives,
  hindiIntentOf,
  hindiStatesCount,
  hindiStem,
  hindiSynonyms,
  isWeakHindi,
} from './hindi';
import { directAnswer } from './local-answerer';
import { STOP_WORDS } from './stop-words';
import type { Passage } from './types';

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
    // कहाँ typed without its nasal still asks where; "said" does not (round twelve).
    expect(hindiIntentOf('भागीरथी और अलकनंदा आपस मे कहा मिलती है')).toBe('place');
    expect(hindiIntentOf('करो या मरो किसने कहा था')).not.toBe('place');
    expect(hindiIntentOf('इसे काला कानून क्यों कहा जाता है')).toBe('cause');
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
    // A date's day is no count (round eleven).
    expect(hindiGives('count', '13 अप्रैल 1919 को बाग़ में सभा हुई।', 'कितने लोग मारे गए')).toBe(false);
    expect(hindiStatesCount('कितने लोग मारे गए थे', 'सरकारी आँकड़ों के अनुसार 379 लोग मारे गए।')).toBe(true);
    expect(hindiStatesCount('कितने लोग मारे गए थे', '13 अप्रैल को हज़ारों लोग बाग़ में थे।')).toBe(false);
    expect(hindiStatesCount('सौर मंडल में कितने ग्रह हैं', 'सौर मंडल में 8 ग्रह हैं।')).toBe(true);
    // Who did it: a sentence naming a doer before ने; by what name: one that names (round twelve).
    const who = 'ऐंथ्रैक्स का जीवाणु किसने खोजा था';
    expect(hindiGives('other', 'जर्मन डॉक्टर रॉबर्ट कोच (Robert Koch) ने 1876 में इसकी खोज की थी।', who)).toBe(
      true,
    );
    expect(hindiGives('other', 'ऐंथ्रैक्स मवेशियों का एक ख़तरनाक रोग है।', who)).toBe(false);
    const name = 'ब्रह्मपुत्र को तिब्बत में किस नाम से बुलाते है';
    expect(hindiGives('other', 'तिब्बत में इसे सांगपो (Tsangpo) कहते हैं।', name)).toBe(true);
    expect(hindiGives('other', 'ब्रह्मपुत्र मानसरोवर झील के पूर्व से निकलती है।', name)).toBe(false);
    // A year is no count unless years are counted (round nine).
    expect(hindiGives('count', 'सन् 1676 में रोमर ने बताया।', 'प्रकाश की चाल कितनी है')).toBe(false);
    expect(hindiGives('count', '1526 को बाबर जीता।', 'कितनी सेना थी')).toBe(false);
    expect(hindiGives('count', 'पहाड़ 2000 मीटर ऊँचा है।', 'कितना ऊँचा है')).toBe(true);
    expect(hindiGives('count', '1526 को बाबर जीता।', 'कितने साल पहले बाबर जीता')).toBe(true);
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

describe('what a Hindi question asks about (round three)', () => {
  it('takes the words beside the question word, not past another clause', () => {
    expect([...hindiFocus('दिल्ली पहुंचकर सिपाहियों ने अपना नेता किसको बनाया')]).toEqual(['नेता', 'बनाया']);
    expect([...hindiFocus('झांसी की रानी की मृत्यु कहाँ पर हुई थी')]).toEqual(['मृत्यु']);
    expect([...hindiFocus('कारतूस पर क्या लगा होता था जिससे सिपाही नाराज हुए')]).toEqual(['कारतूस', 'लगा']);
    // Colloquial forms are how a question is asked, not what it asks about.
    for (const word of ['किसको', 'किसने', 'बोलते', 'मे', 'पे']) expect(HINDI_STOP_WORDS.has(word)).toBe(true);
  });

  it('answers with the sentence that holds the asked word', () => {
    const slide = {
      chunkId: 'meerut',
      sourceKind: 'segment',
      title: '1857',
      heading: 'मेरठ से दिल्ली तक',
      text: 'मेरठ से दिल्ली तक\n10 मई 1857 को मेरठ छावनी के सिपाहियों ने विद्रोह कर दिया। उन्होंने जेल में बंद अपने 85 साथियों को छुड़ाया और रातभर चलकर 11 मई की सुबह दिल्ली पहुँचे। वहाँ उन्होंने बूढ़े मुग़ल बादशाह बहादुर शाह ज़फ़र को अपना नेता घोषित किया।',
      courseId: null,
      videoId: null,
      materialId: null,
      startSeconds: null,
      page: 5,
      slide: 5,
      rank: 1,
    } as Passage;
    const death = {
      ...slide,
      chunkId: 'rani',
      heading: 'रानी लक्ष्मीबाई',
      text: 'रानी लक्ष्मीबाई\nअंग्रेज़ों ने झाँसी की रानी लक्ष्मीबाई के दत्तक पुत्र को राजा मानने से इनकार कर दिया, इसलिए रानी ने उनके विरुद्ध हथियार उठाए। 18 जून 1858 को ग्वालियर के पास लड़ते हुए रानी की मृत्यु हो गई।',
    } as Passage;
    const first = (question: string, passage: Passage) =>
      directAnswer({ question, passages: [passage], terms: [] }).text.split('।')[0];
    expect(first('झांसी की रानी की मृत्यु कहाँ पर हुई थी', death)).toContain('ग्वालियर');
    expect(first('मेरठ के सिपाहियों ने विद्रोह कब किया', slide)).toContain('10 मई 1857');
  });

  it('knows a definition question and the passage that says what its term is', () => {
    expect(hindiIntentOf('पोषण किसको बोलते है')).toBe('definition');
    expect(hindiDefinitionTarget('हड़प नीति किसको बोलते है')).toBe('हडप नीति');
    expect(hindiDefinitionTarget('स्थलीय ग्रह किसे कहते है?')).toBe('स्थलीय ग्रह');
    // "sonar ka full form kya hai", read as Hindi (lexicon/spelling.ts): the term is before "का मतलब".
    expect(hindiDefinitionTarget('sonar का मतलब क्या है')).toBe('sonar');
    expect(hindiDefinitionTarget('प्रकाश संश्लेषण का अर्थ क्या होता है')).toBe('प्रकाश संश्लेषण');
    expect(hindiExplainsTerm('रंध्र', 'पत्तियाँ', ['इन छिद्रों को रंध्र कहते हैं।'])).toBe(true);
    expect(hindiExplainsTerm('पोषण', 'पोषण: स्वपोषी और विषमपोषी', [])).toBe(true);
    expect(hindiExplainsTerm('संविधान', 'संविधान क्या है और क्यों ज़रूरी है', [])).toBe(true);
    // A compound of the term is another thing: the Constituent Assembly is not the constitution.
    expect(hindiExplainsTerm('संविधान', 'संविधान सभा (Constituent Assembly)', [])).toBe(false);
    // A kind of the term is not the term.
    expect(hindiExplainsTerm('पोषण', 'मृतजीवी पोषण', ['पोषण की इस विधि को मृतजीवी पोषण कहते हैं।'])).toBe(false);
    expect(hindiGives('definition', 'इस विधि को पोषण कहते हैं।', 'पोषण किसे कहते हैं')).toBe(true);
    // The term's English in brackets after it, or asked by that English (round eleven).
    const indicator = 'सूचक (indicator) वे विशेष पदार्थ हैं जो विलयन में डालने पर अपना रंग बदल देते हैं।';
    expect(hindiGives('definition', indicator, 'सूचक क्या होता है')).toBe(true);
    expect(hindiGives('definition', indicator, 'indicator क्या होता है')).toBe(true);
    const neutral = 'इस अभिक्रिया को उदासीनीकरण (neutralisation) कहते हैं।';
    expect(hindiGives('definition', neutral, 'उदासीनीकरण किसे कहते हैं')).toBe(true);
    expect(hindiGives('definition', neutral, 'neutralisation किसको बोलते है')).toBe(true);
    expect(hindiGives('definition', 'सूचकों से अम्ल पहचानते हैं।', 'सूचक क्या होता है')).toBe(false);
  });

  it('gives a name with what it names: the sentence before one that names it by "इन/इस … को"', () => {
    const leaf = {
      chunkId: 'stomata',
      sourceKind: 'segment',
      title: 'पोषण',
      heading: 'रंध्र',
      text: 'रंध्र\nपत्तियों की निचली सतह पर बहुत छोटे छिद्र होते हैं। इन छिद्रों को रंध्र कहते हैं और हर रंध्र को दो द्वार कोशिकाएँ घेरे रहती हैं। इसी ऊर्जा से पत्तियाँ जल को मिलाकर ग्लूकोज़ बनाती हैं; इस प्रक्रिया को प्रकाश संश्लेषण कहते हैं।',
      courseId: null,
      videoId: null,
      materialId: null,
      startSeconds: null,
      page: 4,
      slide: 4,
      rank: 1,
    } as Passage;
    const first = (question: string) =>
      directAnswer({ question, passages: [leaf], terms: [] }).text.split('।')[0];
    expect(first('रंध्र क्या होते हैं')).toContain('छोटे छिद्र');
    // A sentence that says its own fact stays first: a count, and a name given in the same sentence.
    expect(first('एक रंध्र को कितनी कोशिकाएँ घेरती हैं')).toContain('दो द्वार कोशिकाएँ');
    expect(first('प्रकाश संश्लेषण क्या होता है')).toContain('ग्लूकोज़');
  });

  it('knows Hindi’s words of very many meanings, in their inflections, and no others', () => {
    for (const word of ['बनाने', 'बनता', 'लेते', 'मिली', 'भाग', 'चीज़', 'चीज', 'काम'])
      expect(isWeakHindi(word), word).toBe(true);
    for (const word of ['आमाशय', 'गैस', 'पाचन', 'भोजन']) expect(isWeakHindi(word), word).toBe(false);
  });

  it('reads "in simple words" and "all year" as how a question asks, not what it asks about', () => {
    for (const word of ['आसान', 'सरल', 'भाषा', 'शब्दों']) expect(isWeakHindi(word), word).toBe(true);
    expect(HINDI_STOP_WORDS.has('भर')).toBe(true);
  });
});
