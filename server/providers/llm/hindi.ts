import { searchFold } from '../../../common/search-fold';
import type { AskedFor } from './types';

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
  कोई किसी ऐसा ऐसी ऐसे वहाँ वहां यहाँ यहां जब तब अब सबसे पहले बाद ज्यादा ज़्यादा अधिक कम चारों तरफ ओर
  टोटल कुल किसको किसने बोलते बोलता बोलती बोले बोला बोलें मे पे सा सी कोन कोनसा कोनसी कोनसे
  कया फरक भर क्यो`
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

/**
 * Hindi's words of very many meanings, as WordNet's "make", "get", "part" are for English (expand.ts WEAK_SENSES):
 * to make or become, take, give, keep, get, meet, go on; part, kind, way, work, thing, form, place, people
 * ("कितने लोग": round nine); how a student asks to be told simply ("आसान भाषा में बताओ"); and the
 * words a time is asked with (month, year, day: "लू किस महीनों में चलती है"). Retrieval does
 * not require one beside a specific word, so "पौधे अपना खाना बनाने के लिए कौन सी गैस लेते है" is not about a
 * digestion course's "पौधे अपना भोजन स्वयं बनाते हैं" (round five).
 */
const HINDI_WEAK_WORDS: ReadonlySet<string> = new Set(
  `बन बना बनी बने बनता बनती बनते बनना बनने बनाना बनाने बनाता बनाती बनाते बनाया बनाई बनाए बनाकर बनकर
  ले लें लो लेता लेती लेते लेना लेने लिया ली लेकर दे दें दो देता देती देते देना देने दिया दी दिए देकर
  रख रखता रखती रखते रखना रखने रखा रखी रखे पा पाता पाती पाते पाना पाने पाया पाई पाए
  मिल मिलता मिलती मिलते मिलना मिलने मिला मिली मिले मिलकर चल चलता चलती चलते चलना चलने चला चली चले
  भाग भागों हिस्सा हिस्से हिस्सों प्रकार प्रकारों तरह काम कामों चीज़ चीज़ें चीज़ों बात बातें तरीका तरीके रूप रूपों जगह
  महीना महीने महीनों साल सालों वर्ष वर्षों दिन दिनों तारीख सन सदी समय
  लोग लोगों
  आसान सरल भाषा शब्दों`
    .split(/\s+/u)
    .map(searchFold),
);

/** Whether a Hindi word is one of very many meanings (HINDI_WEAK_WORDS). */
export const isWeakHindi = (word: string) => HINDI_WEAK_WORDS.has(searchFold(word));

/** Postpositions: the word before one is a noun or a pronoun ("गाय के पेट", "आमाशय में"). */
export const HINDI_POSTPOSITIONS: ReadonlySet<string> = new Set('का की के को में मे से पर पे ने तक'.split(' '));

/** Whether a word is written in Devanagari (Hindi, Marathi, Nepali). */
export const isDevanagari = (word: string) => /\p{Script=Devanagari}/u.test(word);

/**
 * Words a student and a textbook say differently (decision 065, round two): the everyday word beside the
 * textbook's (सूरज/सूर्य, धरती/पृथ्वी), the Urdu or English loan beside the Hindi (वक़्त, टाइम/समय), the
 * English school word a student mixes in (planet/ग्रह). Each group's words find each other's passages, as
 * WordNet's related words do for English. A small list of the commonest, not a thesaurus.
 */
const SYNONYM_GROUPS = [
  'सूर्य सूरज रवि sun',
  'पृथ्वी धरती धरा earth',
  'चंद्रमा चांद चाँद चंदा चंद्र moon',
  'प्रकाश रोशनी उजाला light',
  'पानी जल नीर water',
  'हवा वायु पवन air',
  'गर्म गरम उष्ण',
  'ठंडा ठंडी शीतल सर्द',
  'वर्ष साल बरस year',
  'समय टाइम वक्त वक़्त देर time',
  'निकट पास नज़दीक नजदीक करीब क़रीब समीप',
  'परिक्रमा चक्कर',
  'वलय छल्ला छल्ले rings',
  'तारा सितारा star',
  'आकाश आसमान गगन sky',
  'बारिश वर्षा rain',
  'पेड़ वृक्ष tree',
  'पौधा पौधे पादप plant',
  'कारण वजह',
  'हृदय दिल heart',
  'रक्त खून blood',
  'मनुष्य इंसान मानव',
  'ग्रह planet planets प्लैनेट',
  'बर्फ़ बर्फ ice',
  'तापमान temperature',
  'उपग्रह satellite',
].map((group) => group.split(' '));

const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS)
  for (const word of group)
    SYNONYMS.set(
      searchFold(word),
      group.filter((other) => other !== word),
    );

/** The other words of a word's synonym group, as written (none when it has none). */
export function hindiSynonyms(word: string): string[] {
  return SYNONYMS.get(searchFold(word)) ?? SYNONYMS.get(hindiStem(word)) ?? [];
}

/** Letters of a Devanagari word, for the patterns below (JavaScript's \b knows ASCII only). */
const WORD_START = '(?<![\\p{L}\\p{M}])';
const WORD_END = '(?![\\p{L}\\p{M}])';
const word = (pattern: string) => new RegExp(`${WORD_START}(?:${pattern})${WORD_END}`, 'u');

/**
 * What a Hindi question asks for (answer-intents.ts AskedFor): how many/much (कितना), why (क्यों), when (कब),
 * where (कहाँ), which (कौन सा), the difference (अंतर, फ़र्क), what is (क्या है, किसे कहते हैं).
 */
export function hindiIntentOf(question: string): AskedFor {
  const q = searchFold(question);
  if (word('अंतर|फर्क|फरक').test(q)) return 'compare';
  if (word('कितना|कितनी|कितने').test(q)) return 'count';
  if (word('क्यों|क्यो|किस कारण|किस वजह').test(q)) return 'cause';
  if (word('कब').test(q)) return 'time';
  // "कहा" is कहाँ typed without its nasal ("आपस मे कहा मिलती है") unless it says "said" ("किसने कहा था").
  if (word('कहां').test(q) || (word('कहा').test(q) && !SAID.test(q))) return 'place';
  if (word('कौन सा|कौन सी|कौन से|कौनसा|कौनसी|कौनसे').test(q)) return 'choice';
  if (word('क्या है|क्या हैं|किसे कहते|किसको कहते|किसे बोलते|किसको बोलते|किन्हें कहते|क्या होता|क्या होते|अर्थ|मतलब').test(q))
    return 'definition';
  return 'other';
}

/** "कहा" as "said": after ने, or before an auxiliary of the past or the passive ("कहा था", "कहा जाता है"). */
const SAID = new RegExp(
  `${WORD_START}(?:ने\\s+कहा|कहा\\s+(?:था|थी|थे|गया|गई|गए|जाता|जाती|जाते))${WORD_END}`,
  'u',
);

/** Question words that stand where the answer goes (why and how ask for a whole clause, not a word). */
const WH_WORDS = new Set(
  'क्या किसको किसे किसने किसका किसकी किसके किस कौन कौनसा कौनसी कौनसे कोन कोनसा कोनसी कोनसे कहाँ कहां कब कितना कितनी कितने'
    .split(' ')
    .map(searchFold),
);
/** Words that open another clause: the focus is not looked for past them ("… जिससे सिपाही नाराज़ हुए"). */
const CLAUSE_WORDS = new Set('जिससे जिसके जो कि और क्योंकि जबकि'.split(' ').map(searchFold));

/**
 * The words a Hindi question asks about: the nearest content word on each side of its question word ("अपना
 * नेता किसको बनाया" → नेता, बनाया; "रानी की मृत्यु कहाँ हुई" → मृत्यु). Hindi puts the question word
 * where the answer goes, so the sentence that answers holds these words; the others only set the scene
 * (round three: "दिल्ली पहुँचकर सिपाहियों ने अपना नेता किसको बनाया" answered with the march to Delhi).
 */
export function hindiFocus(question: string): Set<string> {
  const tokens = question.match(/[\p{L}\p{M}\p{Nd}]+/gu) ?? [];
  const folded = tokens.map(searchFold);
  const focus = new Set<string>();
  const nearest = (from: number, step: 1 | -1) => {
    for (let at = from + step, seen = 0; at >= 0 && at < folded.length && seen < 3; at += step, seen += 1) {
      if (WH_WORDS.has(folded[at]) || CLAUSE_WORDS.has(folded[at])) return;
      if (!HINDI_STOP_WORDS.has(folded[at]) && !HINDI_STOP_WORDS.has(tokens[at])) {
        focus.add(tokens[at]);
        return;
      }
    }
  };
  folded.forEach((token, index) => {
    if (!WH_WORDS.has(token)) return;
    nearest(index, -1);
    nearest(index, 1);
  });
  return focus;
}

/** Number words ("एक" and "दो" left out: "a" and "give" as often as one and two). */
const NUMBER_WORDS = 'तीन|चार|पांच|छह|छः|सात|आठ|नौ|दस|बीस|तीस|चालीस|पचास|सौ|हज़ार|हजार|लाख|करोड़|आधा|दोगुना|दुगना';
const MONTHS = 'जनवरी|फरवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर';
/** A date's day before its month ("13 अप्रैल", "6 अप्रैल"), folded. */
const DAY_OF_MONTH = new RegExp(`(?<!\\p{Nd})\\p{Nd}{1,2}\\s+(?:${searchFold(MONTHS)})${WORD_END}`, 'gu');
/** The word a Hindi "how many" question counts ("कितने लोग" → लोग). */
const COUNTED = new RegExp(`${WORD_START}(?:कितना|कितनी|कितने)\\s+([\\p{L}\\p{M}]+)`, 'u');
/**
 * Whether a sentence gives the number a Hindi "how many" question asks for, of the very thing it counts: "कितने
 * लोग मारे गए" → "379 लोग मारे गए" (a number, then at most one word, then the counted word), not a sentence that
 * only names the place and "हज़ारों लोग" (round eleven).
 */
export function hindiStatesCount(question: string, sentence: string): boolean {
  const counted = COUNTED.exec(searchFold(question))?.[1];
  if (!counted) return false;
  const stem = hindiStem(counted);
  return [
    ...searchFold(sentence).matchAll(/\p{Nd}[\p{Nd},.]*\s+([\p{L}\p{M}]+)(?:\s+([\p{L}\p{M}]+))?/gu),
  ].some(
    ([, first, second]) => hindiStem(first) === stem || (second !== undefined && hindiStem(second) === stem),
  );
}

/** A question asking who did something, and a sentence naming a doer (a word that is no pronoun, then ने). */
const WHO_DID = word('किसने');
const DOER = new RegExp(`[\\p{L}\\p{M})]+\\s+ने${WORD_END}`, 'u');
/** A question asking what a thing is called, and a sentence that names it. */
const BY_WHAT_NAME = word('किस नाम|क्या नाम');
const NAMES = word('कहते|कहलाता|कहलाती|कहलाते|नाम');
/** Words that give a reason: because, therefore, due to, so that. */
const CAUSE = word('क्योंकि|इसलिए|कारण|वजह|जिससे|जिसके|ताकि|चूंकि');

/** The words a definition question asks about, as searched: "हड़प नीति किसको बोलते है" → "हडप नीति". */
export function hindiDefinitionTarget(question: string): string | null {
  const match = new RegExp(
    `^(.+?)\\s+(?:क्या|किसे|किसको|किन्हें)\\s+(?:है|हैं|होता|होती|होते|कहते|बोलते|कहलाता|कहलाती|कहलाते)${WORD_END}`,
    'u',
  ).exec(
    searchFold(question)
      .replace(/[?।!.]+/gu, ' ')
      .trim(),
  );
  if (!match) return null;
  // "सोनार का मतलब क्या है", "… का full form" (read as मतलब): the term is what is before "का मतलब".
  const target = match[1]
    .replace(/\s+(?:का|की|के)\s+(?:मतलब|अर्थ|परिभाषा|पूरा नाम)$/u, '')
    .replace(/\s+(?:का|की|के|को)$/u, '')
    .trim();
  return target.length > 0 ? target : null;
}

/**
 * Whether a Hindi passage says what `target` is: its heading opens with it ("पोषण: स्वपोषी और विषमपोषी"), or a
 * sentence names it ("इन छिद्रों को रंध्र कहते हैं", "पोषण वह प्रक्रिया है…").
 */
export function hindiExplainsTerm(target: string, heading: string, sentences: string[]): boolean {
  // The heading names the term itself, not a compound of it: "संविधान क्या है", "पोषण: …", not "संविधान सभा".
  const at = (text: string) => {
    const next = new RegExp(`^${escapeRegExp(target)}${WORD_END}\\s*(\\S*)`, 'u').exec(
      searchFold(text).trim(),
    )?.[1];
    if (next === undefined) return false;
    const word = next.replace(/[^\p{L}\p{M}]/gu, '');
    return word === '' || /^[^\p{L}\p{M}]/u.test(next) || HINDI_STOP_WORDS.has(word);
  };
  return at(heading) || sentences.some((sentence) => hindiDefines(target, sentence));
}

/**
 * Whether a sentence defines `target` (as searched): "… को <target> कहते हैं" or "<target> वह/एक … है", the
 * term's English in brackets after it or the term itself that English ("सूचक (indicator) वे … हैं", "… को
 * उदासीनीकरण (neutralisation) कहते हैं" for either word; round eleven).
 */
function hindiDefines(target: string, sentence: string): boolean {
  const s = searchFold(sentence).trim();
  const t = escapeRegExp(target);
  // The term, or a word glossed with it in brackets; then, either way, an optional bracketed gloss.
  const term = `(?:${t}${WORD_END}|[\\p{L}\\p{M}]+\\s*\\(${t}\\))(?:\\s*\\([^()]*\\))?`;
  return (
    // The term itself, not a kind of it: "… को पोषण कहते हैं", not "… को मृतजीवी पोषण कहते हैं".
    new RegExp(`(?:^|${WORD_START}को\\s+)${term}\\s+(?:कहते|कहलाता|कहलाती|कहलाते)`, 'iu').test(s) ||
    new RegExp(`^${term}\\s+(?:वह|वे|एक|यानी|अर्थात)${WORD_END}`, 'iu').test(s)
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a Hindi sentence gives what a question of that intent asks for (null: no way to tell). */
/**
 * A year as a Hindi sentence writes it (folded: native digits are ASCII): after सन्, or four digits from 1000 to 2099
 * followed by a postposition, "ई" or a dash, or ending the clause ("1526 को", "1628–1658", "सन् 1676 में").
 */
const YEAR =
  /सन्?\s*\p{Nd}{3,4}|(?<!\p{Nd}|[,.]\p{Nd}*)(?:1\p{Nd}{3}|20\p{Nd}{2})(?=\s*(?:में|को|से|तक|ई|के|का|की|[–-]|[,.;:)]|$))/gu;

export function hindiGives(intent: AskedFor, sentence: string, question = ''): boolean | null {
  const s = searchFold(sentence);
  const q = searchFold(question);
  // "Who did it" is answered by a sentence that names a doer before ने ("रॉबर्ट कोच (Robert Koch) ने … खोज की");
  // "by what name" by one that names ("इसे सांगपो (Tsangpo) कहते हैं"; round twelve).
  if ((intent === 'other' || intent === 'choice') && WHO_DID.test(q)) return DOER.test(s);
  if ((intent === 'other' || intent === 'choice') && BY_WHAT_NAME.test(q)) return NAMES.test(s);
  switch (intent) {
    case 'definition': {
      const target = hindiDefinitionTarget(question);
      return target ? hindiDefines(target, sentence) : null;
    }
    case 'count': {
      // A year is not how much or how many ("प्रकाश की चाल कितनी है" is not "सन् 1676 में…"), unless years
      // are what is counted ("कितने साल").
      // Nor is a date's day ("13 अप्रैल 1919 को … हज़ारों लोग" does not say how many died; round eleven).
      const counted = /साल|वर्ष|सदी|शताब्दी/u.test(searchFold(question))
        ? s
        : s.replace(YEAR, ' ').replace(DAY_OF_MONTH, ' ');
      return /\p{Nd}/u.test(counted) || word(NUMBER_WORDS).test(counted);
    }
    case 'cause':
      return CAUSE.test(s);
    case 'time':
      return /\p{Nd}{3,4}/u.test(s) || word(MONTHS).test(s) || word('सदी|शताब्दी|वर्ष|साल').test(s);
    default:
      return null;
  }
}
