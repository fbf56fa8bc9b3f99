import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type PdfJob, type PdfJobPage, PdfReadFailure, readPdfJob } from './pdf-pages';

/**
 * The PDF child process: reads one PDF (job from the parent over IPC), writes page PNGs into the job's folder,
 * reports each page and exits. A native crash, a hang or running out of memory here ends this process only;
 * the server turns that into a refusal of the one upload (pdf-process.ts). Imports pdf-pages.ts and Node
 * built-ins only: in production it is its own small bundle, dist/server/pdf-render-worker.js.
 */

/** Messages to the parent. */
export type PdfWorkerMessage =
  | { type: 'page'; page: PdfJobPage }
  | { type: 'done'; pageCount: number }
  | { type: 'failed'; code: PdfReadFailure['code']; detail: string };

const send = (message: PdfWorkerMessage) =>
  new Promise<void>((resolve, reject) => {
    if (!process.send) return reject(new Error('pdf-render-worker must be started with an IPC channel'));
    process.send(message, (error: Error | null) => (error ? reject(error) : resolve()));
  });

/**
 * Stands in for a native fault in tests: GURUKUL_TEST_PDF_FAULT=crash|crash-until:<file>:<n>|hang|oom, honoured only when
 * NODE_ENV=test so a stray variable cannot break a real server.
 */
function injectTestFault(): void {
  if (process.env.NODE_ENV !== 'test') return;
  const fault = process.env.GURUKUL_TEST_PDF_FAULT;
  if (fault === 'crash') process.abort();
  // crash-until:<file>:<n>: the first n children crash (each leaves a line in the file), as a renderer that dies
  // now and then does.
  const until = fault?.match(/^crash-until:(.+):(\d+)$/);
  if (until) {
    const crashed = existsSync(until[1]) ? readFileSync(until[1], 'utf8').split('\n').length - 1 : 0;
    if (crashed < Number(until[2])) {
      appendFileSync(until[1], 'crashed\n');
      process.abort();
    }
  }
  if (fault === 'hang') {
    const forever = Number.POSITIVE_INFINITY;
    while (Date.now() < forever) {
      // Spins like a renderer stuck in a loop: the event loop never runs again.
    }
  }
  if (fault === 'oom') {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array(1_000_000).fill(hoard.length));
  }
}

async function run(job: PdfJob): Promise<void> {
  const bytes = new Uint8Array(await readFile(job.input));
  injectTestFault();
  const writeImage = async (page: number, png: Buffer) => {
    const name = `page-${page}.png`;
    await writeFile(path.join(job.outDir, name), png);
    return name;
  };
  // Pages are reported as they are done: each one is the parent's sign that the renderer is not stuck.
  let sent = Promise.resolve();
  try {
    const { pageCount } = await readPdfJob(bytes, job, writeImage, (page) => {
      sent = sent.then(() => send({ type: 'page', page }));
    });
    await sent;
    await send({ type: 'done', pageCount });
  } catch (error) {
    await sent;
    if (!(error instanceof PdfReadFailure)) throw error;
    await send({ type: 'failed', code: error.code, detail: error.detail });
  }
}

// The parent going away (a server stopped or killed) ends the job: nobody is left to read its pages.
process.on('disconnect', () => process.exit(0));
// A renderer stuck in a loop never sees 'disconnect': a watchdog thread, which runs while the main thread is
// blocked, ends this process once the parent is gone (`kill -9` of the server leaves no spinning child).
new Worker(
  `const { workerData } = require('node:worker_threads');
  setInterval(() => { if (process.ppid !== workerData.parent) process.kill(workerData.self, 'SIGKILL'); }, 1000);`,
  { eval: true, workerData: { parent: process.ppid, self: process.pid } },
).unref();
process.once('message', (job: PdfJob) => {
  run(job).then(
    () => process.disconnect(),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
});
