import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { countOf } from '../../common/words';
import type { PdfJob, PdfJobPage, PdfReadCode, PdfTask, SlideLine, SpaceMark } from './pdf-pages';
import type { PdfWorkerMessage } from './pdf-render-worker';
import { workerScript } from './worker-script';

/**
 * The server's side of PDF reading: each document is read by its own child process (pdf-render-worker.ts)
 * with a memory cap and a time limit, so a native crash, a hang or an out-of-memory fails that one document
 * and never the server. Input and page PNGs go through a temporary folder, not the IPC channel.
 * See docs/decisions/016-media-work-out-of-process.md.
 */

export interface PdfProcessLimits {
  /** Longest the child may go without progress (starting and opening the PDF, then each page). */
  timeoutMs: number;
  /** The child's memory cap in MB: its V8 heap limit and, on Linux, its resident memory. */
  memoryMb: number;
}

/** PDF_RENDER_TIMEOUT_S and PDF_RENDER_MEMORY_MB when unset. */
export const PDF_PROCESS_DEFAULTS: PdfProcessLimits = { timeoutMs: 60_000, memoryMb: 1024 };

/** The limits from the checked settings PDF_RENDER_TIMEOUT_S and PDF_RENDER_MEMORY_MB (server/settings-schema.ts). */
export function pdfProcessLimits(values: {
  PDF_RENDER_TIMEOUT_S?: number;
  PDF_RENDER_MEMORY_MB?: number;
}): PdfProcessLimits {
  return {
    timeoutMs: Math.round((values.PDF_RENDER_TIMEOUT_S ?? PDF_PROCESS_DEFAULTS.timeoutMs / 1000) * 1000),
    memoryMb: Math.round(values.PDF_RENDER_MEMORY_MB ?? PDF_PROCESS_DEFAULTS.memoryMb),
  };
}

/** How the child failed: a refusal it reported (PdfReadCode) or its own end. */
export type PdfProcessFailureCode = PdfReadCode | 'CRASHED' | 'TIMED_OUT' | 'OUT_OF_MEMORY';

export class PdfProcessError extends Error {
  constructor(
    readonly code: PdfProcessFailureCode,
    /** For the log: the child's exit, its last output, pdfjs's own error text. */
    readonly detail: string,
  ) {
    super(`PDF reading failed (${code}): ${detail}`);
    this.name = 'PdfProcessError';
  }
}

export interface PdfProcessPage {
  page: number;
  text: string;
  /** The page's lines with their sizes ('slides' jobs). */
  lines?: SlideLine[];
  /** Where the page draws spaces (pdf-pages.ts SpaceMark), when it draws any. */
  spaces?: SpaceMark[];
  /** The page's PNG ('slides' jobs). */
  image?: Buffer;
}

export interface PdfProcessResult {
  pageCount: number;
  pages: PdfProcessPage[];
}

/** At most one child per core at once: a class of uploads must not start dozens of renderers. */
const slots = { free: Math.max(1, os.availableParallelism()), waiting: [] as (() => void)[] };
async function takeSlot(): Promise<() => void> {
  if (slots.free > 0) slots.free -= 1;
  else await new Promise<void>((resolve) => slots.waiting.push(resolve));
  return () => {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.free += 1;
  };
}

/** Children still running when the server exits are ended with it (hooked on the first child). */
const running = new Set<ChildProcess>();
let endedWithServer = false;
function endWithServer(child: ChildProcess): void {
  running.add(child);
  if (endedWithServer) return;
  endedWithServer = true;
  process.once('exit', () => {
    for (const each of running) each.kill('SIGKILL');
  });
}

