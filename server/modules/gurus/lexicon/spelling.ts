import { searchFold } from '../../../../common/search-fold';
import { hindiStem } from '../../../providers/llm/hindi';
import { inflectionsOf } from '../../../providers/llm/lemmas';
import { STOP_WORDS } from '../../../providers/llm/stop-words';
import { editDistance, graphemesOf } from './edit-distance';
import { baseForms } from './expand';
import { courseStems, englishTermSpelt, hindiTermsFor, inCourse } from './glossary-hi';
import { glossaryTerm, readRomanisedHindi } from './romanised-hindi';
import { devanagariSkeleton, latinSkeleton, spellsAlike, transliterations } from './transliteration';

/**
 * Students' spelling (decision 057, round three): "whats a pathogen", "antibodys", "vacine", "circiuts". A
 * question word the course never uses is matched against the course's own words by a bounded edit distance
 * (Damerau–Levenshtein, counted in graphemes, so any script's letters and marks count as a reader sees
 * them); run-together forms ("whats", "dont") are written out. A word the course uses, or that WordNet
 * knows, is never changed: an exact match always ranks above a corrected one.
 */

const words = new Intl.Segmenter('und', { granularity: 'word' });

/**
 * A Devanagari word as searched, without its viramas and nasal signs: the signs a student leaves out on a phone
 * keyboard ("संशलेषण" for संश्लेषण, "दात" for दाँत, "मुह" for मुँह). The long ai and au are written as e and o, the
 * English o of ऑ as a: an English word has no fixed Hindi spelling ("एनोड" for the course's ऐनोड, "ब्लाक" for ब्लॉक).
 */
const bareForm = (word: string) =>
  searchFold(word)
    .replace(/[\u094d\u0902]/gu, '')
    .replace(/\u0910/gu, '\u090f')
    .replace(/\u0914/gu, '\u0913')
    .replace(/\u0948/gu, '\u0947')
    .replace(/\u094c/gu, '\u094b')
    .replace(/\u0911/gu, '\u0906')
    .replace(/\u0949/gu, '\u093e');

/**
 * A Hindi question in the course's own words (issue 32): a Latin school term the course writes in Hindi as the
 * course writes it — the glossary's term ("stomata" → रंध्र, glossary-hi.ts) or a loanword heard alike
 * (transliteration.ts: "rhizobium" → "राइज़ोबियम"). Hindi typed wholly in Latin letters is read into Devanagari
 * first (romanised-hindi.ts). An everyday Hindi word stays: retrieval searches its textbook word beside it, as
 * weaker evidence (retrieval.ts). An English question keeps its words, and costs no look at the vocabulary.
 */
async function inCourseScript(
  question: string,
  vocabulary: () => Promise<Map<string, number>>,
): Promise<string> {
  question = await readRomanisedHindi(question, vocabulary);
  if (!/\p{Script=Devanagari}/u.test(question)) return question;
  // "SONAR का full form क्या है" asks what it stands for: its meaning, as Hindi asks it.
  question = question.replace(FULL_FORM, 'मतलब');
  question = joinedAsTheCourseWrites(question, await vocabulary());
  question = await glossaryPairs(question, vocabulary);
  const parts = [...words.segment(question)];
  const latin = parts
    // Two letters are enough for the glossary's units ("km", "cm"); loanwords are heard from four (below).
    .filter((part) => part.isWordLike && /^[a-z]{2,}$/i.test(part.segment))
    .map((part) => part.segment.toLocaleLowerCase())
    .filter((word) => !STOP_WORDS.has(word));
  // An English school word written in Devanagari ("आर्टिकल", "लिस्ट"): the glossary's English term it spells.
  const spelt = new Map<string, string>();
  for (const part of parts) {
    const word = part.segment;
    if (!part.isWordLike || !/\p{Script=Devanagari}/u.test(word) || STOP_WORDS.has(searchFold(word)))
      continue;
    const english = englishTermSpelt(word);
    if (english) spelt.set(word, english);
  }
  const known = await vocabulary();
  const stems = courseStems(known);
  const found = new Map<string, string>();
  for (const [word, english] of spelt) {
    if (known.has(word) || stems.has(hindiStem(word))) continue;
    const term = glossaryTerm(english, stems);
    if (term) found.set(word, term);
  }
  // An English word the course writes in Latin letters beside its Hindi ("क्षोभमंडल (troposphere)"), typed in
  // Devanagari: "ट्रोपोस्फीयर" → troposphere, "ग्रीन हाउस" → greenhouse.
  let text = question;
  for (const [typed, latin] of latinCourseWords(parts, known, stems)) text = text.replace(typed, latin);
  if (text !== question) return inCourseScript(text, vocabulary);
  for (const word of latin) {
    if (known.has(word)) continue;
    const term = glossaryTerm(word, stems);
    if (term) found.set(word, term);
  }
  for (const [word, loan] of transliterations(
    latin.filter((word) => word.length >= 4 && !found.has(word)),
    known,
  ))
    found.set(word, loan);
  if (found.size === 0) return question;
  return parts
    .map((part) =>
      part.isWordLike ? (found.get(part.segment.toLocaleLowerCase()) ?? part.segment) : part.segment,
    )
    .join('')
    .normalize('NFC');
}

