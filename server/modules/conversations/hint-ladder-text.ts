import type { MessageValues } from '../../../common/i18n/catalog';
import type { Locale } from '../../../common/i18n/locales';
import { translate } from '../../http/locale';
import type { ServerKey } from '../../i18n/catalog';
import { STOP_WORDS } from '../../providers/llm/stop-words';
import type { Passage } from '../../providers/llm/types';

/**
 * The words of the hint ladder (hint-ladder.ts) without a model: which words of the course's answer carry its
 * fact, hints that lead to them without saying them, and a student's try judged against them. Unicode-aware
 * throughout (Intl.Segmenter words and sentences, digits of every script); English words are also stemmed.
 * Its own sentences around the course's ("Here is a hint: …", "Not yet: …") are server texts
 * (server/i18n/<locale>/conversations.json, decision 070), said in the ladder's language (hint-ladder.ts).
 */

export type Verdict = 'right' | 'partly' | 'not yet';

export interface Judgement {
  verdict: Verdict;
  /** The try's words that are right (as the student wrote them). */
  right: string[];
  /** The try's words the course does not say (as written): what is not right yet. */
  wrong: string[];
  /** The student said they do not know. */
  unsure: boolean;
}

/** Words that say how a fact is put, not what it is. */
const GENERIC = new Set([
  ...STOP_WORDS,
  'also',
  'called',
  'known',
  'mean',
  'means',
  'refers',
  'named',
  'name',
  'like',
  'many',
  'much',
  'use',
  'used',
  'make',
  'makes',
  'made',
  'get',
  'gets',
  'way',
  'thing',
  'things',
  'answer',
  'think',
  'maybe',
  'perhaps',
  'guess',
  'yes',
  // Hindi's commonest function words (postpositions, "is", "and", "this").
  ...'में है हैं का की के को से और यह वह ये वे पर ने भी तो था थे थी हो होता होती होते क्या'.split(' '),
]);

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  thousand: 1000,
  million: 1_000_000,
  एक: 1,
  दो: 2,
  तीन: 3,
  चार: 4,
  पाँच: 5,
  पांच: 5,
  छह: 6,
  छः: 6,
  सात: 7,
  आठ: 8,
  नौ: 9,
  दस: 10,
};

/** The zero of each script's decimal digits that Indian courses use, besides ASCII. */
const DIGIT_ZEROS = [0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66];

function asciiDigits(word: string): string {
  return word.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9);
    return zero === undefined ? digit : String(code - zero);
  });
}

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** The words of a text as written (letters, marks and digits of any script). */
export function wordsOf(text: string): string[] {
  return [...wordSegmenter.segment(text.normalize('NFC'))]
    .filter((segment) => segment.isWordLike)
    .map((segment) => segment.segment);
}

