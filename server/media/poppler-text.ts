import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SlideLine, SpaceMark } from './pdf-pages';
import { PDF_PROCESS_DEFAULTS, type PdfProcessLimits } from './pdf-process';

/**
 * A PDF's text as Poppler's pdftotext reads it (decision 065). Decks exported by Chromium, Google Slides,
 * PowerPoint and LibreOffice draw Devanagari and the other Indic scripts as shaped glyphs — a conjunct or a
 * reph is one glyph, a pre-base vowel sign is drawn before its consonant — and say what each cluster reads
 * as in a marked-content span's /ActualText. pdfjs ignores /ActualText: "सूर्य" came out as "सूय\0", "विशाल" as
 * "वशाल", "ग्रह" as "ग्र ह". Poppler reads it, so the text is in logical order with whole clusters. pdfjs still
 * renders the pages; its text is the fallback when pdftotext is not installed (poppler-utils).
 */

const BINARY = 'pdftotext';
/** The bbox output of a 100-slide deck is about 2 MB; more than this is not a slide deck's text. */
const MAX_OUTPUT = 64 * 1024 * 1024;

const found = new Map<string, boolean>();

/** Whether a program is on PATH (checked once each). */
function onPath(binary: string): boolean {
  let known = found.get(binary);
  if (known === undefined) {
    known = (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
      try {
        accessSync(path.join(dir, binary), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
    found.set(binary, known);
  }
  return known;
}

/** Whether pdftotext is on PATH. */
export const popplerAvailable = () => onPath(BINARY);

/**
 * Runs pdftotext on the bytes with `args` and returns what it printed, or null when it failed. It reads an
 * uploaded file, so it gets the PDF renderer's limits (PDF_RENDER_TIMEOUT_S, PDF_RENDER_MEMORY_MB): its time,
 * and its address space through util-linux's prlimit where the system has it, so a hostile file cannot take
 * the machine's memory from the server.
 */
async function pdftotext(
  bytes: Uint8Array,
  args: string[],
  limits: PdfProcessLimits,
): Promise<string | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gurukul-pdftotext-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, bytes);
    const command = [BINARY, ...args, '-enc', 'UTF-8', '-q', file, '-'];
    const capped = onPath('prlimit')
      ? ['prlimit', `--as=${limits.memoryMb * 1024 * 1024}`, '--', ...command]
      : command;
    return await new Promise<string | null>((resolve) => {
      const child = spawn(capped[0], capped.slice(1), {
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: limits.timeoutMs,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_OUTPUT) child.kill('SIGKILL');
        else chunks.push(chunk);
      });
      child.on('error', () => resolve(null));
      child.on('close', (code) =>
        resolve(code === 0 && size <= MAX_OUTPUT ? Buffer.concat(chunks).toString('utf8') : null),
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#(\d+)|#x([0-9a-f]+));/giu, (whole, name, dec, hex) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    return XML_ENTITIES[name] ?? whole;
  });

/**
 * Each page's lines as pdftotext's bbox layout gives them (its words joined by a space), top to bottom, with a
 * size: the line box's height, which grows with the font size as the slide reader expects. Null when
 * pdftotext is missing or could not read the file (the pdfjs text is used then).
 */
export async function popplerPageLines(
  bytes: Uint8Array,
  limits: PdfProcessLimits = PDF_PROCESS_DEFAULTS,
  spaces?: (SpaceMark[] | undefined)[],
): Promise<SlideLine[][] | null> {
  if (!popplerAvailable()) return null;
  const output = await pdftotext(bytes, ['-bbox-layout'], limits);
  if (output === null) return null;
  return parseBboxLayout(output, 'top-down', spaces);
}

/**
 * pdftotext -bbox-layout's XHTML → each page's lines: 'top-down' as a slide is read (a title drawn last still
 * comes first), 'flow' in Poppler's own order of text flows (a page of two columns reads one column, then the
 * other). Exported for its test.
 */
export function parseBboxLayout(
  xhtml: string,
  order: 'top-down' | 'flow',
  spaces?: (SpaceMark[] | undefined)[],
): SlideLine[][] {
  const pages: SlideLine[][] = [];
  for (const [index, page] of xhtml
    .split(/<page\b/u)
    .slice(1)
    .entries()) {
    const lines: { text: string; size: number; top: number; left: number }[] = [];
    for (const line of page.matchAll(/<line\b([^>]*)>([\s\S]*?)<\/line>/gu)) {
      const box = (name: string) => Number(new RegExp(`${name}="([-\\d.]+)"`, 'u').exec(line[1])?.[1] ?? 0);
      const words = [...line[2].matchAll(/<word\b([^>]*)>([\s\S]*?)<\/word>/gu)].map((word) => ({
        text: unescapeXml(word[2]),
        left: Number(/xMin="([-\d.]+)"/u.exec(word[1])?.[1] ?? 0),
        right: Number(/xMax="([-\d.]+)"/u.exec(word[1])?.[1] ?? 0),
      }));
      // The spaces drawn on this line, when pdfjs read the page (pdf-pages.ts SpaceMark).
      const drawn = spaces?.[index]?.filter((space) => space.y >= box('yMin') && space.y <= box('yMax'));
      const text = joinWords(words, drawn).replace(/\s+/gu, ' ').trim();
      if (text) lines.push({ text, size: box('yMax') - box('yMin'), top: box('yMin'), left: box('xMin') });
    }
    if (order === 'top-down') lines.sort((a, b) => a.top - b.top || a.left - b.left);
    pages.push(lines.map(({ text, size }) => ({ text, size })));
  }
  return pages;
}

/** A letter or sign of the Brahmic scripts of India (Devanagari U+0900 to Malayalam U+0D7F). */
const INDIC = /[\u0900-\u0D7F]/u;
/** How far (points) from the gap between two words a drawn space may lie and still be that gap's. */
const NEAR = 1;
/** How much narrower than the line's usual space a gap is when it is no space (see joinWords). */
const NOT_A_SPACE = 0.97;

/**
 * A line's words joined by spaces — but not where pdftotext split a word of an Indic script inside itself
 * ("सेकं ड", "धूमके तु"): after a mark drawn with no advance of its own it sees a gap wider than its word-break
 * threshold. Words in a line are set with one space width, so such a gap is narrower than the line's usual
 * one (3.98 pt beside 4.68 pt in the test deck); it joins only letters of those scripts, never Latin words.
 */
function joinWords(words: { text: string; left: number; right: number }[], drawn?: SpaceMark[]): string {
  const gaps = words.slice(1).map((word, index) => word.left - words[index].right);
  const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
  let text = words[0]?.text ?? '';
  for (const [index, gap] of gaps.entries()) {
    const next = words[index + 1].text;
    const indic = INDIC.test(text.at(-1) ?? '') && INDIC.test(next[0] ?? '');
    // A line that draws its spaces says where its words end: a break with no space drawn in it is inside a word
    // (Chromium's PDFs: "ऊँ चाई", "यकृ त"). Otherwise a gap narrower than the line's usual space is.
    const inside =
      drawn && drawn.length > 0 && /\p{Mn}$/u.test(text)
        ? !drawn.some(
            (space) =>
              space.x + (space.width ?? 0) >= words[index].right - NEAR &&
              space.x <= words[index + 1].left + NEAR,
          )
        : gap < usual * NOT_A_SPACE;
    text += indic && inside ? next : ` ${next}`;
  }
  return text;
}

/**
 * Each page's text as one flowing paragraph (study material, as pdf-pages.ts flowingText makes it from pdfjs):
 * lines in Poppler's flow order, words broken across lines with a hyphen joined back. Null when pdftotext
 * cannot read it.
 */
export async function popplerPageTexts(
  bytes: Uint8Array,
  limits: PdfProcessLimits = PDF_PROCESS_DEFAULTS,
  spaces?: (SpaceMark[] | undefined)[],
): Promise<string[] | null> {
  if (!popplerAvailable()) return null;
  const output = await pdftotext(bytes, ['-bbox-layout'], limits);
  if (output === null) return null;
  return parseBboxLayout(output, 'flow', spaces).map((lines) =>
    lines
      .map((line) => line.text)
      .join('\n')
      .replace(/(\p{L})-\n(\p{L})/gu, '$1$2')
      .replace(/\s+/gu, ' ')
      .trim(),
  );
}
