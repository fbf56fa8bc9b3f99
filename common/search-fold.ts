/**
 * One spelling for the search of Indic text (issue 32, decision 065). Students and teachers write the same
 * word more than one way: with or without a nukta (तेज़ / तेज), with chandrabindu or anusvara (पहुँचा /
 * पहुंचा), with joiners the keyboard added, in native or Latin digits (२०१३ / 2013). The guru's passages are
 * searched in this form (the SQL function gurukul_search_fold, migrations 0029 and 0032, is made from FOLD_PAIRS,
 * FOLD_DROPPED and HALF_NASAL, and a test checks they agree) and so are the questions. The dandas end sentences: they are
 * spaces here, so "है।" is the word "है".
 */
const range = (from: number, to: string) =>
  [...to].map((char, index) => [String.fromCodePoint(from + index), char] as const);
const DIGITS = '0123456789';

/** [from, to]: each `from` is written as `to`. */
export const FOLD_PAIRS: readonly (readonly [string, string])[] = [
  ['\u0901', '\u0902'], // Devanagari chandrabindu → anusvara
  ['\u0981', '\u0982'], // Bengali chandrabindu → anusvara
  ['\u0a01', '\u0a02'], // Gurmukhi adak bindi → bindi
  ['\u0a81', '\u0a82'], // Gujarati chandrabindu → anusvara
  // Letters with a nukta in one code point (NFC writes them as two; older text has them whole).
  ...range(0x0958, '\u0915\u0916\u0917\u091c\u0921\u0922\u092b\u092f'),
  ['\u09dc', '\u09a1'],
  ['\u09dd', '\u09a2'],
  ['\u09df', '\u09af'],
  ['\u0a59', '\u0a16'],
  ['\u0a5a', '\u0a17'],
  ['\u0a5b', '\u0a1c'],
  ['\u0a5e', '\u0a2b'],
  // Native digits.
  ...[0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x0660, 0x06f0].flatMap(
    (zero) => range(zero, DIGITS),
  ),
  // Dandas end sentences.
  ['\u0964', ' '],
  ['\u0965', ' '],
];

/** Dropped: the nukta of each script and the joiners (ZWNJ, ZWJ). */
export const FOLD_DROPPED = '\u093c\u09bc\u0a3c\u0abc\u0b3c\u0cbc\u200c\u200d';

const PAIRS = new Map(FOLD_PAIRS);
const DROPPED = new Set(FOLD_DROPPED);

/**
 * A nasal written as a half letter before a consonant of its own row is the anusvara (हिन्दी / हिंदी, कम्पन /
 * कंपन, पङ्खा / पंखा, पञ्च / पंच, कण्ठ / कंठ): both spellings are taught and both are typed. The SQL function
 * applies the same pattern (migration 0032).
 */
export const HALF_NASAL = /न्(?=[तथदधन])|म्(?=[पफबभम])|ङ्(?=[कखगघ])|ञ्(?=[चछजझ])|ण्(?=[टठडढ])/gu;

/**
 * The text as it is searched: NFC, lower case, each FOLD_PAIRS letter written one way, FOLD_DROPPED gone, a half
 * nasal before its row's consonant written as the anusvara.
 */
export function searchFold(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC').toLocaleLowerCase()) {
    if (DROPPED.has(char)) continue;
    out += PAIRS.get(char) ?? char;
  }
  return out.replace(HALF_NASAL, '\u0902');
}
