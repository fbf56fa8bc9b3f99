/**
 * Course library rendering: a 10-slide PDF (made here with pdfkit) narrated by the local voice alloy (flite's
 * RMS, ~6 s a slide, ~60 s in all) with a static avatar, through the same steps the library job runs:
 * readPdfSlides → local speech → renderSegment (2 at a time, one per core) → concatSegments → packageLessonHls →
 * captionsForSegments. Then one slide's narration changes and only that segment is rendered again, joined
 * and packaged. Prints wall time, realtime factor, peak memory and output size.
 *
 * Then each of the six local voices speaks one slide's narration: its engine, sample rate and CPU time per
 * second of speech (decision 059).
 *
 * Peak memory: this process's maxRSS (process.resourceUsage) and, for the ffmpeg/speech children, the
 * largest summed RSS of this process's descendants sampled from /proc every 50 ms.
 *
 *   node_modules/.bin/tsx bench/lesson-render.ts [slides=10]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCanvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import { GURU_VOICES } from '../common/gurus';
import { captionsForSegments, concatSegments, packageLessonHls } from '../server/media/lesson-assembly';
import { renderSegment, wavDurationSeconds } from '../server/media/narrated-segment';
import { readPdfSlides } from '../server/media/pdf-slides';
import { localSpeaker } from '../server/providers/tts/local-voices';

const slideCount = Number(process.argv[2] ?? 10);
const dir = await mkdtemp(path.join(os.tmpdir(), 'gurukul-lesson-bench-'));
const speaker = localSpeaker();
const style = { fontFamily: 'Lato', colorHex: '#4c6ef5' };

// About 15 words: ~6 s in the alloy voice.
const narration = (index: number, variant = '') =>
  `Slide ${index + 1}${variant}. Here we look at how angles and lines meet inside a triangle, and why it matters.`;

function makePdf(count: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [960, 540], margin: 40, autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let index = 0; index < count; index += 1) {
      doc.addPage();
      doc
        .font('Helvetica-Bold')
        .fontSize(40)
        .fillColor('#1a1b1e')
        .text(`Triangles, part ${index + 1}`, 60, 60);
      doc.font('Helvetica').fontSize(24);
      for (const [line, text] of [
        'Angles add up to 180°',
        'Sides and vertices',
        'Similar triangles',
      ].entries()) {
        doc.text(`• ${text}`, 80, 180 + line * 50);
      }
      doc.rect(640, 260, 200, 160).fill('#12b886');
    }
    doc.end();
  });
}

function avatar(): Buffer {
  const canvas = createCanvas(256, 256);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fd7e14';
  context.beginPath();
  context.arc(128, 128, 120, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = '#ffffff';
  context.font = 'bold 96px "DejaVu Sans"';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText('G', 128, 132);
  return canvas.toBuffer('image/png');
}

/**
 * Summed RSS (kB) of all descendants of this process, found from /proc/<pid>/task/<tid>/children down the
 * tree. Scanning every process's status instead cost this process ~1.4 ms of CPU a scan with 110 processes on
 * the machine, 20 times a second, and grew with the neighbours' processes: part of this bench's own CPU
 * figure (decision 059).
 */
function childrenRssKb(): number {
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return ''; // The process ended while being read.
    }
  };
  const childrenOf = (pid: number): number[] => {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      return [];
    }
    return tasks.flatMap((tid) =>
      read(`/proc/${pid}/task/${tid}/children`).split(' ').filter(Boolean).map(Number),
    );
  };
  let sum = 0;
  const pending = childrenOf(process.pid);
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    sum += Number(/^VmRSS:\s+(\d+)/m.exec(read(`/proc/${pid}/status`))?.[1] ?? 0);
    pending.push(...childrenOf(pid));
  }
  return sum;
}

let childPeakKb = 0;
const sampler = setInterval(() => {
  childPeakKb = Math.max(childPeakKb, childrenRssKb());
}, 50);

/** Runs jobs with at most `limit` in flight, keeping order of results. */
async function pool<T>(count: number, limit: number, job: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await job(index);
      }
    }),
  );
  return results;
}

/**
 * CPU seconds used so far by this process plus its finished children (ffmpeg, ffprobe, the speech programs): utime,
 * stime, cutime and cstime of /proc/self/stat, in clock ticks of 1/100 s.
 */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // After "pid (comm) ", field 14 (utime) is index 11.
  return fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0) / 100;
}

const folderBytes = (folder: string) =>
  readdirSync(folder).reduce((sum, name) => sum + statSync(path.join(folder, name)).size, 0);
const seconds = (from: number) => (performance.now() - from) / 1000;
const avatarPng = avatar();
const concurrency = Math.max(1, os.cpus().length);

