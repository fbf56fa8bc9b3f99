import { searchFold } from '../../../../common/search-fold';

/**
 * A loanword or name a Hindi-medium student types in Latin letters inside a Hindi question ("rhizobium पौधे में
 * कहां रहता है", "van helmont का प्रयोग") that the course writes in Devanagari (राइज़ोबियम, हेल्मॉन्ट): both are
 * reduced to the consonants a reader hears, one letter per sound, vowels and h left out, and compared. Only
 * words of at least three such consonants are matched, so short words never meet by chance.
 */

/** The consonant skeleton of a Latin word ("chlorophyll" → "klrfl", "rhizobium" → "rjbm"). */
export function latinSkeleton(word: string): string {
  let out = word.toLocaleLowerCase().replace(/[^a-z]/g, '');
  out = out.replace(/ph/g, 'f').replace(/(ch|sh|th|kh|gh|dh|bh|jh)/g, (pair) => pair[0]);
  out = out.replace(/x/g, 'ks').replace(/[qc]/g, 'k').replace(/z/g, 'j').replace(/w/g, 'v');
  out = out.replace(/[aeiouyh]/g, '');
  return out.replace(/(.)\1+/g, '$1');
}

/** Each Devanagari consonant as the Latin letter its sound is written with (aspiration and nukta aside). */
const DEVANAGARI_CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'k',
  ग: 'g',
  घ: 'g',
  च: 'k',
  छ: 'k',
  ज: 'j',
  झ: 'j',
  ट: 't',
  ठ: 't',
  ड: 'd',
  ढ: 'd',
  ण: 'n',
  त: 't',
  थ: 't',
  द: 'd',
  ध: 'd',
  न: 'n',
  प: 'p',
  फ: 'f',
  ब: 'b',
  भ: 'b',
  म: 'm',
  र: 'r',
  ल: 'l',
  व: 'v',
  श: 's',
  ष: 's',
  स: 's',
  // A nasal (मंगल, पहुँच) is heard as n.
  'ं': 'n',
};

/** The consonant skeleton of a Devanagari word ("क्लोरोफ़िल" → "klrfl", "राइज़ोबियम" → "rjbm"). */
export function devanagariSkeleton(word: string): string {
  // The fold drops the nukta (ज़ → ज, फ़ → फ); vowels, marks, य and ह are not written in the skeleton.
  const out = [...searchFold(word)].map((char) => DEVANAGARI_CONSONANTS[char] ?? '').join('');
  return out.replace(/(.)\1+/g, '$1');
}

/** Skeletons this short meet by chance. */
const MIN_SKELETON = 3;

/**
 * The course's Devanagari words each Latin word of the question sounds like: Latin word → the course's most
 * used word of the same skeleton. Words of the question the course already uses are left as they are.
 */
export function transliterations(latinWords: string[], vocabulary: Map<string, number>): Map<string, string> {
  const bySkeleton = new Map<string, { word: string; count: number }>();
  for (const [word, count] of vocabulary) {
    if (!/\p{Script=Devanagari}/u.test(word)) continue;
    const skeleton = devanagariSkeleton(word);
    if (skeleton.length < MIN_SKELETON) continue;
    const known = bySkeleton.get(skeleton);
    if (!known || count > known.count) bySkeleton.set(skeleton, { word, count });
  }
  const found = new Map<string, string>();
  for (const word of latinWords) {
    if (vocabulary.has(word)) continue;
    const skeleton = latinSkeleton(word);
    const match = skeleton.length >= MIN_SKELETON ? bySkeleton.get(skeleton) : undefined;
    if (match) found.set(word, match.word);
  }
  return found;
}
