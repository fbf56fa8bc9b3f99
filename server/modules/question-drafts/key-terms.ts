import { HINDI_POSTPOSITIONS, isDevanagari } from '../../providers/llm/hindi';
import { isContentWord, stemOf, termKey, type Word, wordsOf } from './words';

/**
 * The terms a sentence teaches, each of a kind, so a wrong option is drawn from terms of the same kind: the
 * name of a process against other processes the course names, a number against other numbers.
 *
 * - concept: a slide's heading word ("Evaporation") or what a sentence names ("… is called condensation");
 * - number: a figure with its unit ("400 litres", "100 °C");
 * - name: a capitalised word inside an English sentence ("Ganga", "Himalayas");
 * - term: a content word found in few of the course's passages (what tells this passage apart).
 */
export type TermKind = 'concept' | 'number' | 'name' | 'term';

export interface KeyTerm {
  /** As written in the sentence (without a leading article). */
  text: string;
  kind: TermKind;
  /** Where it starts in the sentence. */
  index: number;
  /** The sentence defines it ("… is called X", "X को … कहते हैं"). */
  defined: boolean;
  /** The unit of a number ("litres"), '' otherwise. */
  unit: string;
  /** Its numeric value, for a number. */
  value: number | null;
}

const CALLED =
  /\b(?:is|are|was|were)\s+(?:called|known\s+as|named|termed)\s+(?:an?\s+|the\s+)?([\p{L}\p{M}][\p{L}\p{M}\p{N}'’-]*(?:\s+[\p{L}\p{M}][\p{L}\p{M}\p{N}'’-]*){0,2}?)(?=\s*(?:[,;:.!?)]|$|\s(?:and|or|which|that|because|when|where|in|on|at|by|for|of|from)\b))/iu;
/** "मंगल को लाल ग्रह कहते हैं", "जिसे ग्रेट रेड स्पॉट कहते हैं": the named term sits between को (or इसे…) and the verb. */
const HINDI_CALLED =
  /(?:को|उन्हें|इन्हें|इसे|उसे|जिसे|जिन्हें)\s+((?:[\p{L}\p{M}]+\s+){0,2}[\p{L}\p{M}]+?)\s+(?:भी\s+)?(?:कहते\s+हैं|कहलाता\s+है|कहलाती\s+है|कहलाते\s+हैं|कहा\s+जाता\s+है)/u;
/**
 * "A triangle is a polygon …", "A ray is part of a line …", "A point has no length …", "A right angle measures
 * exactly 90 degrees": the sentence opens by saying what its subject is.
 */
const SUBJECT_IS =
  /^(?:(?:(?:a|an|the)\s+)?([\p{L}\p{M}]+(?:\s+[\p{L}\p{M}]+)?)\s+(?:is|are)\s+(?:a|an|the|one|part\s+of|made\s+of|made\s+up\s+of)\s|(?:a|an|the)\s+([\p{L}\p{M}]+(?:\s+[\p{L}\p{M}]+)?)\s+(?:has|have|measures|means)\s)/iu;
/** "सूर्य एक तारा है": the subject, then एक, then what it is. */
const HINDI_SUBJECT_IS = /^([\p{L}\p{M}]+(?:\s+[\p{L}\p{M}]+)?)\s+एक\s+[^।]*\s(?:है|हैं)(?=[\s,।]|$)/u;
const NUMBER = /(?<![\p{L}\p{N}])(\p{N}[\p{N},.]*)(?:\s*(%|°\s?C|°\s?F|°|(?:[\p{L}\p{M}]+)))?/gu;
const UNIT_SKIP = new Set([
  'and',
  'or',
  'to',
  'of',
  'the',
  'a',
  'an',
  'in',
  'on',
  'at',
  'by',
  'per',
  'और',
  'या',
]);
const ARTICLE = /^(?:an?|the)\s+/i;
/** Months and days are capitalised but are not names a question turns on. */
const CALENDAR = new Set(
  'january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday'.split(
    ' ',
  ),
);
const NAME_JOINERS = new Set(['von', 'van', 'de', 'da', 'del', 'of', 'la', 'le', 'bin', 'al']);

