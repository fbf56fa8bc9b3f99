import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ClipOptions {
  /** File name inside a fresh temporary folder (the upload's name in tests that show it). */
  name?: string;
  seconds?: number;
  size?: string;
  rate?: number;
  /** A sine tone as the soundtrack; off for a silent clip. */
  audio?: boolean;
}

/** Folders made by this test process, removed when it exits (CI machines otherwise gather them in /tmp). */
const madeFolders: string[] = [];
process.once('exit', () => {
  for (const folder of madeFolders) rmSync(folder, { recursive: true, force: true });
});

/**
 * A real H.264 (+ AAC) MP4 made by ffmpeg's test pattern, so uploads and packaging run for real in tests.
 * Returns its path (in a new temporary folder) and its bytes.
 */
export function makeTestClip(options: ClipOptions = {}): { file: string; bytes: Buffer } {
  const { name = 'clip.mp4', seconds = 2, size = '320x240', rate = 15, audio = true } = options;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'gurukul-clip-'));
  madeFolders.push(folder);
  const file = path.join(folder, name);
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=${rate}`],
      ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440'] : []),
      ...['-t', String(seconds), '-pix_fmt', 'yuv420p', '-c:v', 'libx264'],
      ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
      file,
    ],
    { stdio: 'pipe' },
  );
  return { file, bytes: readFileSync(file) };
}
