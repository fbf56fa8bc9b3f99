import { inflectionsOf, lemmatizerOf } from '../../providers/llm/lemmas';
import type { CourseText, TaughtSentence } from './course-text';
import { type KeyTerm, keyTermsOf } from './key-terms';
import { contentStems, overlap, termKey } from './words';

/** The course's terms by kind, each once, with the sentences that use it: where wrong options come from. */
export interface TermPool {
  byKind: Map<KeyTerm['kind'], Map<string, { term: KeyTerm; sentences: TaughtSentence[] }>>;
}

export function termPoolOf(course: CourseText): TermPool {
  const byKind: TermPool['byKind'] = new Map();
  const put = (term: KeyTerm, sentence: TaughtSentence | null) => {
    const key = termKey(term.text, course.language);
    if (!key) return;
    let kind = byKind.get(term.kind);
    if (!kind) {
      kind = new Map();
      byKind.set(term.kind, kind);
    }
    const known = kind.get(key) ?? { term, sentences: [] };
    if (sentence) known.sentences.push(sentence);
    kind.set(key, known);
  };
  // A heading is a concept when the course's text says it ("Evaporation"), not a slide's label ("Summary").
  const said = course.sentences.map((sentence) => termKey(sentence.text, course.language));
  for (const heading of course.headings) {
    const key = termKey(heading, course.language);
    if (heading.split(/\s+/).length <= 2 && said.some((text) => ` ${text} `.includes(` ${key} `)))
      put({ text: heading, kind: 'concept', index: 0, defined: false, unit: '', value: null }, null);
  }
  for (const sentence of course.sentences) {
    for (const term of keyTermsOf(sentence.text, course)) put(term, sentence);
  }
  return { byKind };
}

const capitalised = (text: string) => {
  const first = text[0] ?? '';
  return first !== first.toLowerCase();
};

/** A proper name in this course: written capitalised inside its sentences, never in lower case ("Pompeii"). */
function isProper(course: CourseText, text: string): boolean {
  if (!/^\p{Script=Latin}/u.test(text) || !capitalised(text)) return false;
  const lower = text.toLowerCase();
  let inside = false;
  for (const sentence of course.sentences) {
    const at = sentence.text.indexOf(text);
    if (at > 0) inside = true;
    if (sentence.text.includes(lower)) return false;
  }
  return inside;
}

const LATIN_WORD = /^\p{Script=Latin}+$/u;

/** An English noun phrase's number, by its last word: "volcanoes" plural, "shield volcano" singular. */
function isPlural(text: string): boolean {
  const last = text.split(/\s+/u).at(-1)?.toLowerCase() ?? '';
  return LATIN_WORD.test(last) && lemmatizerOf().noun(last) !== last;
}

/** The phrase with its last word in the wanted number ("stratovolcanoes" → "stratovolcano"). */
function inNumber(text: string, plural: boolean): string {
  const words = text.split(/\s+/u);
  const last = words.at(-1) ?? '';
  if (!LATIN_WORD.test(last) || isPlural(text) === plural) return text;
  const lemma = lemmatizerOf().noun(last.toLowerCase());
  let next = lemma;
  if (plural) {
    next =
      inflectionsOf(lemma, 'noun')[0] ??
      (/[^aeiou]y$/u.test(lemma)
        ? `${lemma.slice(0, -1)}ies`
        : /(?:s|x|z|ch|sh)$/u.test(lemma)
          ? `${lemma}es`
          : `${lemma}s`);
  }
  if (capitalised(last)) next = next[0]?.toUpperCase() + next.slice(1);
  return [...words.slice(0, -1), next].join(' ');
}

/** A term written the way the answer is: its number and its capital, so the right option does not stand out. */
function shapedLike(course: CourseText, answer: KeyTerm, text: string): string {
  if (!/\p{Script=Latin}/u.test(text) || answer.kind === 'name' || isProper(course, text)) return text;
  let shaped = answer.kind === 'number' ? text : inNumber(text, isPlural(answer.text));
  if (capitalised(answer.text)) shaped = shaped[0]?.toUpperCase() + shaped.slice(1);
  else if (!capitalised(shaped.slice(1))) shaped = shaped.toLowerCase();
  return shaped;
}

/**
 * Would the sentence still be true with `candidate` in place of the answer? It would when another sentence of
 * the course says the candidate with most of this sentence's other words ("Dew … is condensation too").
 */
