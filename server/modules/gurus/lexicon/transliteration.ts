import { searchFold } from '../../../../common/search-fold';
import { editDistance, graphemesOf } from './edit-distance';

/**
 * A loanword or name a Hindi-medium student types in Latin letters inside a Hindi question ("rhizobium पौधे में
 * कहां रहता है", "van helmont का प्रयोग") that the course writes in Devanagari (राइज़ोबियम, हेल्मॉन्ट): both are
 * reduced to the consonants a reader hears, one letter per sound, vowels and h left out, and compared. Only
 * words of at least three such consonants are matched, so short words never meet by chance.
 */

/**
 * The consonant skeleton of a Latin word ("chlorophyll" → "klrfl", "rhizobium" → "rjbm"). A c before e, i or y
 * is an s ("acid" / एसिड, "citric" / सिट्रिक), "-tion" a "shan" (शन), and the s of "-isation" the z Hindi
 * writes ज ("neutralisation" / न्यूट्रलाइजेशन).
 */
export function latinSkeleton(word: string): string {
  let out = word.toLocaleLowerCase().replace(/[^a-z]/g, '');
  out = out
    .replace(/is(?=ation)/g, 'iz')
    .replace(/[ts]ion/g, 'shon')
    .replace(/c(?=[eiy])/g, 's');
  out = out.replace(/ph/g, 'f').replace(/(ch|sh|th|kh|gh|dh|bh|jh)/g, (pair) => pair[0]);
  out = out.replace(/x/g, 'ks').replace(/[qc]/g, 'k').replace(/z/g, 'j').replace(/w/g, 'v');
  // A nasal before b or p is written with the anusvara in Devanagari (member / मेंबर, number / नंबर).
  out = out.replace(/m(?=[bp])/g, 'n');
  out = out.replace(/[aeiouyh]/g, '');
  return out.replace(/(.)\1+/g, '$1');
}

/** Each Devanagari letter and sign as latinSoundKey writes its sound ('' for the a it does not write). */
const DEVANAGARI_SOUNDS: Record<string, string> = {
  क: 'k',
  ख: 'k',
  ग: 'g',
  घ: 'g',
  ङ: 'n',
  च: 'c',
  छ: 'c',
  ज: 'j',
  झ: 'j',
  ञ: 'n',
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
  य: 'y',
  र: 'r',
  ल: 'l',
  व: 'v',
  श: 's',
  ष: 's',
  स: 's',
  ह: 'h',
  अ: '',
  आ: '',
  'ा': '',
  इ: 'i',
  ई: 'i',
  'ि': 'i',
  'ी': 'i',
  उ: 'u',
  ऊ: 'u',
  'ु': 'u',
  'ू': 'u',
  ए: 'e',
  ऐ: 'e',
  'े': 'e',
  'ै': 'e',
  ओ: 'o',
  औ: 'o',
  ऑ: 'o',
  'ो': 'o',
  'ौ': 'o',
  'ॉ': 'o',
  ऋ: 'ri',
  'ृ': 'ri',
  'ं': 'n',
  'ः': 'h',
};

/**
 * Each Devanagari consonant as the Latin letter its sound is written with in a skeleton (aspiration and nukta
 * aside; च is heard as the k of "chlorophyll"; a nasal, as in मंगल, as n). Vowels, य and ह are not written.
 */
const DEVANAGARI_CONSONANTS: Record<string, string> = Object.fromEntries(
  Object.entries(DEVANAGARI_SOUNDS)
    .filter(([, sound]) => /^[bcdfgjklmnprstv]$/.test(sound))
    .map(([char, sound]) => [char, sound === 'c' ? 'k' : sound]),
);

/** The consonant skeleton of a Devanagari word ("क्लोरोफ़िल" → "klrfl", "राइज़ोबियम" → "rjbm"). */
export function devanagariSkeleton(word: string): string {
  // The fold drops the nukta (ज़ → ज, फ़ → फ); vowels, marks, य and ह are not written in the skeleton.
  const out = [...searchFold(word)].map((char) => DEVANAGARI_CONSONANTS[char] ?? '').join('');
  return out.replace(/(.)\1+/g, '$1');
}

/** Skeletons this short meet by chance. */
const MIN_SKELETON = 3;
/**
 * Below this many consonants a skeleton alone is chance: "ticket" and the course's तख़्त share t-k-t. The
 * vowels must agree too, all but one sound (vidhayika / विधायिका does; round nine).
 */
