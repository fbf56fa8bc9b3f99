import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';

/**
 * Reading a PDF with pdfjs-dist (and drawing its pages with @napi-rs/canvas). This runs only inside the PDF
 * child process (pdf-render-worker.ts), never in the server: native code fed an uploaded file may crash,
 * hang or exhaust memory. So it imports nothing but pdfjs, the canvas and Node built-ins.
 */

/** 'slides': each page's text in reading order and its PNG; 'text': flowing text only (guru training). */
export type PdfTask =
  | { task: 'text' }
  | {
      task: 'slides';
      /** Slide width in pixels; the height is 9/16 of it. */
      width: number;
      /** Refuse a longer document (SLIDE_LIMIT) before anything is drawn. */
      maxPages?: number;
    };

/** What the worker is asked to do with one PDF file. */
export type PdfJob = PdfTask & {
  /** The PDF on disk (large inputs never cross the IPC channel). */
  input: string;
  /** Where page PNGs are written as page-<n>.png. */
  outDir: string;
};

/** A line of a slide in reading order, with the height of its largest text (titles are set larger). */
export interface SlideLine {
  text: string;
  size: number;
}

/**
 * Where a PDF draws a space (a space glyph's origin, in points from the page's top left): the one sure sign of a
 * word break. Poppler also breaks words inside an Indic word where a mark has no advance ("ऊँ चाई"); a space it
 * reads with no space drawn there is none (poppler-text.ts).
 */
export interface SpaceMark {
  x: number;
  y: number;
  /**
   * How wide the space is drawn, when a run is only white space: Chromium sets the space after a word ending in
   * a vowel sign below (ू) wide, from the letter's advance, so it starts inside what Poppler counts as the word.
   */
  width?: number;
}

export interface PdfJobPage {
  page: number;
  text: string;
  /** The spaces the page draws, when its text draws any. */
  spaces?: SpaceMark[];
  /** The page's lines in reading order ('slides' only): slide-text.ts tells title, body and footer apart. */
  lines?: SlideLine[];
  /** File name of the PNG in `outDir` ('slides' only). */
  image?: string;
}

/** Why a PDF could not be read, as codes; the server words the messages (pdf-slides.ts). */
export type PdfReadCode = 'PDF_ENCRYPTED' | 'PDF_UNREADABLE' | 'PDF_PAGE_UNREADABLE' | 'SLIDE_LIMIT';

export class PdfReadFailure extends Error {
  constructor(
    readonly code: PdfReadCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

const require = createRequire(import.meta.url);
// Standard fonts (Helvetica and friends, never embedded) and CMaps are read from disk by pdfjs in Node.
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const STANDARD_FONTS = `${path.join(pdfjsRoot, 'standard_fonts')}/`;
const CMAPS = `${path.join(pdfjsRoot, 'cmaps')}/`;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/**
 * Reads every page of the job's PDF, calling `onPage` after each (the parent's sign of progress) and writing
 * PNGs through `writeImage`. Throws PdfReadFailure for a locked, damaged or too long document.
 */
export async function readPdfJob(
  bytes: Uint8Array,
  job: PdfJob,
  writeImage: (page: number, png: Buffer) => Promise<string>,
  onPage: (page: PdfJobPage) => void,
): Promise<{ pageCount: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: bytes,
    standardFontDataUrl: STANDARD_FONTS,
    cMapUrl: CMAPS,
    cMapPacked: true,
    isEvalSupported: false,
    // Text only: no font faces are built, as the guru's text extraction always did.
    ...(job.task === 'text' ? { disableFontFace: true, useSystemFonts: false } : {}),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let doc: PdfDocument;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy();
    const encrypted = (error as { name?: string }).name === 'PasswordException';
    throw new PdfReadFailure(encrypted ? 'PDF_ENCRYPTED' : 'PDF_UNREADABLE', String(error));
  }
  try {
    const pageCount = doc.numPages;
    if (job.task === 'slides' && job.maxPages !== undefined && pageCount > job.maxPages) {
      throw new PdfReadFailure('SLIDE_LIMIT', `${pageCount} pages, limit ${job.maxPages}`);
    }
    for (let number = 1; number <= pageCount; number += 1) {
      const page = await doc.getPage(number);
      try {
        const content = await page.getTextContent();
        const items = content.items as PdfTextItem[];
        const spaces = spaceMarks(items, page.getViewport({ scale: 1 }).height);
        if (job.task === 'text') {
          onPage({ page: number, text: flowingText(items), spaces });
        } else {
          const lines = linesInReadingOrder(items);
          const png = await renderPage(page, job.width, Math.round((job.width * 9) / 16));
          const image = await writeImage(number, png);
          onPage({ page: number, text: lines.map((line) => line.text).join('\n'), lines, image, spaces });
        }
      } finally {
        page.cleanup();
      }
    }
    return { pageCount };
  } catch (error) {
    if (error instanceof PdfReadFailure) throw error;
    throw new PdfReadFailure('PDF_PAGE_UNREADABLE', String(error));
  } finally {
    await doc.destroy();
  }
}

/** The page letterboxed on white to width × height. */
async function renderPage(page: PdfPage, width: number, height: number): Promise<Buffer> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(width / base.width, height / base.height);
  const drawnWidth = base.width * scale;
  const drawnHeight = base.height * scale;
  const viewport = page.getViewport({
    scale,
    offsetX: (width - drawnWidth) / 2,
    offsetY: (height - drawnHeight) / 2,
  });
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
    background: '#ffffff',
  }).promise;
  // Encoded on this thread: the asynchronous encode runs on libuv's pool beside pdfjs's next page, and the child
  // ended with SIGSEGV on about one read in twelve of a ten-page Hindi deck (2026-12-02).
  return canvas.encodeSync('png');
}

