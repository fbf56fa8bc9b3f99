import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HLS_SEGMENT_SECONDS, MediaError, packageHls, probeVideo } from './ffmpeg';

let dir = '';
let outCount = 0;
const clip = () => path.join(dir, 'clip.mp4');
const tall = () => path.join(dir, 'tall-silent.mp4');
const long = () => path.join(dir, 'long.webm');
const text = () => path.join(dir, 'notes.mp4');
const outDir = () => {
  outCount += 1;
  const out = path.join(dir, `out-${outCount}`);
  mkdirSync(out);
  return out;
};

/** The test videos, generated with ffmpeg's test sources. */
function makeVideo(file: string, args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, file], { stdio: 'pipe' });
}

const streamsOf = (file: string) =>
  JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file], {
      encoding: 'utf8',
    }),
  ).streams as { codec_type: string; codec_name: string; width?: number; height?: number }[];

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-ffmpeg-'));
  // 2 s, 320×240 at 15 fps, with a tone.
  makeVideo(clip(), [
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15', '-f', 'lavfi', '-i', 'sine', '-t', '2'],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac'],
  ]);
  // 1 s, taller than 720p, no sound.
  makeVideo(tall(), [
    ...['-f', 'lavfi', '-i', 'testsrc=size=1280x960:rate=10', '-t', '1'],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast'],
  ]);
  // 13 s WebM (VP8 + Vorbis) at a small size: three segments of at most 6 s.
  makeVideo(long(), [
    ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine', '-t', '13'],
    ...['-c:v', 'libvpx', '-b:v', '100k', '-deadline', 'realtime', '-c:a', 'libvorbis'],
  ]);
  writeFileSync(text(), 'These are my lecture notes, not a video.\n'.repeat(50));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('probeVideo', () => {
  it('reads duration, size and sound', async () => {
    const probe = await probeVideo(clip());
    expect(probe.durationSeconds).toBeGreaterThan(1.9);
    expect(probe.durationSeconds).toBeLessThan(2.2);
    expect(probe).toMatchObject({ width: 320, height: 240, hasAudio: true });
    expect(await probeVideo(tall())).toMatchObject({ width: 1280, height: 960, hasAudio: false });
  });

  it('fails with a clear error for a file that is not a video', async () => {
    const failure = probeVideo(text());
    await expect(failure).rejects.toBeInstanceOf(MediaError);
    await expect(failure).rejects.toThrow('This file is not a video we can read.');
    await expect(probeVideo(path.join(dir, 'missing.mp4'))).rejects.toThrow(/not a video/);
  });
});

describe('packageHls', () => {
  it('writes a playlist with relative segment names, the segments and a poster, and reports up to 100', async () => {
    const out = outDir();
    const seen: number[] = [];
    const started = Date.now();
    const result = await packageHls(clip(), out, (percent) => seen.push(percent));
    const elapsed = Date.now() - started;
    console.info(`packaged a 2 s clip in ${elapsed} ms`);

    expect(result.playlist).toBe('index.m3u8');
    expect(result.segments.length).toBeGreaterThanOrEqual(1);
    const playlist = readFileSync(path.join(out, 'index.m3u8'), 'utf8');
    expect(playlist).toMatch(/^#EXTM3U/);
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const listed = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(listed).toEqual(result.segments);
    expect(readdirSync(out).sort()).toEqual(['index.m3u8', 'poster.jpg', ...result.segments].sort());

    const streams = streamsOf(path.join(out, result.segments[0]));
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', height: 240 });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    const poster = readFileSync(path.join(out, 'poster.jpg'));
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('cuts 6 s segments and converts WebM to H.264/AAC', async () => {
    const out = outDir();
    const result = await packageHls(long(), out);
    expect(result.segments).toHaveLength(3);
    const durations = [
      ...readFileSync(path.join(out, 'index.m3u8'), 'utf8').matchAll(/#EXTINF:([\d.]+)/g),
    ].map((m) => Number(m[1]));
    expect(durations.slice(0, 2)).toEqual([HLS_SEGMENT_SECONDS, HLS_SEGMENT_SECONDS]);
    expect(durations.reduce((a, b) => a + b)).toBeCloseTo(13, 0);
    const codecs = streamsOf(path.join(out, result.segments[0])).map((s) => s.codec_name);
    expect(codecs.sort()).toEqual(['aac', 'h264']);
  });

  it('scales a video taller than 720p down to 720 lines and keeps a silent one silent', async () => {
    const out = outDir();
    const result = await packageHls(tall(), out);
    const streams = streamsOf(path.join(out, result.segments[0]));
    expect(streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(streams[0]).toMatchObject({ width: 960, height: 720 });
    expect(streamsOf(path.join(out, 'poster.jpg'))[0]).toMatchObject({ width: 960, height: 720 });
  });

  it('fails with a clear error for a file that is not a video and writes nothing', async () => {
    const out = outDir();
    await expect(packageHls(text(), out)).rejects.toThrow('This file is not a video we can read.');
    expect(readdirSync(out)).toEqual([]);
  });

  it('stops ffmpeg at the time limit with a clear error', async () => {
    const failure = packageHls(long(), outDir(), undefined, { timeoutMs: 50 });
    await expect(failure).rejects.toThrow('Converting the video for streaming took longer than 0.1 seconds');
    await expect(failure).rejects.toMatchObject({ kind: 'system' });
  });
});
