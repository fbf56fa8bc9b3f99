/**
 * HLS packaging time per minute of uploaded video: makes test clips with ffmpeg (720p and 1080p, with
 * audio), packages each with the same code the upload job uses, and prints wall time, realtime factor and
 * seconds of work per minute of video.
 *
 *   node_modules/.bin/tsx bench/hls-packaging.ts [seconds=60]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { packageHls, probeVideo } from '../server/media/ffmpeg';

const seconds = Number(process.argv[2] ?? 60);
const dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-hls-bench-'));

function makeClip(name: string, size: string): string {
  const file = path.join(dir, name);
  // testsrc2 moves every frame, so the encoder cannot coast: a harder case than slides.
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=30`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

const folderBytes = (folder: string) =>
  readdirSync(folder).reduce((sum, name) => sum + statSync(path.join(folder, name)).size, 0);

console.log(`clip length ${seconds} s, Node ${process.version}, ${os.cpus().length} cores`);
for (const [label, size] of [
  ['720p source', '1280x720'],
  ['1080p source (scaled to 720p)', '1920x1080'],
] as const) {
  const clip = makeClip(`${size}.mp4`, size);
  const probe = await probeVideo(clip);
  const out = path.join(dir, `hls-${size}`);
  mkdirSync(out);
  const started = performance.now();
  await packageHls(clip, out, () => undefined, { probe });
  const wall = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(30)} wall ${wall.toFixed(2)} s  realtime ×${(probe.durationSeconds / wall).toFixed(1)}  ` +
      `${((wall / probe.durationSeconds) * 60).toFixed(1)} s per minute of video  output ${(folderBytes(out) / 1e6).toFixed(1)} MB`,
  );
}
rmSync(dir, { recursive: true, force: true });