interface PdfTextItem {
  str?: string;
  hasEOL?: boolean;
  transform?: number[];
  width?: number;
  height?: number;
}

/**
 * The spaces a page draws, from the page's top left: a run of only white space at its start, and a run's leading
 * or trailing white space at its start or end (pdfjs gives a real space alone or attached: " और"). White space
 * inside a run is left out: pdfjs puts it inside words of reordered glyphs ("उत् पन्न").
 */
export function spaceMarks(items: PdfTextItem[], pageHeight: number): SpaceMark[] {
  const marks: SpaceMark[] = [];
  for (const item of items) {
    if (!item.str || !item.transform || !/\s/u.test(item.str)) continue;
    const [, , , , x = 0, y = 0] = item.transform;
    if (/^\s+$/u.test(item.str)) marks.push({ x, y: pageHeight - y, width: item.width ?? 0 });
    else if (/^\s/u.test(item.str)) marks.push({ x, y: pageHeight - y });
    if (/\S\s+$/u.test(item.str)) marks.push({ x: x + (item.width ?? 0), y: pageHeight - y });
  }
  return marks;
}

/** A page's text as one flowing paragraph, for study material: words broken with a hyphen are joined. */
export function flowingText(items: PdfTextItem[]): string {
  return (
    items
      .map((item) => (item.str !== undefined ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
      .join('')
      // Words broken across lines with a hyphen are joined back.
      .replace(/(\w)-\n(\w)/g, '$1$2')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * pdfjs gives text runs in drawing order, which for slides is often not reading order (a title drawn last,
 * text boxes in creation order). Runs are grouped into lines by baseline, lines read top to bottom and runs
 * left to right; a gap wider than a third of the font size between runs becomes a space.
 */
export function linesInReadingOrder(items: PdfTextItem[]): SlideLine[] {
  const runs = items
    .filter((item) => item.str && item.str.trim() !== '' && item.transform)
    .map((item) => {
      const [, , , d = 0, x = 0, y = 0] = item.transform as number[];
      const size = Math.abs(item.height || d) || 10;
      return { text: item.str as string, x, y, width: item.width ?? 0, size };
    });
  runs.sort((a, b) => b.y - a.y || a.x - b.x);

  const lines: (typeof runs)[] = [];
  for (const run of runs) {
    const line = lines.at(-1);
    // Same line: baselines closer than half the font size (superscripts, mixed sizes).
    if (line && Math.abs(line[0].y - run.y) < Math.min(line[0].size, run.size) / 2) line.push(run);
    else lines.push([run]);
  }
  return lines
    .map((line) => {
      line.sort((a, b) => a.x - b.x);
      let text = '';
      let end = Number.NEGATIVE_INFINITY;
      for (const run of line) {
        const gap = run.x - end;
        if (text && gap > run.size / 3 && !/\s$/.test(text) && !/^\s/.test(run.text)) text += ' ';
        text += run.text;
        end = run.x + run.width;
      }
      return { text: text.replace(/\s+/g, ' ').trim(), size: Math.max(...line.map((run) => run.size)) };
    })
    .filter((line) => line.text !== '');
}

/** The page's text in reading order, one line per text line. */
export function textInReadingOrder(items: PdfTextItem[]): string {
  return linesInReadingOrder(items)
    .map((line) => line.text)
    .join('\n');
}
