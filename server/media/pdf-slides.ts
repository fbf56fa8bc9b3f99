import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { MediaError } from './ffmpeg';

/** Why a slide deck was refused; the course library maps these codes to its HTTP answers. */
export type SlideDeckErrorCode =
  | 'INVALID_PDF'
  | 'PDF_ENCRYPTED'
  | 'PDF_UNREADABLE'
  | 'SLIDE_LIMIT'
  | 'PPTX_UNSUPPORTED'
  | 'INVALID_PPTX';

/** A slide deck that cannot become slides. `message` is written for the person who uploaded it. */
export class SlideDeckError extends MediaError {
  constructor(
    readonly code: SlideDeckErrorCode,
    message: string,
    detail?: string,
    kind: 'input' | 'system' = 'input',
  ) {
    super(message, detail, kind);
    this.name = 'SlideDeckError';
  }
}

export const SLIDE_LIMIT_MESSAGE = 'Slide limit exceeded';
export const PPTX_NEEDS_LIBREOFFICE =
  'PowerPoint files need LibreOffice, which is not installed on this server. Please export your slides as a PDF and upload that instead.';

/** Slides are 16:9 video frames. */
const ASPECT = 16 / 9;
const DEFAULT_WIDTH = 1280;

export interface Slide {
  /** 1-based page number. */
  page: number;
  /** The page's text in reading order, one line per text line: the segment narration's starting text. */
  text: string;
  /** PNG of the page, letterboxed on white to width × width·9/16 (1280×720 by default). */
  image: Buffer;
}

export interface PdfSlides {
  pageCount: number;
  slides: Slide[];
}

export interface ReadPdfOptions {
  /** Width of the slide images in pixels; the height is 9/16 of it. Default 1280. */
  width?: number;
  /** The plan's slide limit: a longer deck is refused with SLIDE_LIMIT before anything is rendered. */
  maxPages?: number;
}

const require = createRequire(import.meta.url);
// Standard fonts (Helvetica and friends, never embedded) and CMaps are read from disk by pdfjs in Node.
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const STANDARD_FONTS = `${path.join(pdfjsRoot, 'standard_fonts')}/`;
const CMAPS = `${path.join(pdfjsRoot, 'cmaps')}/`;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsModule: Promise<PdfJs> | undefined;
/** Loaded on first use: pdfjs is large and most server processes never read a PDF. */
const loadPdfJs = () => {
  pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsModule;
};

/** The SPEC's upload sniffing: a PDF starts with its marker, whatever the file is called. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/**
 * Reads a PDF into slides: each page's text in reading order and a PNG letterboxed on white to 16:9.
 * Throws SlideDeckError: INVALID_PDF (not a PDF by its bytes), PDF_ENCRYPTED (needs a password),
 * PDF_UNREADABLE (damaged), SLIDE_LIMIT (more pages than `maxPages`).
 */
export async function readPdfSlides(bytes: Uint8Array, options: ReadPdfOptions = {}): Promise<PdfSlides> {
  if (!isPdf(bytes)) throw new SlideDeckError('INVALID_PDF', 'This file is not a PDF.');
  const width = Math.round(options.width ?? DEFAULT_WIDTH);
  if (!Number.isInteger(width) || width < 16 || width > 7680) {
    throw new RangeError(`Slide width must be 16–7680 pixels, not ${options.width}`);
  }
  const height = Math.round(width / ASPECT);

  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdfjs takes ownership of (detaches) the buffer it is given, so it gets a copy.
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    cMapUrl: CMAPS,
    cMapPacked: true,
    isEvalSupported: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy();
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new SlideDeckError(
        'PDF_ENCRYPTED',
        'This PDF is protected with a password. Please upload a copy without a password.',
        String(error),
      );
    }
    throw new SlideDeckError(
      'PDF_UNREADABLE',
      'This PDF cannot be read; it may be damaged or incomplete. Please export it again and upload the new copy.',
      String(error),
    );
  }

  try {
    const pageCount = doc.numPages;
    if (options.maxPages !== undefined && pageCount > options.maxPages) {
      throw new SlideDeckError(
        'SLIDE_LIMIT',
        SLIDE_LIMIT_MESSAGE,
        `${pageCount} pages, limit ${options.maxPages}`,
      );
    }
    const slides: Slide[] = [];
    for (let number = 1; number <= pageCount; number += 1) {
      const page = await doc.getPage(number);
      try {
        const content = await page.getTextContent();
        const text = textInReadingOrder(content.items as PdfTextItem[]);
        const image = await renderPage(page, width, height);
        slides.push({ page: number, text, image });
      } finally {
        page.cleanup();
      }
    }
    return { pageCount, slides };
  } catch (error) {
    if (error instanceof SlideDeckError) throw error;
    throw new SlideDeckError(
      'PDF_UNREADABLE',
      'A page of this PDF cannot be read; it may be damaged. Please export it again and upload the new copy.',
      String(error),
    );
  } finally {
    await doc.destroy();
  }
}

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<PdfJs['getDocument']>['promise']>['getPage']>>;

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
  return canvas.encode('png');
}

