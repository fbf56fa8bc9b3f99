import type { COURSE_LANGUAGES } from './courses';
import { isRomanisedHindi } from './romanised-hindi';

/**
 * The languages a course is taught in, as BCP 47 codes (issue 32): the catalog's names (COURSE_LANGUAGES) map
 * onto them, and a course with none chosen takes the language its text is written in (languageOfText).
 */
export const LANGUAGE_CODES = {
  English: 'en',
  Hindi: 'hi',
  Bengali: 'bn',
  Tamil: 'ta',
  Telugu: 'te',
  Marathi: 'mr',
  Gujarati: 'gu',
  Kannada: 'kn',
  Malayalam: 'ml',
  Punjabi: 'pa',
  Urdu: 'ur',
  Spanish: 'es',
  French: 'fr',
  German: 'de',
  Arabic: 'ar',
  Portuguese: 'pt',
  Other: '',
} as const satisfies Record<(typeof COURSE_LANGUAGES)[number], string>;

export type LanguageCode = Exclude<(typeof LANGUAGE_CODES)[keyof typeof LANGUAGE_CODES], ''>;

/** A catalog language name ("Hindi") as its code ("hi"); '' for "Other", none or one we do not know. */
export function languageCode(name: string | null | undefined): LanguageCode | '' {
  return (LANGUAGE_CODES as Record<string, LanguageCode | ''>)[name ?? ''] ?? '';
}

/**
 * The language a script is most often written in here: Devanagari is Hindi (Marathi is written in it too: a
 * Marathi course says so by its language), Gurmukhi Punjabi, the Arabic script Urdu when it has Urdu's own
 * letters, else Arabic.
 */
const SCRIPTS: [RegExp, LanguageCode][] = [
  [/\p{Script=Devanagari}/u, 'hi'],
  [/\p{Script=Bengali}/u, 'bn'],
  [/\p{Script=Tamil}/u, 'ta'],
  [/\p{Script=Telugu}/u, 'te'],
  [/\p{Script=Gujarati}/u, 'gu'],
  [/\p{Script=Kannada}/u, 'kn'],
  [/\p{Script=Malayalam}/u, 'ml'],
  [/\p{Script=Gurmukhi}/u, 'pa'],
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Latin}/u, 'en'],
];
/** Letters only Urdu writes among the Arabic script's (ٹ ڈ ڑ ں ے ہ ھ). */
const URDU_LETTERS = /[\u0679\u0688\u0691\u06ba\u06d2\u06c1\u06be]/u;

/**
 * The language most of a text's letters are written in, by their script; '' when it has no letters. A Latin
 * text is taken for English: the only Latin-script language whose words the guru can expand.
 */
export function languageOfText(text: string): LanguageCode | '' {
  const counts = new Map<LanguageCode, number>();
  for (const letter of text.match(/\p{L}/gu) ?? []) {
    const found = SCRIPTS.find(([script]) => script.test(letter));
    if (found) counts.set(found[1], (counts.get(found[1]) ?? 0) + 1);
  }
  let best: LanguageCode | '' = '';
  let most = 0;
  for (const [code, count] of counts) {
    if (count > most) {
      best = code;
      most = count;
    }
  }
  return best === 'ar' && URDU_LETTERS.test(text) ? 'ur' : best;
}

/**
 * A question's language: one with words in another script than Latin is in that language even when it mixes in
 * English school words, as Hindi-medium students write ("stomata क्या होते हैं", "saprotrophic nutrition किसे
 * कहते है"); Hindi written wholly in Latin letters ("sonar ka full form kya hai") is Hindi; otherwise the
 * language its letters are written in.
 */
export function questionLanguage(question: string): LanguageCode | '' {
  const written = languageOfText(question);
  if (written !== 'en') return written;
  if (isRomanisedHindi(question)) return 'hi';
  return languageOfText(question.replace(/\p{Script=Latin}/gu, '')) || written;
}

/** Whether two languages are written in different scripts (a Hindi question to an English course). */
export function writtenApart(a: LanguageCode | '', b: LanguageCode | ''): boolean {
  const script = (code: LanguageCode | '') =>
    code === 'mr' ? 'hi' : code === 'ur' ? 'ar' : ['es', 'fr', 'de', 'pt'].includes(code) ? 'en' : code;
  return a !== '' && b !== '' && script(a) !== script(b);
}

/**
 * The language a passage is searched in: its course's, unless the passage is written in another script (a
 * Hindi deck in a course left on English), then its own script's; a course with none chosen takes the
 * script's too.
 */
export function passageLanguage(course: LanguageCode | '', text: string): LanguageCode | '' {
  const written = languageOfText(text);
  if (course === '' || writtenApart(course, written)) return written || course;
  return course;
}

/** The language codes (common/languages.ts LANGUAGE_CODES) a stored value may hold. */
export const LANGUAGE_CODE_VALUES = Object.values(LANGUAGE_CODES).filter(
  (code): code is LanguageCode => code !== '',
);

/** A stored language code as one (an unknown value, or '', as none). */
export const languageOrNone = (value: string | null | undefined): LanguageCode | '' =>
  (LANGUAGE_CODE_VALUES as readonly string[]).includes(value ?? '') ? (value as LanguageCode) : '';
