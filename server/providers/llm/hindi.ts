import { searchFold } from '../../../common/search-fold';

/**
 * Hindi for the guru's search and answers (issue 32, decision 065): which words only say how a question is
 * asked, and a light stemmer. PostgreSQL has no Hindi stemmer, so the passages are searched as written
 * (folded: common/search-fold.ts) and a question's word by its stem as a prefix ("ग्रहों" → "ग्रह:*" finds ग्रह,
 * ग्रहों). Endings are compared folded.
 */

/**
 * Function words and how a question is asked: pronouns, postpositions, forms of होना, question words,
 * "please explain / tell me / what is it called". The Hindi counterparts of the English STOP_WORDS and FILLER.
 */
export const HINDI_STOP_WORDS: ReadonlySet<string> = new Set(
  `मैं मुझे मेरा मेरी मेरे हम हमें हमारा हमारी हमारे तुम तुम्हें तुम्हारा तुम्हारी तुम्हारे आप आपका आपकी आपके
  यह ये वह वे वो इस इसे इसका इसकी इसके इसमें इसने इन इनका इनकी इनके इन्हें उस उसे उसका उसकी उसके उसमें उसने उन
  उनका उनकी उनके उन्हें जो जिस जिसे जिसका जिसकी जिसके जिन जिन्हें जिनका जिनकी जिनके कौन कौनसा कौनसी कौनसे
  क्या क्यों कैसे कैसा कैसी कब कहाँ कहां किस किसे किसका किसकी किसके किन किन्हें कितना कितनी कितने
  है हैं था थी थे थीं हो होता होती होते होना होने हुआ हुई हुए हुईं रहा रही रहे रहता रहती रहते गया गई गए गयी
  कर करके करना करने करता करती करते करें करो किया की का के को में से पर ने तक भी ही तो और या एवं तथा
  लेकिन परंतु किंतु अगर यदि एक कुछ सब सभी बहुत नहीं न मत जाता जाती जाते जा जाना जाने वाला वाली वाले
  लिए लिये द्वारा बारे बताइए बताइये बताओ बताएं बताएँ बताये बताना बताएंगे समझाइए समझाइये समझाओ समझाएं
  कहते कहा कहलाता कहलाती कहलाते कृपया अंतर फर्क अर्थ मतलब सकता सकती सकते चाहिए अपना अपनी अपने
  कोई किसी ऐसा ऐसी ऐसे वहाँ वहां यहाँ यहां जब तब अब`
    .split(/\s+/u)
    // As written and as the search folds them ("कहाँ", "कहां").
    .flatMap((word) => [word, searchFold(word)]),
);

/**
 * Endings of Hindi nouns, adjectives and verbs, longest first (after Ramanathan and Rao's light stemmer, "A
 * Lightweight Stemmer for Hindi", 2003), as the search folds them (anusvara for chandrabindu).
 */
const SUFFIXES = [
  'ाएंगी ाएंगे ाऊंगी ाऊंगा ाइयां ाइयों',
  'ाएगी ाएगा ाओगी ाओगे एंगी ेंगी एंगे ेंगे ूंगी ूंगा ातीं नाओं नाएं ताओं ताएं ियां ियों',
  'ाकर ाइए ाईं ाया ेगी ेगा ोगी ोगे ाने ाना ाते ाती ाता तीं ाओं ाएं ुओं ुएं ुआं',
  'कर ाओ िए ाई ाए ने नी ना ते ीं ती ता ां ों ें',
  'ो े ू ु ी ि ा',
]
  .join(' ')
  .split(' ')
  .map(searchFold);

/** A stem keeps at least this many letters, vowel signs aside ("तारा" → "तार", "पानी" → "पान", never "पा"). */
const MIN_STEM = 2;
const letters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

/** A Hindi word's stem: its longest known ending removed when enough is left ("पृथ्वियाँ" → "पृथ्व"). */
export function hindiStem(word: string): string {
  const folded = searchFold(word);
  for (const suffix of SUFFIXES) {
    if (folded.endsWith(suffix) && letters(folded.slice(0, -suffix.length)) >= MIN_STEM)
      return folded.slice(0, -suffix.length);
  }
  return folded;
}

/** Whether a word is written in Devanagari (Hindi, Marathi, Nepali). */
export const isDevanagari = (word: string) => /\p{Script=Devanagari}/u.test(word);