interface PdfTextItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

/**
 * pdfjs gives text runs in drawing order, which for slides is often not reading order (a title drawn last,
 * text boxes in creation order). Runs are grouped into lines by baseline, lines read top to bottom and runs
 * left to right; a gap wider than a third of the font size between runs becomes a space.
 */
export function textInReadingOrder(items: PdfTextItem[]): string {
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
      return text.replace(/\s+/g, ' ').trim();
    })
    .filter((line) => line !== '')
    .join('\n');
}

export interface PptxSupport {
  available: boolean;
  /** The LibreOffice program found on PATH. */
  binary?: string;
  /** Why PPTX uploads are refused, for the upload page. */
  message?: string;
}

/** Whether PPTX decks can be converted here: LibreOffice (`soffice`) on PATH. */
export function pptxSupport(binary = 'soffice'): PptxSupport {
  const found = findOnPath(binary);
  return found ? { available: true, binary: found } : { available: false, message: PPTX_NEEDS_LIBREOFFICE };
}

function findOnPath(binary: string): string | undefined {
  const candidates = binary.includes('/')
    ? [binary]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, binary));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** A large deck can take LibreOffice a minute; this only stops a hung conversion. */
const PPTX_TIMEOUT_MS = 180_000;

/**
 * Converts a PPTX to PDF with `soffice --headless --convert-to pdf` in a throwaway folder (with its own
 * LibreOffice profile, so conversions never share or lock one). Without LibreOffice: PPTX_UNSUPPORTED.
 */
export async function convertPptxToPdf(
  bytes: Uint8Array,
  options: { binary?: string; timeoutMs?: number } = {},
): Promise<Buffer> {
  const support = pptxSupport(options.binary);
  if (!support.available || !support.binary) {
    throw new SlideDeckError('PPTX_UNSUPPORTED', PPTX_NEEDS_LIBREOFFICE, undefined, 'system');
  }
  // A PPTX is a ZIP archive.
  if (bytes.length < 4 || Buffer.from(bytes.subarray(0, 4)).toString('latin1') !== 'PK\x03\x04') {
    throw new SlideDeckError('INVALID_PPTX', 'This file is not a PowerPoint (.pptx) presentation.');
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gurukul-pptx-'));
  try {
    const input = path.join(dir, 'slides.pptx');
    await writeFile(input, bytes);
    const args = [
      `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
      '--headless',
      '--norestore',
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      input,
    ];
    const stderr = await new Promise<string>((resolve, reject) => {
      const child = spawn(support.binary as string, args, {
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: options.timeoutMs ?? PPTX_TIMEOUT_MS,
        killSignal: 'SIGKILL',
      });
      let errorText = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        errorText = (errorText + chunk).slice(-4000);
      });
      child.once('error', reject);
      child.once('close', (code, signal) =>
        code === 0 ? resolve(errorText) : reject(new Error(`soffice exit ${code ?? signal}: ${errorText}`)),
      );
    }).catch((error: unknown) => {
      throw new SlideDeckError(
        'INVALID_PPTX',
        'This presentation could not be converted to slides. Please export it as a PDF and upload that instead.',
        String(error),
      );
    });
    try {
      return await readFile(path.join(dir, 'slides.pdf'));
    } catch {
      throw new SlideDeckError(
        'INVALID_PPTX',
        'This presentation could not be converted to slides. Please export it as a PDF and upload that instead.',
        stderr,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