function alsoTrue(course: CourseText, sentence: TaughtSentence, answer: KeyTerm, candidate: string): boolean {
  const answerStems = contentStems(answer.text, course.language);
  const rest = new Set([...sentence.stems].filter((stem) => !answerStems.has(stem)));
  const candidateStems = contentStems(candidate, course.language);
  if (candidateStems.size === 0) return true;
  return course.sentences.some(
    (other) =>
      other !== sentence &&
      [...candidateStems].every((stem) => other.stems.has(stem)) &&
      overlap(rest, other.stems) >= 0.6,
  );
}

const NUMBER_FORMAT = new Intl.NumberFormat('en-IN');

/** Other figures near the answer's, when the course has too few of its unit: halves, doubles, tenfolds. */
function nearbyNumbers(answer: KeyTerm): string[] {
  if (answer.value === null || answer.value === 0) return [];
  const value = answer.value;
  const whole = Number.isInteger(value);
  const candidates = [value * 2, value / 2, value * 10, value * 1.5, value / 10, value * 3].map((next) =>
    whole ? Math.round(next) : Math.round(next * 10) / 10,
  );
  return [...new Set(candidates)]
    .filter((next) => next !== value && next > 0)
    .map((next) => {
      const digits = answer.text.includes(',') ? NUMBER_FORMAT.format(next) : String(next);
      return answer.unit ? answer.text.replace(/^\p{N}[\p{N},.]*/u, digits) : digits;
    });
}

/**
 * Up to `wanted` wrong options for `answer` in `sentence`: terms of the same kind the course uses elsewhere,
 * never one the sentence already says, never one that would make it true, never the answer in another form.
 */
export function distractorsFor(
  course: CourseText,
  pool: TermPool,
  sentence: TaughtSentence,
  answer: KeyTerm,
  wanted: number,
): string[] {
  const answerKey = termKey(answer.text, course.language);
  const sentenceStems = sentence.stems;
  const chosen: string[] = [];
  const chosenKeys = new Set([answerKey]);
  const consider = (text: string) => {
    if (chosen.length >= wanted) return;
    const key = termKey(text, course.language);
    if (!key || chosenKeys.has(key)) return;
    if (key.includes(answerKey) || answerKey.includes(key)) return;
    const stems = contentStems(text, course.language);
    if ([...stems].some((stem) => sentenceStems.has(stem))) return;
    // A proper name against common nouns (Pompeii among volcano types) gives itself away, and the other way.
    if (answer.kind !== 'number' && isProper(course, text) !== isProper(course, answer.text)) return;
    const shaped = shapedLike(course, answer, text);
    const shapedKey = termKey(shaped, course.language);
    if (shapedKey !== key && (chosenKeys.has(shapedKey) || shapedKey === answerKey)) return;
    if (alsoTrue(course, sentence, answer, shaped)) return;
    chosenKeys.add(key);
    chosenKeys.add(shapedKey);
    chosen.push(shaped);
  };
  const sameKind = [...(pool.byKind.get(answer.kind)?.values() ?? [])];
  const headingKeys = new Set(course.headings.map((heading) => termKey(heading, course.language)));
  if (answer.kind === 'number') {
    const sameUnit = sameKind.filter(
      ({ term }) => term.unit.toLowerCase() === answer.unit.toLowerCase() && term.value !== answer.value,
    );
    for (const { term } of sameUnit) consider(term.text);
    for (const text of nearbyNumbers(answer)) consider(text);
    return chosen;
  }
  // Closest in shape first: a heading for a heading ("Condensation" against "Evaporation"), as many words.
  const words = answer.text.split(/\s+/).length;
  const isHeading = (text: string) => headingKeys.has(termKey(text, course.language));
  const answerIsHeading = isHeading(answer.text);
  const ordered = sameKind
    .filter(({ term }) => term.kind === answer.kind)
    .sort(
      (a, b) =>
        Number(isHeading(b.term.text) === answerIsHeading) -
          Number(isHeading(a.term.text) === answerIsHeading) ||
        Math.abs(a.term.text.split(/\s+/).length - words) -
          Math.abs(b.term.text.split(/\s+/).length - words) ||
        a.term.text.localeCompare(b.term.text),
    );
  for (const { term } of ordered) consider(term.text);
  return chosen;
}