const SURE_SKELETON = 4;

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
    if (!match) continue;
    const heard =
      skeleton.length >= SURE_SKELETON ||
      editDistance(graphemesOf(latinSoundKey(word)), graphemesOf(devanagariSoundKey(match.word)), 1) <= 1;
    if (heard) found.set(word, match.word);
  }
  return found;
}

/**
 * A Latin word as a reader hears it, one letter a sound: aspiration left out ("kh" → k), "sh" → s, "ph" → f,
 * z → j, w → v, "ee"/"i" → i, "oo"/"u" → u, "ai"/"e" → e (a final "ai" → i), "au"/"o" → o, and "a" not written
 * (Devanagari writes the short a nowhere, and students write the long one as "a" too).
 */
export function latinSoundKey(word: string): string {
  // "aw" is the vowel au ("mawsynram"), before w is read as v.
  let out = word
    .toLocaleLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/aw(?![aeiou])/g, 'au')
    // "eh" before a consonant is the short a with h ("pehla" / पहला, "kehte" / कहते); a final "ai" is ाई
    // ("ladai" / लड़ाई, "bhai" / भाई): the ai of है and मैं is in the function-word table first.
    .replace(/eh(?=[^aeiouh])/g, 'ah')
    .replace(/ai$/g, 'aee');
  out = out
    .replace(/chh|ch/g, 'C')
    .replace(/sh/g, 's')
    .replace(/ph/g, 'f')
    .replace(/([kgjtdbr])h/g, '$1');
  out = out
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c/g, 'k')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks');
  out = out
    .replace(/z/g, 'j')
    .replace(/w/g, 'v')
    // A nasal before a consonant is heard as n, as the anusvara is written (samvidhan / संविधान, kampan / कंपन).
    .replace(/m(?=[bCdfgjklmnprstv])/g, 'n');
  out = out
    .replace(/ee|ii/g, 'I')
    .replace(/oo|uu/g, 'U')
    .replace(/ai|ay|ei/g, 'E')
    .replace(/au|aw|ou/g, 'O');
  // A y between consonants or at the end is the vowel i ("mawsynram" / मौसिनराम).
  out = out
    .replace(/y(?![aeiou])/g, 'I')
    .replace(/e/g, 'E')
    .replace(/o/g, 'O')
    .replace(/i/g, 'I')
    .replace(/u/g, 'U');
  out = out.replace(/a/g, '');
  return out.toLowerCase().replace(/(.)\1+/g, '$1');
}

/** A Devanagari word as latinSoundKey would write it ("पेट" → "pet", "बनता" → "bnt", "कंपन" → "knpn"). */
export function devanagariSoundKey(word: string): string {
  // A half nasal before a consonant is the anusvara's n (सम्राट, सम्मान), as latinSoundKey hears "samrat".
  const nasalised = searchFold(word).replace(/[मनणङञ]\u094d(?=[\u0915-\u0939])/gu, '\u0902');
  const out = [...nasalised].map((char) => DEVANAGARI_SOUNDS[char] ?? '').join('');
  return out.replace(/(.)\1+/g, '$1');
}

/**
 * Whether a word of two consonants is heard alike in both scripts: its sounds the same, but for a vowel before the
 * first consonant (Hindi writes "acid" एसिड) and English's silent final e, which makes the a before it an e
 * ("base" / बेस). Two consonants alone are chance: "soda" (सोडा) is not "acid" (round eleven).
 */
export function shortWordHeardAlike(latin: string, devanagari: string): boolean {
  const bare = (key: string) => key.replace(/^[aeiou]/u, '');
  const spoken = latin.toLocaleLowerCase().replace(/a([^aeiouy])e$/u, 'ei$1');
  return bare(latinSoundKey(spoken).replace(/e$/u, '')) === bare(devanagariSoundKey(devanagari));
}

/** Whether a Devanagari word spells a Latin one: the same skeleton, and of a short one the same sounds. */
export function spellsAlike(latin: string, devanagari: string): boolean {
  const skeleton = latinSkeleton(latin);
  if (skeleton.length < 2 || skeleton !== devanagariSkeleton(devanagari)) return false;
  return skeleton.length >= MIN_SKELETON || shortWordHeardAlike(latin, devanagari);
}
