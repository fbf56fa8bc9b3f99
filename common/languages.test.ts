import { describe, expect, it } from 'vitest';
import { COURSE_LANGUAGES } from './courses';
import { languageCode, languageOfText, passageLanguage, questionLanguage, writtenApart } from './languages';

describe('course languages', () => {
  it('maps every catalog language to a code, "Other" and unknown names to none', () => {
    for (const name of COURSE_LANGUAGES) expect(typeof languageCode(name)).toBe('string');
    expect(languageCode('Hindi')).toBe('hi');
    expect(languageCode('Tamil')).toBe('ta');
    expect(languageCode('Other')).toBe('');
    expect(languageCode('Klingon')).toBe('');
    expect(languageCode('')).toBe('');
  });

  it('tells a text by the script most of its letters are written in', () => {
    expect(languageOfText('सूर्य एक तारा है, जो गरम गैसों का गोला है।')).toBe('hi');
    expect(languageOfText('சூரியன் ஒரு நட்சத்திரம்')).toBe('ta');
    expect(languageOfText('সূর্য একটি তারা')).toBe('bn');
    expect(languageOfText('ਸੂਰਜ ਇੱਕ ਤਾਰਾ ਹੈ')).toBe('pa');
    expect(languageOfText('سورج ایک ستارہ ہے')).toBe('ur');
    expect(languageOfText('الشمس نجم')).toBe('ar');
    expect(languageOfText('The sun is a star')).toBe('en');
    // A Hindi slide with an English term is still Hindi.
    expect(languageOfText('DNA कोशिका के केंद्रक में होता है')).toBe('hi');
    expect(languageOfText('42 · 🙂 —')).toBe('');
  });

  it('knows which languages share a script', () => {
    expect(writtenApart('hi', 'en')).toBe(true);
    expect(writtenApart('hi', 'mr')).toBe(false);
    expect(writtenApart('en', 'fr')).toBe(false);
    expect(writtenApart('hi', '')).toBe(false);
  });

  it("searches a passage in its course's language unless it is written in another script", () => {
    expect(passageLanguage('mr', 'पृथ्वी सूर्याभोवती फिरते')).toBe('mr');
    expect(passageLanguage('en', 'सूर्य एक तारा है')).toBe('hi');
    expect(passageLanguage('', 'The sun is a star')).toBe('en');
    expect(passageLanguage('hi', '42')).toBe('hi');
  });
});

describe('questionLanguage', () => {
  it('reads a Hindi question that mixes in English school words as Hindi', () => {
    expect(languageOfText('saprotrophic nutrition किसे कहते है')).toBe('en');
    expect(questionLanguage('saprotrophic nutrition किसे कहते है')).toBe('hi');
    expect(questionLanguage('stomata क्या होते हैं')).toBe('hi');
    expect(questionLanguage('what is a stoma?')).toBe('en');
    // Hindi typed wholly in Latin letters (common/romanised-hindi.ts).
    expect(questionLanguage('sonar ka full form kya hai')).toBe('hi');
    expect(questionLanguage('what is the full form of sonar?')).toBe('en');
    expect(questionLanguage('பூமி என்ன?')).toBe('ta');
  });
});