/**
 * The Devanagari words of a question (one, or two written apart) that spell a Latin word the course uses, by the
 * consonants a reader hears (transliteration.ts), with that word; a skeleton two course words share is none
 * (of two consonants only, the one whose vowels are heard alike is still that word).
 */
function latinCourseWords(
  parts: Intl.SegmentData[],
  known: Map<string, number>,
  stems: Map<string, string>,
): Map<string, string> {
  const bySkeleton = new Map<string, string[]>();
  for (const word of known.keys()) {
    if (!/^[a-z]{4,}$/.test(word)) continue;
    const skeleton = latinSkeleton(word);
    if (skeleton.length < SHORT_SKELETON) continue;
    bySkeleton.set(skeleton, [...(bySkeleton.get(skeleton) ?? []), word]);
  }
  // The one course word a skeleton names; of a short one, the one heard alike ("soda" and "acid" share s-d).
  const spelling = (devanagari: string): string | undefined => {
    const candidates = bySkeleton.get(devanagariSkeleton(devanagari)) ?? [];
    const heard = candidates.filter((word) => spellsAlike(word, devanagari));
    return heard.length === 1 ? heard[0] : undefined;
  };
  const found = new Map<string, string>();
  if (bySkeleton.size === 0) return found;
  const strange = parts.map(
    (part) =>
      part.isWordLike &&
      /\p{Script=Devanagari}/u.test(part.segment) &&
      !STOP_WORDS.has(searchFold(part.segment)) &&
      !known.has(part.segment) &&
      !stems.has(hindiStem(part.segment)),
  );
  const words = parts.map((part, at) => ({ part, at })).filter(({ part }) => part.isWordLike);
  for (const [index, { part, at }] of words.entries()) {
    if (!strange[at]) continue;
    const next = words[index + 1];
    if (next && strange[next.at]) {
      const joined = spelling(part.segment + next.part.segment);
      if (joined) {
        found.set(
          parts
            .slice(at, next.at + 1)
            .map((each) => each.segment)
            .join(''),
          joined,
        );
        continue;
      }
    }
    const single = spelling(part.segment);
    if (single) found.set(part.segment, single);
  }
  return found;
}

/** Two consonants are a skeleton short words share by chance: "एसिड" is "acid" only when heard alike too. */
const SHORT_SKELETON = 2;

/**
 * Two Devanagari words typed apart that the course writes as one ("सूक्ष्म जीव" for सूक्ष्मजीव, "जल चक्र" for
 * जलचक्र), joined: the course's word is searched, not two words that each say less (round twelve). Only a word the
 * course uses more than once, so a chance join of two words is not taken for one.
 */
function joinedAsTheCourseWrites(question: string, known: Map<string, number>): string {
  const devanagari = (word: string | undefined) =>
    word !== undefined && /^[\p{Script=Devanagari}\p{M}]+$/u.test(word);
  const tokens = question.split(' ');
  const out: string[] = [];
  for (let at = 0; at < tokens.length; at++) {
    const [first, second] = [tokens[at] as string, tokens[at + 1]];
    if (
      devanagari(first) &&
      devanagari(second) &&
      !STOP_WORDS.has(searchFold(second as string)) &&
      (known.get(`${first}${second}`) ?? 0) >= 2
    ) {
      out.push(`${first}${second}`);
      at += 1;
    } else out.push(first);
  }
  return out.join(' ');
}

const FULL_FORM = /(?<!\p{L})full[\s-]*forms?(?!\p{L})/giu;

