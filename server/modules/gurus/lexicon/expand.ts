import { inflectionsOf, lemmatizerOf } from '../../../providers/llm/lemmas';
import { isLemma, synsetAt, synsetOffsets, type WordNetPos } from './wordnet';

/**
 * How a student's word is widened before the course is searched: its dictionary forms (morphology) and the
 * words WordNet gives for its most frequent senses (synonyms, and for adjectives the noun they come from).
 * Everything is checked against WordNet, so only real words are added.
 */
export interface WordExpansion {
  /** Dictionary forms of the word itself ("polyhedra" → "polyhedron", "running" → "run"). */
  forms: string[];
  /** Other words for it ("car" → "automobile", "salty" → "salt"), weaker evidence than the word itself. */
  related: string[];
  /**
   * A word of very many meanings ("make", "get", "drop": WEAK_SENSES or more senses in WordNet) says little
   * about what a question is about: retrieval does not require it to be found.
   */
  weak: boolean;
}

export const WEAK_SENSES = 20;

/** Senses looked at per part of speech: WordNet lists the most frequent first, the rest are rare meanings. */
const SENSES = 2;
const MAX_RELATED = 10;

const POSES: WordNetPos[] = ['noun', 'verb', 'adj'];

/** The dictionary forms of a word, each with the parts of speech WordNet knows it as. */
export async function baseForms(word: string): Promise<Map<string, WordNetPos[]>> {
  const lower = word.toLowerCase();
  const lemmas = lemmatizerOf();
  const candidates: [string, WordNetPos][] = [
    ...POSES.map((pos): [string, WordNetPos] => [lower, pos]),
    [lemmas.noun(lower), 'noun'],
    [lemmas.verb(lower), 'verb'],
    [lemmas.adjective(lower), 'adj'],
  ];
  // An adjective made from a noun with -y, which morphy leaves alone: "salty" → "salt", "sunny" → "sun".
  if (lower.length > 3 && lower.endsWith('y') && (await isLemma('adj', lower))) {
    const stem = lower.slice(0, -1);
    candidates.push([stem, 'noun'], [`${stem}e`, 'noun']);
    if (/([b-df-hj-np-tv-z])\1$/.test(stem)) candidates.push([stem.slice(0, -1), 'noun']);
  }
  const forms = new Map<string, WordNetPos[]>();
  for (const [form, pos] of candidates) {
    if (!(await isLemma(pos, form))) continue;
    const known = forms.get(form) ?? [];
    if (!known.includes(pos)) forms.set(form, [...known, pos]);
  }
  return forms;
}

/** The single-word lemmas among `words`, lower case, without the word itself. */
function singleWords(words: string[], except: Set<string>): string[] {
  return words.filter((word) => word && /^[a-z]+$/.test(word) && !except.has(word));
}

const cache = new Map<string, Promise<WordExpansion>>();
const CACHE_MAX = 5000;

async function lookUp(word: string): Promise<WordExpansion> {
  const forms = await baseForms(word);
  const own = new Set([word.toLowerCase(), ...forms.keys()]);
  const related: string[] = [];
  const add = (words: string[]) => {
    for (const each of singleWords(words, own)) if (!related.includes(each)) related.push(each);
  };
  let senses = 0;
  for (const [form, poses] of forms) {
    for (const pos of poses) {
      const offsets = await synsetOffsets(pos, form);
      senses += offsets.length;
      for (const [sense, offset] of offsets.slice(0, SENSES).entries()) {
        const synset = await synsetAt(pos, offset);
        add(synset.words);
        if (pos === 'noun' && sense === 0) {
          // What the most common sense is a kind of: "rain" → "precipitation".
          const kindOf = synset.pointers.find((each) => each.symbol === '@');
          if (kindOf) add((await synsetAt(kindOf.pos, kindOf.offset)).words);
        }
        if (pos !== 'adj') continue;
        // An adjective's noun ("salty" → "salt"): its derivation and pertainym pointers from this word.
        const position = synset.words.indexOf(form) + 1;
        for (const pointer of synset.pointers) {
          if (pointer.symbol !== '+' && pointer.symbol !== '\\') continue;
          if (pointer.sourceWord !== 0 && pointer.sourceWord !== position) continue;
          const target = await synsetAt(pointer.pos, pointer.offset);
          add(pointer.targetWord ? [target.words[pointer.targetWord - 1]] : target.words);
        }
      }
    }
  }
  // Inflections a stem search misses ("leave" → "left", "dry" → "driest"): the word itself, written otherwise.
  const inflected = [...forms].flatMap(([form, poses]) => poses.flatMap((pos) => inflectionsOf(form, pos)));
  return {
    forms: [...new Set([...forms.keys(), ...inflected])].filter((form) => form !== word.toLowerCase()),
    related: related.slice(0, MAX_RELATED),
    weak: senses >= WEAK_SENSES,
  };
}

/** A word's forms and related words (cached: a class asks the same words again and again). */
export function expandWord(word: string): Promise<WordExpansion> {
  const key = word.toLowerCase();
  let found = cache.get(key);
  if (!found) {
    if (cache.size >= CACHE_MAX) cache.clear();
    found = lookUp(key).catch(() => ({ forms: [], related: [], weak: false }));
    cache.set(key, found);
  }
  return found;
}
