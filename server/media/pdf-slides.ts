import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MediaError } from './ffmpeg';
import {
  PDF_PROCESS_DEFAULTS,
  PdfProcessError,
  type PdfProcessFailureCode,
  type PdfProcessLimits,
  runPdfProcess,
} from './pdf-process';
import { popplerPageLines } from './poppler-text';
import { readableLetters, slideTexts, unreadableText, visibleCount } from './slide-text';

/** Why a slide deck was refused; the course library maps these codes to its HTTP answers. */
export type SlideDeckErrorCode =
  | 'INVALID_PDF'
  | 'PDF_ENCRYPTED'
  | 'PDF_UNREADABLE'
  | 'PDF_RENDER_FAILED'
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

/** Slides are 16:9 video frames, this wide by default. */
const DEFAULT_WIDTH = 1280;

export interface Slide {
  /** 1-based page number. */
  page: number;
  /** The slide's title, kept apart from its narration ('' when it has none). */
  heading: string;
  /** The slide's body as sentences (slide-text.ts): the segment narration's starting text. */
  text: string;
  /** PNG of the page, letterboxed on white to width × width·9/16 (1280×720 by default). */
  image: Buffer;
  /** The page has text whose font maps no glyph to a letter (slide-text.ts unreadableText). */
  unreadable: boolean;
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
  /** The PDF child process's time limit and memory cap (PDF_RENDER_TIMEOUT_S, PDF_RENDER_MEMORY_MB). */
  limits?: PdfProcessLimits;
}

/** The SPEC's upload sniffing: a PDF starts with its marker, whatever the file is called. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

const EXPORT_AGAIN = 'Please export it again and upload the new copy.';

/** A PDF that opens but has no page: nothing in it to show or learn from. */
export const PDF_NO_PAGES_MESSAGE = `This PDF could not be read: it has no pages. ${EXPORT_AGAIN}`;

/** What a failed PDF child process means for the person who uploaded the file. */
export function pdfFailureMessage(error: PdfProcessError, limits = PDF_PROCESS_DEFAULTS): string {
  switch (error.code) {
    case 'PDF_ENCRYPTED':
      return 'This PDF is protected with a password. Please upload a copy without a password.';
    case 'PDF_UNREADABLE':
      return `This PDF cannot be read; it may be damaged or incomplete. ${EXPORT_AGAIN}`;
    case 'PDF_PAGE_UNREADABLE':
      return `A page of this PDF cannot be read; it may be damaged. ${EXPORT_AGAIN}`;
    case 'SLIDE_LIMIT':
      return SLIDE_LIMIT_MESSAGE;
    case 'CRASHED':
      return `This PDF could not be read: the page renderer stopped on it. ${EXPORT_AGAIN}`;
    case 'TIMED_OUT':
      return `This PDF could not be read: a page took longer than ${Math.round(limits.timeoutMs / 1000)} s to draw. ${EXPORT_AGAIN}`;
    case 'OUT_OF_MEMORY':
      return 'This PDF could not be read: it needs more memory than one upload may use. Please export it again with smaller images and upload the new copy.';
  }
}

/** The refusal codes of the deck: a renderer that crashed, hung or ran out of memory is PDF_RENDER_FAILED. */
const DECK_CODE = {
  PDF_ENCRYPTED: 'PDF_ENCRYPTED',
  PDF_UNREADABLE: 'PDF_UNREADABLE',
  PDF_PAGE_UNREADABLE: 'PDF_UNREADABLE',
  SLIDE_LIMIT: 'SLIDE_LIMIT',
  CRASHED: 'PDF_RENDER_FAILED',
  TIMED_OUT: 'PDF_RENDER_FAILED',
  OUT_OF_MEMORY: 'PDF_RENDER_FAILED',
} as const satisfies Record<PdfProcessFailureCode, SlideDeckErrorCode>;

/**
 * Reads a PDF into slides: each page's text in reading order and a PNG letterboxed on white to 16:9, in a
 * child process (pdf-process.ts). Throws SlideDeckError: INVALID_PDF (not a PDF by its bytes), PDF_ENCRYPTED
 * (needs a password), PDF_UNREADABLE (damaged), SLIDE_LIMIT (more pages than `maxPages`), PDF_RENDER_FAILED
 * (the renderer crashed, hung or ran out of memory on it).
 */
export async function readPdfSlides(bytes: Uint8Array, options: ReadPdfOptions = {}): Promise<PdfSlides> {
  if (!isPdf(bytes)) throw new SlideDeckError('INVALID_PDF', 'This file is not a PDF.');
  const width = Math.round(options.width ?? DEFAULT_WIDTH);
  if (!Number.isInteger(width) || width < 16 || width > 7680) {
    throw new RangeError(`Slide width must be 16–7680 pixels, not ${options.width}`);
  }
  const limits = options.limits ?? PDF_PROCESS_DEFAULTS;
  try {
    const result = await runPdfProcess(bytes, { task: 'slides', width, maxPages: options.maxPages }, limits);
    // Poppler's text where it can read the file (Indic decks: poppler-text.ts), else the renderer's own.
    const poppler = await popplerPageLines(
      bytes,
      limits,
      result.pages.map((page) => page.spaces),
    );
    const usePoppler = poppler !== null && poppler.length === result.pageCount;
    const lines = result.pages.map((page) =>
      usePoppler ? (poppler[page.page - 1] ?? []) : (page.lines ?? []),
    );
    const texts = slideTexts(lines);
    return {
      pageCount: result.pageCount,
      slides: result.pages.map(({ page, image }, index) => {
        if (!image) throw new PdfProcessError('CRASHED', `page ${page} came back without its image`);
        // pdfjs keeps what it cannot map (NUL, private-use code points); Poppler drops it. Unreadable: most of
        // pdfjs's text is such, and Poppler read fewer letters than half of what was drawn.
        const drawn = result.pages[index].lines ?? [];
        const unreadable =
          unreadableText(drawn) && (!usePoppler || readableLetters(lines[index]) < visibleCount(drawn) / 2);
        return { page, heading: texts[index].heading, text: texts[index].narration, image, unreadable };
      }),
    };
  } catch (error) {
    if (!(error instanceof PdfProcessError)) throw error;
    throw new SlideDeckError(DECK_CODE[error.code], pdfFailureMessage(error, limits), error.detail);
  }
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
