import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { espeakSpeaker } from '../providers/tts/espeak';
import { MediaError } from './ffmpeg';
import {
  renderSegment,
  SEGMENT_FPS,
  speechToWav,
  TITLE_SECONDS,
  wavDurationSeconds,
} from './narrated-segment';

let dir = '';
let wav: Buffer;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-segment-test-'));
  wav = (
    await espeakSpeaker().synthesize('A triangle has three sides. Its angles add up to 180 degrees.', 'nova')
  ).data;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function png(width: number, height: number, colour: string): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = colour;
  context.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

/** A RIFF/WAVE file of `seconds` of silence in the given format. */
function silentWav(seconds: number, sampleRate: number, channels: number, extraChunk = false): Buffer {
  const dataSize = Math.round(seconds * sampleRate) * channels * 2;
  const extra = extraChunk
    ? Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0, 1, 2, 3, 0])])
    : Buffer.alloc(0);
  const header = Buffer.alloc(36);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + extra.length + 8 + dataSize - 8 + 8, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'ascii');
  dataHeader.writeUInt32LE(dataSize, 4);
  return Buffer.concat([header, extra, dataHeader, Buffer.alloc(dataSize)]);
}

const probe = (file: string) =>
  JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      encoding: 'utf8',
    }),
  ) as {
    format: { duration: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
  };

/** The colour of one pixel of the video's frame at `at` seconds. */
function framePixel(file: string, x: number, y: number, at = 0): number[] {
  const raw = execFileSync('ffmpeg', [
    ...[
      '-v',
      'error',
      '-ss',
      String(at),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `crop=2:2:${x}:${y}`,
      '-f',
      'rawvideo',
    ],
    ...['-pix_fmt', 'rgb24', 'pipe:1'],
  ]);
  return [...raw.subarray(0, 3)];
}

describe('wavDurationSeconds', () => {
  it('reads the length from the RIFF header of any PCM layout', () => {
    expect(wavDurationSeconds(silentWav(1.5, 22050, 1))).toBeCloseTo(1.5, 6);
    expect(wavDurationSeconds(silentWav(2, 48000, 2, true))).toBeCloseTo(2, 6);
  });

  it('agrees with ffprobe on espeak-ng output', () => {
    const file = path.join(dir, 'narration.wav');
    execFileSync('sh', ['-c', 'cat > "$0"', file], { input: wav });
    const measured = Number(probe(file).format.duration);
    expect(wavDurationSeconds(wav)).toBeCloseTo(measured, 2);
  });

  it('refuses what is not a WAV', () => {
    expect(() => wavDurationSeconds(png(4, 4, '#000'))).toThrow(MediaError);
    expect(() => wavDurationSeconds(Buffer.from('RIFF\0\0\0\0WAVEdata'))).toThrow(/damaged/);
  });
});

describe('speechToWav', () => {
  it("keeps WAV and decodes the remote voices' MP3 to WAV of the same length", async () => {
    expect(await speechToWav({ contentType: 'audio/wav', data: wav })).toBe(wav);
    const mp3 = execFileSync(
      'ffmpeg',
      ['-v', 'error', '-f', 'wav', '-i', 'pipe:0', '-c:a', 'libmp3lame', '-f', 'mp3', 'pipe:1'],
      {
        input: wav,
      },
    );
    const decoded = await speechToWav({ contentType: 'audio/mpeg', data: mp3 });
    expect(decoded.toString('ascii', 0, 4)).toBe('RIFF');
    // MP3 frames add at most a few tens of milliseconds of padding.
    expect(Math.abs(wavDurationSeconds(decoded) - wavDurationSeconds(wav))).toBeLessThan(0.08);
    await expect(speechToWav({ contentType: 'audio/mpeg', data: Buffer.from('not audio') })).rejects.toThrow(
      'Reading the narration audio failed.',
    );
  });
});

describe('renderSegment', () => {
  it('renders slide + narration + avatar + title as H.264 1280×720 with AAC, as long as the narration', async () => {
    const outPath = path.join(dir, 'segment.mp4');
    const started = Date.now();
    const result = await renderSegment({
      // A 4:3 slide: letterboxed on white.
      slidePng: png(800, 600, '#2f9e44'),
      narrationWav: wav,
      title: 'Triangles',
      captionStyle: { fontFamily: 'Lato', colorHex: '#fa5252' },
      avatarPng: png(300, 300, '#1c7ed6'),
      avatarCorner: 'top-left',
      outPath,
    });
    const narration = wavDurationSeconds(wav);
    console.info(`rendered a ${narration.toFixed(2)} s segment in ${Date.now() - started} ms`);

    const info = probe(outPath);
    const video = info.streams.find((stream) => stream.codec_type === 'video');
    const audio = info.streams.find((stream) => stream.codec_type === 'audio');
    expect(video).toMatchObject({ codec_name: 'h264', width: 1280, height: 720, pix_fmt: 'yuv420p' });
    expect(audio).toMatchObject({ codec_name: 'aac' });
    expect(Math.abs(Number(info.format.duration) - narration)).toBeLessThanOrEqual(0.15);
    expect(result.narrationSeconds).toBeCloseTo(narration, 6);
    expect(result.durationSeconds * SEGMENT_FPS).toBe(Math.round(result.durationSeconds * SEGMENT_FPS));
    expect(result.durationSeconds - narration).toBeGreaterThanOrEqual(0);
    expect(result.durationSeconds - narration).toBeLessThan(1 / SEGMENT_FPS);

    // Avatar top-left (blue), slide in the middle (green), white letterbox bars, title band at the bottom (red).
    const near = (actual: number[], expected: number[]) => {
      for (const [index, value] of actual.entries())
        expect(Math.abs(value - expected[index])).toBeLessThan(40);
    };
    near(framePixel(outPath, 100, 100), [28, 126, 214]);
    near(framePixel(outPath, 640, 360), [47, 158, 68]);
    near(framePixel(outPath, 1250, 360), [255, 255, 255]);
    near(framePixel(outPath, 30, 720 - 24 - 10), [250, 82, 82]);
    // The title band is gone after its first seconds (the narration is longer than that).
    expect(narration).toBeGreaterThan(TITLE_SECONDS + 0.3);
    near(framePixel(outPath, 30, 720 - 24 - 10, TITLE_SECONDS + 0.3), [255, 255, 255]);
  });

  it('renders without avatar or title', async () => {
    const outPath = path.join(dir, 'plain.mp4');
    const result = await renderSegment({
      slidePng: png(1280, 720, '#ffffff'),
      narrationWav: silentWav(1.23, 22050, 1),
      captionStyle: { fontFamily: 'Inter', colorHex: '#228be6' },
      outPath,
    });
    // Whole frames: 1.23 s of narration makes a 1.3 s segment at 10 fps.
    const frames = Math.ceil(1.23 * SEGMENT_FPS);
    expect(result.durationSeconds).toBeCloseTo(frames / SEGMENT_FPS, 9);
    expect(Number(probe(outPath).format.duration)).toBeCloseTo(frames / SEGMENT_FPS, 2);
  });

  it('plays a talking-head video in the corner box, keeping its aspect and holding its last frame', async () => {
    // 0.6 s of orange, 160×240 (portrait): shorter than the 2 s narration and not square.
    const talk = path.join(dir, 'talk.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0xe8590c:s=160x240:r=25:d=0.6'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', talk],
    ]);
    const outPath = path.join(dir, 'talking.mp4');
    const result = await renderSegment({
      slidePng: png(1280, 720, '#ffffff'),
      narrationWav: silentWav(2, 24000, 1),
      captionStyle: { fontFamily: 'Inter', colorHex: '#228be6' },
      // The video wins over a still image given too.
      avatarPng: png(300, 300, '#1c7ed6'),
      avatarVideoPath: talk,
      avatarCorner: 'bottom-right',
      outPath,
    });
    expect(result.durationSeconds).toBeCloseTo(2, 9);
    const info = probe(outPath);
    expect(Number(info.format.duration)).toBeCloseTo(2, 1);
    expect(info.streams.find((stream) => stream.codec_type === 'video')).toMatchObject({
      width: 1280,
      height: 720,
    });

    const near = (actual: number[], expected: number[]) => {
      for (const [index, value] of actual.entries())
        expect(Math.abs(value - expected[index])).toBeLessThan(40);
    };
    // The box is 147×220 at the bottom right (x 1109–1256, y 476–696): orange inside, white beside it.
    const orange = [232, 89, 12];
    near(framePixel(outPath, 1180, 580, 0.2), orange);
    // After the talk's 0.6 s its last frame stays.
    near(framePixel(outPath, 1180, 580, 1.7), orange);
    near(framePixel(outPath, 1095, 580, 0.2), [255, 255, 255]);
    near(framePixel(outPath, 640, 360, 0.2), [255, 255, 255]);
  });

  it('fails clearly on a slide that is not an image', async () => {
    const failure = renderSegment({
      slidePng: Buffer.from('not an image'),
      narrationWav: wav,
      captionStyle: { fontFamily: 'Lato', colorHex: '#000000' },
      outPath: path.join(dir, 'broken.mp4'),
    });
    await expect(failure).rejects.toBeInstanceOf(MediaError);
    await expect(failure).rejects.toThrow('The slide image is not a PNG or JPEG picture.');
  });
});
