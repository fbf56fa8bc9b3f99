import { isRomanisedHindi } from '../../../../common/romanised-hindi';
import { searchFold } from '../../../../common/search-fold';
import { STOP_WORDS } from '../../../providers/llm/stop-words';
import { baseForms } from './expand';
import { type CourseStems, courseStems, hindiTermsFor, hindiWordSounding, inCourse } from './glossary-hi';
import { devanagariSoundKey, latinSoundKey, transliterations } from './transliteration';

/**
 * Hindi typed in Latin letters ("sonar ka full form kya hai", "pet me acid kyu banta hai"; issue 32), read into
 * the course's Devanagari before the question is searched: Hindi's function words from a table, each other word
 * as the course writes it — the glossary's Hindi term the course uses ("acid" → अम्ल), the course word that
 * sounds the same ("banta" → बनता, "andhere" → अँधेरे), a loanword heard alike (transliteration.ts: "sonar" →
 * सोनार), or else the glossary's Hindi word of that sound ("pet" → पेट, whose textbook आमाशय retrieval adds). A
 * word found none of these ways stays as typed. Only a Hindi course's guru reads a question this way.
 */

/** Hindi's function words and commonest words as typed in Latin letters, in Devanagari. */
const FUNCTION_WORDS: Record<string, string> = {
  kya: 'क्या',
  kyaa: 'क्या',
  hai: 'है',
  h: 'है',
  hei: 'है',
  he: 'है',
  hain: 'हैं',
  ka: 'का',
  ki: 'की',
  ke: 'के',
  ko: 'को',
  me: 'में',
  mein: 'में',
  mai: 'में',
  mei: 'में',
  main: 'में',
  se: 'से',
  par: 'पर',
  pe: 'पर',
  tak: 'तक',
  kaise: 'कैसे',
  kese: 'कैसे',
  kaisa: 'कैसा',
  kaisi: 'कैसी',
  kyu: 'क्यों',
  kyun: 'क्यों',
  kyon: 'क्यों',
  kyo: 'क्यों',
  kyoon: 'क्यों',
  kiyu: 'क्यों',
  kitna: 'कितना',
  kitni: 'कितनी',
  kitne: 'कितने',
  kab: 'कब',
  kahan: 'कहाँ',
  kahaan: 'कहाँ',
  kaha: 'कहाँ',
  kaun: 'कौन',
  kon: 'कौन',
  konsa: 'कौन सा',
  konsi: 'कौन सी',
  konse: 'कौन से',
  kaunsa: 'कौन सा',
  kaunsi: 'कौन सी',
  kaunse: 'कौन से',
  kis: 'किस',
  kise: 'किसे',
  kisko: 'किसको',
  kisne: 'किसने',
  kiska: 'किसका',
  kiski: 'किसकी',
  kiske: 'किसके',
  hota: 'होता',
  hoti: 'होती',
  hote: 'होते',
  hua: 'हुआ',
  hui: 'हुई',
  hue: 'हुए',
  tha: 'था',
  thi: 'थी',
  the: 'थे',
  aur: 'और',
  ya: 'या',
  // "kitne log" asks how many people: in a romanised question log is लोग, not the English word.
  log: 'लोग',
  nahi: 'नहीं',
  nahin: 'नहीं',
  nhi: 'नहीं',
  matlab: 'मतलब',
  antar: 'अंतर',
  fark: 'फ़र्क',
  farak: 'फ़र्क',
  farq: 'फ़र्क',
  batao: 'बताओ',
  bataiye: 'बताइए',
  bataye: 'बताइए',
  btao: 'बताओ',
  kehte: 'कहते',
  kahte: 'कहते',
  bolte: 'बोलते',
  kehlata: 'कहलाता',
  kahlata: 'कहलाता',
  kyunki: 'क्योंकि',
  kyonki: 'क्योंकि',
  isliye: 'इसलिए',
  liye: 'लिए',
  hamara: 'हमारा',
  hamare: 'हमारे',
  hamari: 'हमारी',
  hume: 'हमें',
  hamein: 'हमें',
  karta: 'करता',
  karti: 'करती',
  karte: 'करते',
  jata: 'जाता',
  jati: 'जाती',
  jate: 'जाते',
  jaata: 'जाता',
  jaati: 'जाती',
  jaate: 'जाते',
  wala: 'वाला',
  wali: 'वाली',
  wale: 'वाले',
  sakta: 'सकता',
  sakti: 'सकती',
  sakte: 'सकते',
  sabse: 'सबसे',
  pehle: 'पहले',
  pahle: 'पहले',
  baad: 'बाद',
  bhi: 'भी',
  yah: 'यह',
  yeh: 'यह',
  ye: 'ये',
  woh: 'वह',
  wo: 'वो',
  vah: 'वह',
  ek: 'एक',
  teen: 'तीन',
  char: 'चार',
  paanch: 'पाँच',
  panch: 'पाँच',
  saal: 'साल',
  wajah: 'वजह',
  vajah: 'वजह',
  karan: 'कारण',
  kaaran: 'कारण',
};

/** The Latin words a table entry reads (tests check every romanised-Hindi marker has one). */
export const ROMANISED_FUNCTION_WORDS: ReadonlySet<string> = new Set(Object.keys(FUNCTION_WORDS));

/** Sound keys this short meet by chance ("n", "k"). */
const MIN_KEY = 2;
/** A sound key without its final vowel, for an inflection: at least this long, or chance meets it. */
const MIN_STEM_KEY = 3;
/** Two words heard as one course word: a key this long, or two short words meet a word by chance. */
const MIN_JOINED_KEY = 5;
const withoutFinalVowel = (key: string) => key.replace(/[eiou]$/u, '');
/** An English word at least this long that WordNet knows is kept as English ("full form") unless found above. */
const ENGLISH_KEPT = 4;

