import { describe, expect, it } from 'vitest';
import { isRomanisedHindi } from '../../../../common/romanised-hindi';
import { courseVocabulary } from '../../../test/course-vocabulary';
import { HINDI_SOUND_SLIDES } from '../../../test/fixtures/hindi-deck-4/slides';
import { ROMANISED_FUNCTION_WORDS } from './romanised-hindi';
import { correctedSpelling } from './spelling';
import { devanagariSoundKey, latinSoundKey } from './transliteration';

const vocabulary = courseVocabulary;
const slidesText = (slides: { title: string; body: string | string[] }[]) =>
  slides.map((slide) => `${slide.title}। ${[slide.body].flat().join(' ')}`).join(' ');
const soundCourse = vocabulary(slidesText(HINDI_SOUND_SLIDES));

describe('Hindi typed in Latin letters (romanised-hindi.ts)', () => {
  it('tells romanised Hindi from English by two of its function words', () => {
    expect(isRomanisedHindi('sonar ka full form kya hai')).toBe(true);
    expect(isRomanisedHindi('pet me acid kyu banta hai')).toBe(true);
    expect(isRomanisedHindi('infrasound aur ultrasound me kya antar hai')).toBe(true);
    // English, a single Hindi word, or Devanagari is not it.
    expect(isRomanisedHindi('what is the speed of sound in air?')).toBe(false);
    expect(isRomanisedHindi('tell me to do it, hi')).toBe(false);
    expect(isRomanisedHindi('kya')).toBe(false);
    // A question word alone marks it, where the other function words are English's too (me, the).
    expect(isRomanisedHindi('taj mahal banane me kitne log lage the')).toBe(true);
    expect(isRomanisedHindi('kab')).toBe(false);
    expect(isRomanisedHindi('सोनार का full form क्या है')).toBe(false);
  });

  it('reads every marker of romanised Hindi with its table', () => {
    for (const marker of 'kya hai ka ki ke ko mein se kaise kyu kitne kab kahan kaun konsa hota aur nahi antar'.split(
      ' ',
    ))
      expect(ROMANISED_FUNCTION_WORDS.has(marker), marker).toBe(true);
  });

  it('hears a word alike in both scripts, and different words apart', () => {
    for (const [latin, devanagari] of [
      ['pet', 'पेट'],
      ['banta', 'बनता'],
      ['kampan', 'कंपन'],
      ['awaaz', 'आवाज़'],
      ['dhwani', 'ध्वनि'],
      ['hawa', 'हवा'],
      ['chaal', 'चाल'],
      ['kaan', 'कान'],
      ['khoon', 'ख़ून'],
      ['prakash', 'प्रकाश'],
      // A nasal before a consonant is the anusvara's n; a y between consonants the vowel i.
      ['samvidhan', 'संविधान'],
      ['samrat', 'सम्राट'],
      ['mausinram', 'मौसिनराम'],
      ['mawsynram', 'मौसिनराम'],
      // "eh" before a consonant is ह after the short a; a final "ai" is ाई (round nine).
      ['pehla', 'पहला'],
      ['kehte', 'कहते'],
      ['ladai', 'लड़ाई'],
    ])
      expect(latinSoundKey(latin), `${latin} / ${devanagari}`).toBe(devanagariSoundKey(devanagari));
    expect(latinSoundKey('pet')).not.toBe(devanagariSoundKey('पत्ती'));
  });

  it('reads a romanised question into the course’s Devanagari, keeping the English words it has no Hindi for', async () => {
    // The course writes "SONAR" beside सोनार: the word it uses stays; a "full form" is asked as its meaning.
    expect(await correctedSpelling('sonar ka full form kya hai', soundCourse)).toBe('sonar का मतलब क्या है');
    expect(await correctedSpelling('chamgadad andhere me kaise udte hai', soundCourse)).toMatch(
      /^चमगादड़ अँधेरे में कैसे \S+ है$/u,
    );
    // "speed" is the glossary's चाल, the word this course uses; हवा and आवाज़ are the course's own.
    expect(await correctedSpelling('hawa me awaaz ki speed kitni hoti hai', soundCourse)).toBe(
      'हवा में आवाज़ की चाल कितनी होती है',
    );
    // An English word the school glossary gives in Hindi is read as the course's Hindi for it, though the course
    // writes the English too ("अवश्रव्य ध्वनि (infrasound)"): its sentences teach in the Hindi words.
    expect(await correctedSpelling('infrasound aur ultrasound me kya antar hai', soundCourse)).toBe(
      'अवश्रव्य ध्वनि और पराश्रव्य ध्वनि में क्या अंतर है',
    );
  });

  it('hears two typed words as the one the course writes, and an inflection as the course’s word', async () => {
    const mughals = vocabulary('शाहजहाँ ने आगरा में ताजमहल बनवाया। बाबर की सेना छोटा थी पर जीती। बाबर छोटा था।');
    expect(await correctedSpelling('taj mahal kab bana', mughals)).toMatch(/^ताजमहल कब /u);
    // "chhoti" is not in the course; its inflection छोटा is.
    expect(await correctedSpelling('babar ki sena chhoti kyu thi', mughals)).toMatch(/ की सेना छोटा क्यों थी$/u);
    // A postposition is its own word, even where the PDF ran it into the noun before it ("भारतके").
    const joinedInPdf = vocabulary('भारतके लोग बहुत हैं। भारत एक बड़ा देश है।');
    expect(await correctedSpelling('bharat ke log kitne hai', joinedInPdf)).toMatch(/^भारत के लोग /u);
    // "kitne log" asks how many people, whatever the English "log" means.
    expect(await correctedSpelling('kitne log the', mughals)).toBe('कितने लोग थे');
    // Before an auxiliary a word is a Hindi verb, though English has a "mare" (round eleven); "full form" keeps
    // its English.
    const massacre = vocabulary('सरकारी आँकड़ों के अनुसार 379 लोग मारे गए। फूल खिले।');
    expect(await correctedSpelling('kitne log mare gaye the', massacre)).toBe('कितने लोग मारे गए थे');
    expect(await correctedSpelling('full form kya hai', massacre)).not.toContain('फूल');
  });

  it('knows an everyday word the course says otherwise by the glossary’s spelling of it', async () => {
    const stomach = vocabulary('आमाशय में हाइड्रोक्लोरिक अम्ल बनता है, जो भोजन के जीवाणुओं को मारता है।');
    expect(await correctedSpelling('pet me acid kyu banta hai', stomach)).toBe('पेट में अम्ल क्यों बनता है');
  });

  it('leaves English questions, and romanised questions to an English course, as typed', async () => {
    expect(await correctedSpelling('what is the speed of sound in air', soundCourse)).toBe(
      'what is the speed of sound in air',
    );
    const english = vocabulary('Sound travels at 343 metres per second in air. SONAR uses ultrasound.');
    expect(await correctedSpelling('sonar ka full form kya hai', english)).toBe('sonar ka full form kya hai');
  });
});
