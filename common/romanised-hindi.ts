/**
 * Hindi written wholly in Latin letters, as students type it on a phone ("sonar ka full form kya hai", "pet me
 * acid kyu banta hai"; issue 32). These are its function words — question words, postpositions, forms of होना —
 * that English does not use as words of its own (not "me", "to", "is", "do", "hi"), so a question holding two
 * of them is Hindi, not English with a stray word.
 */
const MARKERS = new Set(
  `kya kyaa hai hain hei ka ki ke ko mein mai mei se kaise kese kaisa kaisi kyu kyun kyon kyo kyoon kiyu
  kitna kitni kitne kab kahan kahaan kaha kaun kon konsa konsi konse kaunsa kaunsi kaunse kise kisko kisne
  kiska kiski kiske hota hoti hote hua hui hue aur nahi nahin nhi matlab antar fark farak farq batao bataiye
  bataye btao kehte kahte bolte kehlata kahlata kyunki kyonki isliye hamara hamare hamari hume hamein karta
  karti karte jata jati jate jaata jaati jaate wala wali wale sakta sakti sakte liye tha thi`.split(/\s+/u),
);

/**
 * Hindi's question words, which no English sentence uses: one of them in a question of three words or more marks it
 * Hindi on its own ("taj mahal banane me kitne log lage the", where "me" and "the" are also English words).
 */
const QUESTION_WORDS = new Set(
  `kya kyaa kaise kese kaisa kaisi kyu kyun kyon kyo kyoon kiyu kitna kitni kitne kab kahan kahaan kaun kon
  konsa konsi konse kaunsa kaunsi kaunse kisko kisne kiska kiski kiske`.split(/\s+/u),
);
const QUESTION_WORD_ENOUGH_FROM = 3;

/** The text's words in lower case (Latin letters only: a word of another script makes it no romanised text). */
const latinWords = (text: string) => text.toLocaleLowerCase().match(/\p{L}+/gu) ?? [];

/**
 * Whether a text is Hindi written in Latin letters: Latin only, with two or more of Hindi's function words, or one
 * of its question words among three words or more.
 */
export function isRomanisedHindi(text: string): boolean {
  const words = latinWords(text);
  if (words.some((word) => !/^\p{Script=Latin}+$/u.test(word))) return false;
  if (words.length >= QUESTION_WORD_ENOUGH_FROM && words.some((word) => QUESTION_WORDS.has(word)))
    return true;
  return words.filter((word) => MARKERS.has(word)).length >= 2;
}