/** Hindi's auxiliaries typed in Latin letters: the word before one is a verb (see read). */
const AUXILIARIES: ReadonlySet<string> = new Set(
  'gaya gaye gayi gai gayin tha the thi thin hota hoti hote jata jati jate diya diye di liya liye kiya kiye raha rahi rahe'.split(
    ' ',
  ),
);

/** Whether most of the course's words are written in Devanagari. */
function aDevanagariCourse(vocabulary: Map<string, number>): boolean {
  let devanagari = 0;
  let other = 0;
  for (const [word, count] of vocabulary)
    if (/\p{Script=Devanagari}/u.test(word)) devanagari += count;
    else other += count;
  return devanagari > other;
}

const wordSegments = new Intl.Segmenter('und', { granularity: 'word' });

/** The question read into the course's Devanagari when it is Hindi typed in Latin letters and the course Hindi. */
export async function readRomanisedHindi(
  question: string,
  vocabulary: () => Promise<Map<string, number>>,
): Promise<string> {
  if (!isRomanisedHindi(question)) return question;
  const known = await vocabulary();
  if (!aDevanagariCourse(known)) return question;
  const stems = courseStems(known);
  const bySound = new Map<string, { word: string; count: number }>();
  // The same without a final vowel: an inflection of the course's word ("pehli" / पहला, "chhoti" / छोटा).
  const byStemSound = new Map<string, { word: string; count: number }>();
  for (const [word, count] of known) {
    if (!/\p{Script=Devanagari}/u.test(word)) continue;
    const key = devanagariSoundKey(word);
    const found = bySound.get(key);
    if (key.length >= MIN_KEY && (!found || count > found.count)) bySound.set(key, { word, count });
    const stem = withoutFinalVowel(key);
    const stemFound = byStemSound.get(stem);
    // Not a function word ("pehli" is पहला or पहली, not पहले, "before").
    if (
      stem.length >= MIN_STEM_KEY &&
      !STOP_WORDS.has(searchFold(word)) &&
      (!stemFound || count > stemFound.count)
    )
      byStemSound.set(stem, { word, count });
  }
  const parts = [...wordSegments.segment(question)];
  const latin = parts.filter((part) => part.isWordLike).map((part) => part.segment.toLocaleLowerCase());
  const loans = transliterations(latin, known);
  const read = async (typed: string, beforeAuxiliary: boolean): Promise<string> => {
    const word = typed.toLocaleLowerCase();
    if (FUNCTION_WORDS[word]) return FUNCTION_WORDS[word];
    if (/\p{Nd}/u.test(word)) return typed;
    // The school glossary's Hindi for an English word, when the course uses it, before the English word itself: a
    // course that writes "(speed of light)" after प्रकाश की चाल teaches in the Hindi words ("light ki speed").
    const term = glossaryTerm(word, stems);
    if (term) return term;
    if (known.has(word)) return typed;
    // A word of English ("full form") is heard only as a loanword (below), never as a Hindi word of like sound
    // (full → फूल); a Hindi word is heard as the course word of its sounds first (andhere → अँधेरे, not अंदर).
    // Before a Hindi auxiliary it is a Hindi verb, whatever English spells the same ("mare gaye" / मारे गए, not a
    // mare; round eleven).
    const english = !beforeAuxiliary && word.length >= ENGLISH_KEPT && (await baseForms(word)).size > 0;
    const key = latinSoundKey(word);
    const stem = withoutFinalVowel(key);
    const course = english
      ? undefined
      : ((key.length >= MIN_KEY ? bySound.get(key)?.word : undefined) ??
        (stem.length >= MIN_STEM_KEY && stem !== key ? byStemSound.get(stem)?.word : undefined));
    if (course) return course;
    const loan = loans.get(word);
    if (loan) return loan;
    if (english || key.length < MIN_KEY) return typed;
    // A Hindi word the course does not use, known to the glossary ("pet" → पेट: retrieval adds its आमाशय).
    return hindiWordSounding(key) ?? typed;
  };
  const out: string[] = [];
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as Intl.SegmentData;
    // Two words the course writes as one ("taj mahal" / ताजमहल), heard together.
    const next = parts[index + 2];
    if (part.isWordLike && next?.isWordLike && /^\s+$/u.test(parts[index + 1]?.segment ?? '')) {
      const together = `${part.segment}${next.segment}`.toLocaleLowerCase();
      const joined = bySound.get(latinSoundKey(together))?.word;
      if (
        joined &&
        // Neither word a function word: "ghar me" is a word and a postposition, not one word heard as two.
        !FUNCTION_WORDS[part.segment.toLocaleLowerCase()] &&
        !FUNCTION_WORDS[next.segment.toLocaleLowerCase()] &&
        latinSoundKey(together).length >= MIN_JOINED_KEY
      ) {
        out.push(joined);
        index += 2;
        continue;
      }
    }
    const following = parts[index + 2]?.segment.toLocaleLowerCase() ?? '';
    out.push(part.isWordLike ? await read(part.segment, AUXILIARIES.has(following)) : part.segment);
  }
  return out.join('');
}

/** The glossary's Hindi term for an English word, as the course writes it, when the course uses it. */
export function glossaryTerm(english: string, stems: CourseStems): string | undefined {
  return inCourse(hindiTermsFor(english), stems);
}