async function renderOne(slidePng: Buffer, text: string, index: number, name: string) {
  const { data } = await speaker.synthesize(text, 'alloy');
  const outPath = path.join(dir, `${name}-${index}.mp4`);
  const result = await renderSegment({
    slidePng,
    narrationWav: data,
    title: index === 0 ? 'Triangles' : undefined,
    captionStyle: style,
    avatarPng,
    avatarCorner: 'bottom-right',
    outPath,
  });
  return { outPath, text, ...result };
}

console.log(
  `${slideCount} slides, Node ${process.version}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
const pdf = await makePdf(slideCount);

/** Runs one step, keeping its wall time and CPU time (this process and its children). */
const figures: Record<string, { wall: number; cpu: number }> = {};
async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const cpu = cpuSeconds();
  const wall = performance.now();
  const result = await work();
  figures[name] = { wall: seconds(wall), cpu: cpuSeconds() - cpu };
  return result;
}

// Upload: PDF → slides (the wizard's step; this is the first pdfjs use in the process, so it is cold).
const { slides } = await step('slides', () => readPdfSlides(pdf));

// The generation job: speech + segments (one per core at a time), join, HLS, captions.
const rendered = await step('segments', () =>
  pool(slides.length, concurrency, (index) =>
    renderOne(slides[index].image, narration(index), index, 'segment'),
  ),
);
const lesson = path.join(dir, 'lesson.mp4');
const hls = path.join(dir, 'hls');
const { joined, captions } = await step('assemble', async () => {
  const joined = await concatSegments(
    rendered.map((segment) => segment.outPath),
    lesson,
  );
  await mkdir(hls);
  await packageLessonHls(lesson, hls);
  return { joined, captions: captionsForSegments(rendered) };
});
const videoSeconds = joined.durationSeconds;

// One narration changes: only that segment is synthesised and rendered again, then join + package.
const changed = Math.floor(slides.length / 2);
await step('regenerate', async () => {
  rendered[changed] = await renderOne(
    slides[changed].image,
    narration(changed, ', revised'),
    changed,
    'edit',
  );
  const lesson2 = path.join(dir, 'lesson-2.mp4');
  await concatSegments(
    rendered.map((segment) => segment.outPath),
    lesson2,
  );
  const hls2 = path.join(dir, 'hls-2');
  await mkdir(hls2);
  await packageLessonHls(lesson2, hls2);
  captionsForSegments(rendered);
});

// Each local voice speaking one slide's narration: what its engine costs per second of speech.
const voiceFigures: string[] = [];
for (const voice of GURU_VOICES) {
  const cpu = cpuSeconds();
  const audio = await speaker.synthesize(narration(0), voice);
  const used = cpuSeconds() - cpu;
  const spoken = wavDurationSeconds(audio.data);
  const rate = audio.data.readUInt32LE(24);
  voiceFigures.push(
    `    ${voice}: ${audio.engine}, ${rate / 1000} kHz, ${spoken.toFixed(1)} s of speech, CPU ${used.toFixed(2)} s ` +
      `(${(used / spoken).toFixed(3)} CPU-s per second)`,
  );
}

clearInterval(sampler);
const selfPeakMb = process.resourceUsage().maxRSS / 1024;
const cores = os.cpus().length;
const job = {
  wall: figures.segments.wall + figures.assemble.wall,
  cpu: figures.segments.cpu + figures.assemble.cpu,
};
const all = { wall: job.wall + figures.slides.wall, cpu: job.cpu + figures.slides.cpu };
const show = (figure: { wall: number; cpu: number }) =>
  `${figure.wall.toFixed(2)} s (CPU ${figure.cpu.toFixed(2)} s)`;
const realtime = (figure: { wall: number; cpu: number }) =>
  `realtime ×${(videoSeconds / figure.wall).toFixed(1)} (×${(videoSeconds / (figure.cpu / cores)).toFixed(1)} by CPU time on ${cores} free cores)`;
console.log(
  `lesson ${videoSeconds.toFixed(1)} s, ${slides.length} segments, joined by stream copy: ${joined.copied}\n` +
    `  upload, PDF → slides: ${show(figures.slides)} (cold: first pdfjs use in the process)\n` +
    `  render job: ${show(job)}  ${realtime(job)}\n` +
    `    speech + segments ${show(figures.segments)}, ${concurrency} at a time; join + HLS + captions ${show(figures.assemble)}\n` +
    `  slides + render job: ${show(all)}  ${realtime(all)}\n` +
    `  regenerate after one narration change: ${show(figures.regenerate)}\n` +
    `  peak memory: this process ${selfPeakMb.toFixed(0)} MB (maxRSS), children ${(childPeakKb / 1024).toFixed(0)} MB ` +
    `(summed RSS of all descendants, sampled every 50 ms)\n` +
    `  output: MP4 ${(statSync(lesson).size / 1e6).toFixed(2)} MB, HLS ${(folderBytes(hls) / 1e6).toFixed(2)} MB, ` +
    `captions ${captions.length} bytes\n` +
    `  local voices, one slide's narration each:\n${voiceFigures.join('\n')}`,
);
await rm(dir, { recursive: true, force: true });