/** Two Latin words the glossary knows together ("food chain", "cell wall"), as the course writes them. */
async function glossaryPairs(
  question: string,
  vocabulary: () => Promise<Map<string, number>>,
): Promise<string> {
  // Every two neighbours (the lookahead lets "a food chain" try "a food" and "food chain").
  const pairs = [...question.matchAll(/(?<!\p{L})(\p{Script=Latin}+)\s+(?=(\p{Script=Latin}+)(?!\p{L}))/gu)];
  const known = pairs.map((pair) => `${pair[1]} ${pair[2]}`).filter((pair) => hindiTermsFor(pair).length > 0);
  if (known.length === 0) return question;
  const stems = courseStems(await vocabulary());
  let out = question;
  for (const pair of known) {
    const term = inCourse(hindiTermsFor(pair), stems);
    const [first, second] = pair.split(' ');
    if (term) out = out.replace(new RegExp(`${first}\\s+${second}`, 'u'), term);
  }
  return out;
}

/** How far a word may be from the course's: none under 4 letters, 1 for 4–7, 2 for 8 or more. */
export function allowedDistance(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/** English words run together without their apostrophe, as students type them. */
const RUN_TOGETHER: Record<string, string> = {
  whats: 'what is',
  whos: 'who is',
  wheres: 'where is',
  whens: 'when is',
  hows: 'how is',
  whys: 'why is',
  thats: 'that is',
  isnt: 'is not',
  arent: 'are not',
  wasnt: 'was not',
  werent: 'were not',
  dont: 'do not',
  doesnt: 'does not',
  didnt: 'did not',
  cant: 'cannot',
  wont: 'will not',
  hasnt: 'has not',
  havent: 'have not',
  couldnt: 'could not',
  shouldnt: 'should not',
  wouldnt: 'would not',
};

/** A word that says how a question is meant, not what it asks, right after its question word. */
const MEANT =
  /^(\s*(?:what|who|why|how|when|where|which)\s+)(?:exactly|actually|really|basically|precisely)\s+/iu;

/**
 * The question with run-together forms written out ("whats a pathogen" → "what is a pathogen", "what's" as
 * well) and an adverb after its question word dropped ("What exactly is an antigen" → "What is an antigen").
 */
export function writtenOut(question: string): string {
  return question
    .replace(/\p{L}+(?:['’]\p{L}+)?/gu, (word) => {
      const key = word.toLocaleLowerCase().replace(/['’]/g, '');
      const apostrophe = /['’]/.test(word);
      // "what's" is "what is"; an apostrophe elsewhere ("Ohm's") is a possessive and stays.
      if (apostrophe && !/^(what|who|where|when|how|why|that)['’]s$|n['’]t$/iu.test(word)) return word;
      const full = RUN_TOGETHER[key];
      if (!full) return word;
      return /^\p{Lu}/u.test(word) ? full.charAt(0).toLocaleUpperCase() + full.slice(1) : full;
    })
    .replace(MEANT, '$1');
}

const QUESTION_WORDS = ['what', 'which', 'why', 'when', 'where', 'who', 'whom', 'whose', 'how'];

/**
 * A question's first word, misspelt, as the question word it is meant to be ("wich crops did…" → "which";
 * round five): one edit from a question word and no word of its own (not "with", "that"). Before the course's
 * words are read, which would make it their nearest ("with").
 */
async function questionWordSpelt(question: string): Promise<string> {
  const first = [...words.segment(question)].find((part) => part.isWordLike);
  if (!first) return question;
  const word = first.segment.toLocaleLowerCase();
  if (QUESTION_WORDS.includes(word) || STOP_WORDS.has(word) || !/^\p{Ll}+$/u.test(word)) return question;
  if ((await baseForms(word)).size > 0) return question;
  const meant = QUESTION_WORDS.find((each) => editDistance(graphemesOf(word), graphemesOf(each), 1) <= 1);
  if (!meant) return question;
  const written = /^\p{Lu}/u.test(first.segment)
    ? meant.charAt(0).toLocaleUpperCase() + meant.slice(1)
    : meant;
  return question.slice(0, first.index) + written + question.slice(first.index + first.segment.length);
}

/**
 * Whether a word is a dictionary word or an inflection of one spelt by the rules (round four: "branchs" is
 * read by morphy as "branch" but is misspelt, "branches" is not; "left" is "leave"'s own past).
 */
function writtenRight(word: string, forms: Awaited<ReturnType<typeof baseForms>>): boolean {
  if (forms.has(word)) return true;
  for (const [base, poses] of forms) {
    if (poses.some((pos) => inflectionsOf(base, pos).includes(word))) return true;
    if (regularInflections(base).includes(word)) return true;
  }
  return false;
}

/** A noun's plural and a verb's -s, -ed and -ing forms by the spelling rules ("church" → churches). */
function regularInflections(base: string): string[] {
  const sibilant = /(s|x|z|ch|sh)$/.test(base);
  const consonantY = /[^aeiou]y$/.test(base);
  const silentE = /[^aeiou]e$/.test(base) || /ee$/.test(base);
  const doubled = /^[^aeiou]*[aeiou][bdgklmnprt]$/.test(base) ? `${base}${base.slice(-1)}` : base;
  return [
    sibilant ? `${base}es` : consonantY ? `${base.slice(0, -1)}ies` : `${base}s`,
    /e$/.test(base) ? `${base}d` : consonantY ? `${base.slice(0, -1)}ied` : `${base}ed`,
    `${doubled}ed`,
    silentE && !/ee$/.test(base) ? `${base.slice(0, -1)}ing` : `${base}ing`,
    `${doubled}ing`,
  ];
}

/**
 * The question with each word the course does not use, and that is no word WordNet knows, replaced by the
 * nearest course word within the allowed distance (the more frequent one on a tie). `vocabulary` loads the
 * course's words (lower case) with how often they occur, only when a word may need it. Words of other
 * scripts are corrected the same way, by graphemes; no course word near enough, and the word stays.
 */
export async function correctedSpelling(
  question: string,
  vocabulary: () => Promise<Map<string, number>>,
): Promise<string> {
  // Read from the database once, whichever step needs it first.
  let loaded: Promise<Map<string, number>> | undefined;
  const once = () => {
    loaded ??= vocabulary();
    return loaded;
  };
  question = await questionWordSpelt(question);
  question = await inCourseScript(question, once);
  const unknown: string[] = [];
  for (const part of words.segment(question)) {
    const word = part.segment.toLocaleLowerCase();
    if (!part.isWordLike || /\p{Nd}/u.test(word)) continue;
    // A short word is never corrected by distance; a short Devanagari word may still lack a sign ("दात").
    const devanagari = /\p{Script=Devanagari}/u.test(word);
    if (allowedDistance(graphemesOf(word).length) === 0 && !devanagari) continue;
    // Function words ("what", "your") are not the course's to correct.
    if (STOP_WORDS.has(word) || STOP_WORDS.has(searchFold(word)) || /^(wh|how)/.test(word)) continue;
    if (/^[a-z]+$/.test(word) && writtenRight(word, await baseForms(word))) continue;
    if (!unknown.includes(word)) unknown.push(word);
  }
  if (unknown.length === 0) return question;
  const known = await once();
  const candidates = [...known.keys()].map((word) => ({ word, letters: graphemesOf(word) }));
  const corrections = new Map<string, string>();
  // A conjunct typed without its virama ("संशलेषण" for "संश्लेषण") or a word without its nasal ("दात") is the
  // commonest Hindi typing slip: a word the course writes the same once those signs are set aside is that word,
  // whatever the distance in graphemes (the course's most used one, when two meet).
  const bare = new Map<string, string>();
  for (const [word, count] of known)
    if (/\p{Script=Devanagari}/u.test(word)) {
      const other = bare.get(bareForm(word));
      if (!other || count > (known.get(other) ?? 0)) bare.set(bareForm(word), word);
    }
  for (const word of unknown) {
    if (known.has(word)) continue;
    const sameLetters = bare.get(bareForm(word));
    if (sameLetters) {
      corrections.set(word, sameLetters);
      continue;
    }
    const letters = graphemesOf(word);
    const max = allowedDistance(letters.length);
    if (max === 0) continue;
    let best: { word: string; distance: number; count: number; ending: number } | null = null;
    for (const candidate of candidates) {
      const distance = editDistance(letters, candidate.letters, max);
      if (distance > max) continue;
      // On a tie, the word ending as the student's does ("branchs" → "branches", not "branch"), then the
      // more frequent one.
      const ending = Number(candidate.letters.at(-1) === letters.at(-1));
      const count = known.get(candidate.word) ?? 0;
      if (
        !best ||
        distance < best.distance ||
        (distance === best.distance &&
          (ending > best.ending || (ending === best.ending && count > best.count)))
      )
        best = { word: candidate.word, distance, count, ending };
    }
    if (best) corrections.set(word, best.word);
  }
  if (corrections.size === 0) return question;
  return [...words.segment(question)]
    .map((part) =>
      part.isWordLike ? (corrections.get(part.segment.toLocaleLowerCase()) ?? part.segment) : part.segment,
    )
    .join('');
}