/** Reads a PDF in a child process. Throws PdfProcessError; the caller words it for people. */
export async function runPdfProcess(
  bytes: Uint8Array,
  task: PdfTask,
  limits: PdfProcessLimits = PDF_PROCESS_DEFAULTS,
): Promise<PdfProcessResult> {
  const release = await takeSlot();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gurukul-pdf-'));
  try {
    const input = path.join(dir, 'input.pdf');
    await writeFile(input, bytes);
    const script = await workerScript('pdf-render-worker', import.meta.url);
    const job = { ...task, input, outDir: dir };
    // A renderer that died without a reason (no refusal, no time or memory limit) is tried again: the native
    // renderer has been seen to crash now and then (SIGSEGV) on a PDF it reads the next time. A PDF that crashes
    // it every time is refused after the third try.
    const { pageCount, pages } = await runChildAgainIfCrashed(script, job, limits, CRASH_TRIES);
    return {
      pageCount,
      pages: await Promise.all(
        pages.map(async ({ image, ...page }) =>
          image ? { ...page, image: await readFile(path.join(dir, path.basename(image))) } : page,
        ),
      ),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
    release();
  }
}

/** Tries of one PDF whose renderer keeps dying without a reason, before it is refused. */
const CRASH_TRIES = 3;

async function runChildAgainIfCrashed(
  script: string,
  job: PdfJob,
  limits: PdfProcessLimits,
  tries: number,
): Promise<{ pageCount: number; pages: PdfJobPage[] }> {
  try {
    return await runChild(script, job, limits);
  } catch (error) {
    if (tries <= 1 || !(error instanceof PdfProcessError) || error.code !== 'CRASHED') throw error;
    return runChildAgainIfCrashed(script, job, limits, tries - 1);
  }
}

const OUTPUT_TAIL = 4000;
const HEAP_EXHAUSTED = /heap out of memory|Reached heap limit|Allocation failed/i;
const RSS_POLL_MS = 250;

/** Runs one job; settles when the child has exited, so its memory is free before the next one starts. */
function runChild(
  script: string,
  job: PdfJob,
  limits: PdfProcessLimits,
): Promise<{ pageCount: number; pages: PdfJobPage[] }> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], {
      // Not the server's own options (tsx's loader, an inspector port): plain node with the heap cap.
      execArgv: [`--max-old-space-size=${limits.memoryMb}`],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    endWithServer(child);
    const pages: PdfJobPage[] = [];
    let pageCount: number | undefined;
    let refusal: { code: PdfReadCode; detail: string } | undefined;
    let killedFor: 'TIMED_OUT' | 'OUT_OF_MEMORY' | undefined;
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);

    const stop = (reason: 'TIMED_OUT' | 'OUT_OF_MEMORY') => {
      killedFor ??= reason;
      child.kill('SIGKILL');
    };
    let timer = setTimeout(() => stop('TIMED_OUT'), limits.timeoutMs);
    const progress = () => {
      clearTimeout(timer);
      timer = setTimeout(() => stop('TIMED_OUT'), limits.timeoutMs);
    };
    // The heap cap does not cover native memory (decoded images, the canvas): watch the whole process.
    const statm = `/proc/${child.pid}/statm`;
    const watch = existsSync(statm)
      ? setInterval(() => {
          readFile(statm, 'utf8').then(
            (text) => {
              const residentPages = Number(text.split(' ')[1]);
              if (residentPages * 4096 > limits.memoryMb * 1024 * 1024) stop('OUT_OF_MEMORY');
            },
            () => undefined, // Gone already: the exit handler settles.
          );
        }, RSS_POLL_MS)
      : undefined;

    child.on('message', (raw) => {
      const message = raw as PdfWorkerMessage;
      progress();
      if (message.type === 'page') pages.push(message.page);
      else if (message.type === 'done') pageCount = message.pageCount;
      else if (message.type === 'failed') refusal = { code: message.code, detail: message.detail };
    });
    child.send(job);

    let settled = false;
    const finish = (error: PdfProcessError | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      running.delete(child);
      if (error) reject(error);
      else resolve({ pageCount: pageCount ?? pages.length, pages });
    };
    child.on('error', (error) => {
      child.kill('SIGKILL');
      finish(new PdfProcessError('CRASHED', `the PDF process could not run: ${error.message}`));
    });
    // 'close', not 'exit': the child's last output (a fatal heap message) has been read by then.
    child.once('close', (code, signal) => {
      if (pageCount !== undefined) return finish(undefined);
      if (refusal) return finish(new PdfProcessError(refusal.code, refusal.detail));
      const ending = signal ? `signal ${signal}` : `exit code ${code}`;
      const cause = killedFor === 'OUT_OF_MEMORY' ? `resident memory over ${limits.memoryMb} MB, ` : '';
      const detail = `${cause}${ending}, ${countOf(pages.length, 'page')} done; output: ${output.trim() || '(none)'}`;
      if (killedFor) return finish(new PdfProcessError(killedFor, detail));
      if (HEAP_EXHAUSTED.test(output)) return finish(new PdfProcessError('OUT_OF_MEMORY', detail));
      finish(new PdfProcessError('CRASHED', detail));
    });
  });
}
