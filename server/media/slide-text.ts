import type { SlideLine } from './pdf-pages';

/** A slide's words as a teacher would say them: its title apart, the body as flowing sentences. */
export interface SlideText {
  /** The slide's title ('' when it has none): shown and searched apart, never glued to the narration. */
  heading: string;
  /** The body reflowed into sentences, without page numbers, running headers or footers. */
  narration: string;
}

/** "7", "7 / 10", "Page 7", "Page 7 of 10", "- 7 -". */
const PAGE_NUMBER = /^[-–—\s]*(?:page|slide|p\.)?\s*\d{1,4}(?:\s*(?:\/|of)\s*\d{1,4})?[-–—\s]*$/i;
/** A line that starts a list item: a bullet sign, or "1." / "a)" numbering. */
const BULLET = /^(?:[•▪▫◦●○■□►▶➤✓✔·*–—-]|\(?(?:\d{1,2}|[a-z])[.)])\s+/i;
/** A sentence's end in any script the courses use: "।" and "॥" (Devanagari, Bengali…), "؟" (Urdu), "。". */
const ENDS_SENTENCE = /[.!?…:;।॥؟。]["')\]”’]?$/u;
/** A title is set at least this much larger than the body. */
const TITLE_SCALE = 1.2;
const MAX_TITLE_WORDS = 12;

/**
 * Characters a PDF's text layer carries that are no text (issue 32): NUL and other control characters (which
 * PostgreSQL refuses: the upload failed with "The text contains a character that is not allowed"), private-use
 * code points (a font's own glyph numbers), halves of surrogate pairs, soft hyphens and U+FFFD. Joiners
 * (ZWJ, ZWNJ) shape Indic clusters and stay; the text is composed (NFC) so one word is spelt one way.
 */
const NOT_TEXT = /[\p{Cc}\p{Co}\p{Cs}\u00ad\ufffd]/gu;

export function cleanText(text: string): string {
  return text.replace(/\t/g, ' ').replace(NOT_TEXT, '').normalize('NFC');
}

/**
 * Whether a page's text layer is mostly no text (issue 32 item 5): a deck whose font carries no map from its
 * glyphs to letters gives private-use code points or U+FFFD for them, and cleanText leaves nothing. A third of
 * the page's visible characters is enough to say its text could not be read.
 */
/** The letters of a page's lines that are text (what cleanText keeps). */
export const readableLetters = (lines: SlideLine[]) =>
  lines.reduce((count, line) => count + (cleanText(line.text).match(/\p{L}/gu)?.length ?? 0), 0);

/** The characters drawn on a page: its lines' text but spaces. */
export const visibleCount = (lines: SlideLine[]) =>
  lines.reduce((count, line) => count + [...line.text.replace(/\s+/gu, '')].length, 0);

export function unreadableText(lines: SlideLine[]): boolean {
  const visible = visibleCount(lines);
  const lost = lines.reduce(
    (count, line) => count + (line.text.match(/[\p{Co}\p{Cs}\ufffd\p{Cc}]/gu)?.length ?? 0),
    0,
  );
  return visible >= 3 && lost / visible >= 1 / 3;
}

/** Lines compared across pages: case and numbers aside ("Chapter 2 · page 3" repeats as one line). */
const lineKey = (text: string) => text.toLowerCase().replace(/\d+/g, '#').trim();

/** Lines that are the same on at least three pages and half the deck are running headers and footers. */
function repeatedLines(pages: SlideLine[][]): Set<string> {
  const counts = new Map<string, number>();
  for (const lines of pages) {
    for (const text of new Set(lines.map((line) => lineKey(line.text)))) {
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
  }
  const repeated = new Set<string>();
  if (pages.length < 3) return repeated;
  for (const [text, count] of counts) {
    if (count >= 3 && count >= pages.length / 2) repeated.add(text);
  }
  return repeated;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The size of a page's body text: the median size of its lines after the first. */
function bodySize(lines: SlideLine[]): number {
  return median(lines.slice(1).map((line) => line.size));
}

/** A first line set larger than the body below it (or the page's only line) is a title by its looks. */
function isSetAsTitle(lines: SlideLine[]): boolean {
  return lines.length === 1 || lines[0].size >= bodySize(lines) * TITLE_SCALE;
}

/** The title lines at the top: larger than the body, or a short unpunctuated first line above a body. */
function splitHeading(lines: SlideLine[]): { heading: SlideLine[]; body: SlideLine[] } {
  if (lines.length === 0) return { heading: [], body: [] };
  const first = lines[0];
  const words = first.text.split(/\s+/).length;
  if (lines.length === 1) {
    return words <= MAX_TITLE_WORDS ? { heading: [first], body: [] } : { heading: [], body: lines };
  }
  if (isSetAsTitle(lines)) {
    const count = lines.findIndex((line) => Math.abs(line.size - first.size) > first.size * 0.05);
    const end = count < 0 ? lines.length : count;
    return { heading: lines.slice(0, end), body: lines.slice(end) };
  }
  const looksLikeTitle =
    words <= MAX_TITLE_WORDS &&
    !ENDS_SENTENCE.test(first.text) &&
    !BULLET.test(first.text) &&
    // A wrapped sentence carries on in lower case; a body under a title starts afresh.
    !/^[a-z]/.test(lines[1].text);
  return looksLikeTitle ? { heading: [first], body: lines.slice(1) } : { heading: [], body: lines };
}

/**
 * Joins two pieces of one sentence broken across lines, mending words hyphenated at the break: a lower-case
 * continuation was one word ("impor-" + "tant"); a capital or a digit keeps its hyphen, as a compound does
 * ("mid-" + "October" → "mid-October", never "mid- October").
 */
function joinBroken(text: string, next: string): string {
  if (/[\p{L}\p{M}\p{N}]-$/u.test(text) && /^\p{Ll}/u.test(next)) return text.slice(0, -1) + next;
  if (/[\p{L}\p{M}\p{N}]-$/u.test(text) && /^[\p{Lu}\p{N}]/u.test(next)) return text + next;
  return `${text} ${next}`;
}

/**
 * The body's lines as sentences: a bullet, a numbered item or a line after one that ended early starts a new
 * item; other lines continue the one before (the PDF's hard line breaks). Every item ends as a sentence, so
 * narration, captions and the guru's answers read (and are spoken) whole.
 */
function reflow(lines: SlideLine[]): string {
  const longest = Math.max(0, ...lines.map((line) => line.text.length));
  const items: string[] = [];
  let previous: string | undefined;
  for (const line of lines) {
    const isItem = BULLET.test(line.text);
    const text = line.text.replace(BULLET, '').trim();
    if (!text) continue;
    // (A line broken after a hyphen did not end early: "By mid-" goes on with "October…".)
    const endedEarly =
      previous !== undefined &&
      previous.length < longest * 0.6 &&
      !/[\p{L}\p{M}\p{N}]-$/u.test(previous) &&
      /^[\p{Lu}\p{N}"'(]/u.test(text);
    const current = items.at(-1);
    if (current === undefined || isItem || ENDS_SENTENCE.test(current) || endedEarly) items.push(text);
    else items[items.length - 1] = joinBroken(current, text);
    previous = line.text;
  }
  return items
    .map((item) => item.replace(/\s+/g, ' ').trim())
    .map((item) => (ENDS_SENTENCE.test(item) ? item : `${item}.`))
    .join(' ');
}

/**
 * The clean text of every slide of a deck (SPEC: a segment's narration starts as its slide's text): page
 * numbers and lines repeated on most pages dropped, the title kept apart, the body reflowed. A slide with a
 * title only is narrated by its title.
 */
export function slideTexts(read: SlideLine[][]): SlideText[] {
  const pages = read.map((lines) =>
    lines.map((line) => ({ ...line, text: cleanText(line.text) })).filter((line) => line.text.trim() !== ''),
  );
  const repeated = repeatedLines(pages);
  return pages.map((lines) => {
    // The deck's title repeats in small footers, but on its title slide it is the title: keep it there.
    const isTitleOfPage = (line: SlideLine) => line === lines[0] && isSetAsTitle(lines);
    const kept = lines.filter(
      (line) => !PAGE_NUMBER.test(line.text) && (isTitleOfPage(line) || !repeated.has(lineKey(line.text))),
    );
    const { heading, body } = splitHeading(kept);
    const title = heading
      .map((line) => line.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const narration = reflow(body);
    return { heading: title, narration: narration || (title ? reflow([{ text: title, size: 0 }]) : '') };
  });
}