/** A word's comparable form: numbers as digits ("six", "६" → "6"), English words crudely stemmed. */
export function keyOf(word: string): string {
  const lower = asciiDigits(word.toLocaleLowerCase());
  if (lower in NUMBER_WORDS) return String(NUMBER_WORDS[lower]);
  if (/^\p{N}+(?:[.,]\p{N}+)*$/u.test(lower)) return lower.replace(/,/g, '');
  if (!/^[a-z'’-]+$/.test(lower)) return lower;
  return lower
    .replace(/['’]s$/, '')
    .replace(/(ies|es|s|ing|ed|ly)$/, '')
    .replace(/e$/, '')
    .slice(0, 7);
}

const isNumber = (key: string) => /^\d/.test(key);

/** The words that say something (not stop words or how a fact is put), with their keys; a number said in
 * words is one item ("one hundred and eighty" → "180"). */
function contentWords(text: string): { word: string; key: string }[] {
  const items: { word: string; key: string }[] = [];
  const words = wordsOf(text);
  for (let index = 0; index < words.length; index += 1) {
    const run = numberRun(words, index);
    if (run) {
      items.push(run.item);
      index = run.end - 1;
      continue;
    }
    const word = words[index];
    const key = keyOf(word);
    if (isNumber(key) || (word.length > 1 && !GENERIC.has(word.toLocaleLowerCase())))
      items.push({ word, key });
  }
  return items;
}

const numberValue = (word: string): number | undefined => NUMBER_WORDS[word.toLocaleLowerCase()];

/** Number words from `start` read as one number, and where they end; null when none starts there. */
function numberRun(
  words: string[],
  start: number,
): { item: { word: string; key: string }; end: number } | null {
  if (numberValue(words[start]) === undefined) return null;
  let total = 0;
  let current = 0;
  let end = start;
  while (end < words.length) {
    const value = numberValue(words[end]);
    const joins = words[end].toLocaleLowerCase() === 'and' && numberValue(words[end + 1] ?? '') !== undefined;
    if (value === undefined && !joins) break;
    if (value === 100) current = (current || 1) * 100;
    else if (value !== undefined && value >= 1000) {
      total += (current || 1) * value;
      current = 0;
    } else if (value !== undefined) current += value;
    end += 1;
  }
  return { item: { word: words.slice(start, end).join(' '), key: String(total + current) }, end };
}

const keysOf = (text: string) => new Set(contentWords(text).map((item) => item.key));

/** A text's sentences (Intl.Segmenter: "।" too), a numbered heading's "2. " taken off the front. */
export function sentencesOf(text: string): string[] {
  return [...sentenceSegmenter.segment(text.replace(/\s+/g, ' '))]
    .map((segment) => segment.segment.trim().replace(/^\p{N}{1,2}[.)](\s+|$)/u, ''))
    .filter((sentence) => sentence.length > 0);
}

/** A passage's prose: an FAQ's "Q: … A:" frame and a heading glued to the front taken off. */
function proseOf(passage: Passage): string {
  let text = passage.text.replace(/^Q: .*\nA: /s, '').trim();
  const heading = passage.heading.trim().replace(/^\p{N}{1,2}[.)]\s+/u, '');
  text = text.replace(/^\p{N}{1,2}[.)]\s+/u, '');
  if (heading && text.toLocaleLowerCase().startsWith(heading.toLocaleLowerCase())) {
    const rest = text.slice(heading.length);
    if (/^[\s:.–—-]+\p{Lu}/u.test(rest) || /^[\s:.–—-]*$/.test(rest)) text = rest.replace(/^[\s:.–—-]+/, '');
  }
  return text;
}

/** A question that asks for a quantity: its answer's numbers are its fact. */
const ASKS_QUANTITY =
  /\bhow (many|much|long|far|big|fast|tall|old|heavy|large|often)\b|\badd(s|ed)? up\b|\b(sum|total|number|value) of\b|\bwhat (number|percentage)\b|कितन/iu;

/**
 * The words that carry the answer's fact: those of its first sentence (where the direct answer states it) that
 * the question does not already say — for a question of how many or how much its numbers (at most two), else
 * up to three words, the ones fewest of the course passages use first (in a course on bridges, "bridge" says
 * nothing).
 */
export function answerKeys(question: string, answer: string, passages: Passage[]): string[] {
  const asked = keysOf(question);
  const sentences = sentencesOf(answer);
  const fresh = (text: string) => contentWords(text).filter((item) => !asked.has(item.key));
  let candidates = fresh(sentences[0] ?? '');
  if (candidates.length === 0) candidates = fresh(answer);
  const keys = [...new Set(candidates.map((item) => item.key))];
  const numbers = keys.filter(isNumber);
  if (numbers.length > 0 && ASKS_QUANTITY.test(question)) return numbers.slice(0, 2);
  const passageKeys = passages.map((passage) => keysOf(passage.text));
  const used = (key: string) => passageKeys.filter((all) => all.has(key)).length;
  return keys
    .map((key, order) => ({ key, order, used: used(key) }))
    .sort((a, b) => a.used - b.used || a.order - b.order)
    .slice(0, 3)
    .map((item) => item.key);
}

const UNSURE =
  /^\s*(i\s+)?(do\s*n[o']?t|dont|don’t)\s+know\b|\bno idea\b|\bnot sure\b|^\s*no clue\b|पता नहीं/iu;

/**
 * A try judged against the answer's key words: right when it says them (numbers: one of them and no other
 * number; words: all, or two of three), partly when it says some, not yet when it says none.
 */
export function judgeTry(
  attempt: string,
  question: string,
  answer: string,
  keys: string[],
  passages: Passage[] = [],
): Judgement {
  const unsure = UNSURE.test(attempt);
  const asked = keysOf(question);
  const answerKeysAll = keysOf(answer);
  // The course's topic ("bridge" in a course on bridges) is neither right nor wrong in a try.
  const topic = topicKeys(passages);
  const said = contentWords(attempt).filter(
    (item) => !asked.has(item.key) && (!topic.has(item.key) || keys.includes(item.key)),
  );
  const hits = new Set(said.filter((item) => keys.includes(item.key)).map((item) => item.key));
  const right = unique(
    said.filter((item) => hits.has(item.key) || answerKeysAll.has(item.key)).map((w) => w.word),
  );
  const wrong = unique(said.filter((item) => !answerKeysAll.has(item.key)).map((item) => item.word)).slice(
    0,
    3,
  );
  const numeric = keys.length > 0 && keys.every(isNumber);
  if (unsure && hits.size === 0) return { verdict: 'not yet', right: [], wrong: [], unsure };
  if (numeric) {
    const wrongNumbers = unique(
      said.filter((item) => isNumber(item.key) && !keys.includes(item.key)).map((i) => i.word),
    );
    // "The three angles add up to 180": either number of the answer, and none it does not say, is right.
    if (hits.size > 0 && wrongNumbers.length === 0) return { verdict: 'right', right, wrong: [], unsure };
    if (hits.size > 0) return { verdict: 'partly', right, wrong: wrongNumbers, unsure };
    return { verdict: 'not yet', right: [], wrong: wrongNumbers.length > 0 ? wrongNumbers : wrong, unsure };
  }
  const needed = keys.length <= 2 ? keys.length : 2;
  if (keys.length > 0 && hits.size >= needed) return { verdict: 'right', right, wrong: [], unsure };
  if (right.length > 0) return { verdict: 'partly', right, wrong, unsure };
  return { verdict: 'not yet', right: [], wrong, unsure };
}

/** Words in more than half of three or more passages: what the course is about, not what was asked. */
function topicKeys(passages: Passage[]): Set<string> {
  if (passages.length < 3) return new Set();
  const counts = new Map<string, number>();
  for (const passage of passages) {
    for (const key of keysOf(passage.text)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, count]) => count > passages.length / 2).map(([key]) => key));
}

function unique(words: string[]): string[] {
  const seen = new Set<string>();
  return words.filter((word) => {
    const key = keyOf(word);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const BLANK = '____';

/** The answer's first sentence with its key words blanked: the strongest hint short of the answer. */
export function gapSentence(answer: string, keys: string[]): string | null {
  const first = sentencesOf(answer)[0];
  if (!first || keys.length === 0) return null;
  let gapped = first;
  for (const item of contentWords(first)) {
    if (!keys.includes(item.key)) continue;
    const words = item.word.split(' ').map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const edge = '[\\p{L}\\p{M}\\p{N}]';
    gapped = gapped.replace(new RegExp(`(?<!${edge})${words.join('[\\s-]+')}(?!${edge})`, 'u'), BLANK);
  }
  return gapped === first ? null : gapped.replace(new RegExp(`${BLANK}(\\s+${BLANK})+`, 'g'), BLANK);
}

const MIN_HINT_WORDS = 4;
/** A sentence that leans on the one before it ("They form…") means little alone. */
const LEANS_BACK = /^(this|these|that|those|it|its|they|their|so|then|also|here)\b/i;
const MAX_HINT_CHARS = 300;

/**
 * Sentences of the course near the answer that do not give it away, none holding a key word or repeating the
 * answer: first those of the passage the answer comes from, nearest its sentence first; then sentences of the
 * other passages that share two of the question's words besides the course's topic ("bridge" alone leads to
 * another bridge).
 */
export function contextSentences(
  question: string,
  answer: string,
  passages: Passage[],
  keys: string[],
  max = 2,
): string[] {
  const answerSentences = new Set(sentencesOf(answer).map((sentence) => sentence.toLocaleLowerCase()));
  const topic = topicKeys(passages);
  const asked = [...keysOf(question)].filter((key) => !topic.has(key));
  const found: string[] = [];
  const withAt = passages.map((passage) => {
    const sentences = sentencesOf(proseOf(passage));
    return {
      sentences,
      at: sentences.findIndex((sentence) => answerSentences.has(sentence.toLocaleLowerCase())),
    };
  });
  const source = withAt.find((each) => each.at >= 0);
  for (const { sentences, at } of source ? [source, ...withAt.filter((each) => each !== source)] : withAt) {
    const shared = at >= 0 ? 0 : 2;
    const order = sentences
      .map((sentence, index) => ({ sentence, distance: at < 0 ? index : Math.abs(index - at) }))
      .sort((a, b) => a.distance - b.distance);
    for (const { sentence } of order) {
      if (found.length >= max) return found;
      const keysHere = keysOf(sentence);
      const usable =
        !answerSentences.has(sentence.toLocaleLowerCase()) &&
        wordsOf(sentence).length >= MIN_HINT_WORDS &&
        !LEANS_BACK.test(sentence) &&
        sentence.length <= MAX_HINT_CHARS &&
        !keys.some((key) => keysHere.has(key)) &&
        asked.filter((key) => keysHere.has(key)).length >= shared &&
        !found.includes(sentence);
      if (usable) found.push(sentence);
    }
  }
  return found;
}

/** The first letter of the first missing word (a grapheme, so "क्ष" stays whole). */
function firstLetterHint(answer: string, keys: string[], locale: Locale): string | null {
  const word = wordsOf(sentencesOf(answer)[0] ?? '').find((each) => keys.includes(keyOf(each)));
  if (!word || isNumber(keyOf(word))) return null;
  const [letter] = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(word);
  if (!letter) return null;
  return translate(locale, 'server.conversations.hintLetter', { count: keys.length, letter: letter.segment });
}

/**
 * The hints in the order they are given (at most three): course sentences nearby, then the gap, then a letter;
 * framed in `locale` (the ladder's language).
 */
export function buildHints(
  question: string,
  answer: string,
  passages: Passage[],
  keys: string[],
  locale: Locale = 'en',
): string[] {
  const hints = contextSentences(question, answer, passages, keys).map((sentence) =>
    translate(locale, 'server.conversations.hintSentence', { sentence }),
  );
  const gap = gapSentence(answer, keys);
  if (gap) {
    hints.splice(Math.min(hints.length, 2), 0, translate(locale, 'server.conversations.hintGap', { gap }));
    const letter = firstLetterHint(answer, keys, locale);
    if (letter) hints.push(letter);
  }
  return hints.slice(0, 3);
}

/** A student asking for the answer instead of trying ("Show me the answer", "just tell me", "I give up"). */
export function asksForAnswer(text: string): boolean {
  return (
    /\b(show|tell|give)\s+(me\s+|us\s+)?(the\s+)?(full\s+|whole\s+|right\s+|correct\s+)?answer\b/i.test(
      text,
    ) ||
    /\bjust\s+(tell|show)\s+me\b|\bwhat\s+is\s+the\s+(right\s+|correct\s+)?answer\b|\bi\s+give\s+up\b|^\s*(please\s+)?(tell|show)\s+me\s*[.!]*\s*$|^\s*reveal\b/i.test(
      text,
    ) ||
    /(उत्तर|जवाब)\s*(बताओ|बताइए|बता\s*दो|बता\s*दीजिए|दिखाओ|दिखाइए)/u.test(text)
  );
}

const ASKS =
  /^\s*(what|why|how|which|when|where|who|whom|whose|can|could|does|do|did|is|are|was|were|will|would|should|explain|define|describe|tell\s+me\s+about)\b/i;
const ASKS_HI = /^\s*(क्यों|कैसे|कौन|कब|कहाँ|कहां|कितने|कितना|कितनी|क्या)(\s|$)/u;
const TENTATIVE =
  /^\s*((is|was|are|could|would|can)\s+(it|that|this|they|the\s+answer)\b|what\s+about\b|how\s+about\b|maybe\b|perhaps\b|i\s+think\b)/i;

/** A message during an open ladder that is a new question rather than a try at the open one. */
export function isNewQuestion(text: string, ladderQuestion: string): boolean {
  if (asksForAnswer(text) || TENTATIVE.test(text)) return false;
  if (text.trim().toLocaleLowerCase() === ladderQuestion.trim().toLocaleLowerCase()) return true;
  return ASKS.test(text) || ASKS_HI.test(text);
}

/** "“a”", "“a” and “b”", "“a”, “b” and “c”" ("“a”, “b” और “c”" in Hindi). */
export function quoted(words: string[], locale: Locale = 'en'): string {
  const each = words.map((word) => `“${word}”`);
  if (each.length <= 1) return each[0] ?? '';
  return translate(locale, 'server.conversations.listLast', {
    rest: each.slice(0, -1).join(', '),
    last: each.at(-1) ?? '',
  });
}

/** What the reply says about a try before the next hint or the answer, in `locale` (the ladder's language). */
export function feedbackOf(judgement: Judgement, locale: Locale = 'en'): string {
  const say = (key: ServerKey, values?: MessageValues) => translate(locale, key, values);
  if (judgement.verdict === 'right') return say('server.conversations.tryRight');
  const { wrong } = judgement;
  if (judgement.verdict === 'partly') {
    const right = judgement.right.slice(0, 3);
    const but =
      wrong.length > 0
        ? say('server.conversations.tryButWrong', { wrong: quoted(wrong, locale), count: wrong.length })
        : say('server.conversations.tryButMissing');
    return right.length > 0
      ? say('server.conversations.tryPartly', { right: quoted(right, locale), count: right.length, but })
      : say('server.conversations.tryPartlyNoneRight', { but });
  }
  if (judgement.unsure) return say('server.conversations.tryUnsure');
  return wrong.length > 0
    ? say('server.conversations.tryNotYet', { wrong: quoted(wrong, locale), count: wrong.length })
    : say('server.conversations.tryNotYetPlain');
}