const numberValue = (digits: string): number | null => {
  const value = Number(digits.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
};

/** Nouns that name no fact of their own ("in some places", "in layers"): never the answer of a question. */
const GENERIC_NOUNS = new Set(
  'place places way ways thing things part parts kind kinds type types time times year years people person lot lots layer layers side sides end ends number numbers amount amounts form forms case cases example examples fact facts area areas point points world day days'.split(
    ' ',
  ),
);

/** Words after which an English word names a thing ("the runoff", "as runoff", "of rock"). */
const BEFORE_A_NOUN = new Set(
  'a an the of in into from as through with by on at for some many most much few several their its his her our your these those this that each every such called named'.split(
    ' ',
  ),
);

/**
 * Whether a word names a thing: in English, WordNet knows it mostly as a noun and an article or a preposition
 * comes before it; in Hindi, a postposition comes after it ("मिट्टी में", "पौधों की").
 */
function namesAThing(
  words: readonly { text: string }[],
  word: { text: string },
  nouns: ReadonlySet<string>,
): boolean {
  const at = words.indexOf(word as (typeof words)[number]);
  // "आने से", "करने के": a verb's -ने/-ना form takes postpositions too, and is not a thing.
  if (isDevanagari(word.text))
    return HINDI_POSTPOSITIONS.has(words[at + 1]?.text ?? '') && !/(?:ने|ना|नी)$/u.test(word.text);
  const before = words[at - 1]?.text.toLowerCase() ?? '';
  // "a honey stomach", "a rich food": a word before a noun describes it; the noun is the thing.
  const after = words[at + 1]?.text.toLowerCase() ?? '';
  if (nouns.has(after) && isContentWord(after)) return false;
  const lower = word.text.toLowerCase();
  // A comparison's picture is no term of the lesson ("like a beam of light from a torch").
  if (/^(?:a|an|the)$/u.test(before) && words[at - 2]?.text.toLowerCase() === 'like') return false;
  // The first word of a sentence is its subject when it is a noun ("Cumulus clouds are puffy…").
  return nouns.has(lower) && !GENERIC_NOUNS.has(lower) && (at === 0 || BEFORE_A_NOUN.has(before));
}

/** The terms of one sentence, most telling first. `headings` are the course's slide or passage headings. */
export function keyTermsOf(
  sentence: string,
  options: {
    language: string;
    headings: readonly string[];
    passageShare: (stem: string) => number;
    /** Lower-case words WordNet gives mostly as nouns (course-text.ts): only those are a 'term'. */
    nouns: ReadonlySet<string>;
  },
): KeyTerm[] {
  const found: KeyTerm[] = [];
  const taken = new Set<string>();
  const add = (term: KeyTerm) => {
    const key = termKey(term.text, options.language);
    if (!key || taken.has(key)) return;
    taken.add(key);
    found.push(term);
  };
  const lower = sentence.toLowerCase();

  const called = CALLED.exec(sentence) ?? HINDI_CALLED.exec(sentence);
  if (called?.[1]) {
    const text = called[1].replace(ARTICLE, '').trim();
    const index = sentence.indexOf(text, called.index);
    if (text && index >= 0 && !text.split(/\s+/).every((word) => !isContentWord(word)))
      add({ text, kind: 'concept', index, defined: true, unit: '', value: null });
  }

  // The subject a sentence defines is a concept too, when it is a thing (not "It", not "Most").
  const subject = SUBJECT_IS.exec(sentence) ?? HINDI_SUBJECT_IS.exec(sentence);
  const subjectText = (subject?.[1] ?? subject?.[2])?.trim();
  if (subjectText && subjectText.split(/\s+/u).every((word) => isContentWord(word))) {
    const last = subjectText.split(/\s+/u).at(-1)?.toLowerCase() ?? '';
    if (
      isDevanagari(last) ||
      options.nouns.has(last) ||
      options.headings.some(
        (heading) => termKey(heading, options.language) === termKey(subjectText, options.language),
      )
    ) {
      add({
        text: subjectText,
        kind: 'concept',
        index: sentence.indexOf(subjectText),
        defined: true,
        unit: '',
        value: null,
      });
    }
  }

  for (const heading of options.headings) {
    const headingKey = termKey(heading, options.language);
    if (!headingKey || headingKey.split(' ').length > 3) continue;
    // The heading as the sentence writes it (any case, any inflection of its words).
    const words = wordsOf(sentence, options.language);
    const size = headingKey.split(' ').length;
    for (let at = 0; at + size <= words.length; at += 1) {
      const span = words.slice(at, at + size);
      if (span.map((word) => stemOf(word.text)).join(' ') !== headingKey) continue;
      const last = span[size - 1] as (typeof span)[number];
      const start = (span[0] as (typeof span)[number]).index;
      add({
        text: sentence.slice(start, last.index + last.text.length),
        kind: 'concept',
        index: start,
        defined: false,
        unit: '',
        value: null,
      });
      break;
    }
  }

  for (const match of sentence.matchAll(NUMBER)) {
    const digits = match[1] as string;
    const trailing = (match[2] ?? '').trim();
    const unit =
      trailing &&
      !UNIT_SKIP.has(trailing.toLowerCase()) &&
      (/^[%°]/u.test(trailing) || isContentWord(trailing))
        ? trailing
        : '';
    const text = unit ? sentence.slice(match.index, match.index + match[0].length).trim() : digits;
    // A year or a slide number alone says little; a figure with a unit is a fact.
    add({ text, kind: 'number', index: match.index, defined: false, unit, value: numberValue(digits) });
  }

  const words = wordsOf(sentence, options.language);
  // A name is a run of capitalised words inside an English sentence ("Karl von Frisch", "Great Red Spot").
  const capital = (text: string) => {
    const first = text[0] ?? '';
    return /\p{Script=Latin}/u.test(first) && first === first.toUpperCase() && first !== first.toLowerCase();
  };
  for (let at = 1; at < words.length; at += 1) {
    const word = words[at] as Word;
    if (!capital(word.text) || !isContentWord(word.text) || CALENDAR.has(word.text.toLowerCase())) continue;
    let end = at;
    while (
      end + 1 < words.length &&
      (capital((words[end + 1] as Word).text) ||
        (NAME_JOINERS.has((words[end + 1] as Word).text) &&
          capital((words[end + 2] as Word | undefined)?.text ?? '')))
    )
      end += 1;
    const last = words[end] as Word;
    add({
      text: sentence.slice(word.index, last.index + last.text.length),
      kind: 'name',
      index: word.index,
      defined: false,
      unit: '',
      value: null,
    });
    at = end;
  }

  // Content words few passages use, rarest first: what this sentence says that the course does not say everywhere.
  const distinctive = words
    .filter((word) => isContentWord(word.text) && [...word.text].length >= (isDevanagari(word.text) ? 3 : 4))
    .filter((word) => namesAThing(words, word, options.nouns))
    .map((word) => ({ word, share: options.passageShare(stemOf(word.text)) }))
    .filter(({ share }) => share <= 0.35)
    .sort((a, b) => a.share - b.share);
  for (const { word } of distinctive.slice(0, 3)) {
    if (/^\p{N}/u.test(word.text)) continue;
    add({ text: word.text, kind: 'term', index: word.index, defined: false, unit: '', value: null });
  }

  // Terms inside another found term ("water" inside "water vapour") are not terms of their own here.
  const inside = (inner: KeyTerm) =>
    found.some(
      (outer) =>
        outer !== inner &&
        outer.text.length > inner.text.length &&
        inner.index >= outer.index &&
        inner.index + inner.text.length <= outer.index + outer.text.length,
    );
  const rank: Record<TermKind, number> = { concept: 0, number: 1, name: 2, term: 3 };
  return found
    .filter((term) => !inside(term) && lower.includes(term.text.toLowerCase()))
    .sort((a, b) => Number(b.defined) - Number(a.defined) || rank[a.kind] - rank[b.kind]);
}
