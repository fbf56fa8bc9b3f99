import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { espeakSpeaker } from '../providers/tts/espeak';
import { HLS_SEGMENT_PATTERN, MediaError } from './ffmpeg';
import {
  CUE_MAX_CHARS,
  captionParts,
  captionsForSegments,
  concatSegments,
  mp4Summary,
  mp4Tracks,
  packageLessonHls,
} from './lesson-assembly';
import { renderSegment } from './narrated-segment';

let dir = '';
const segments: { file: string; durationSeconds: number }[] = [];

function slide(colour: string): Buffer {
  const canvas = createCanvas(1280, 720);
  const context = canvas.getContext('2d');
  context.fillStyle = colour;
  context.fillRect(0, 0, 1280, 720);
  return canvas.toBuffer('image/png');
}

const duration = (file: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    }),
  );

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-lesson-test-'));
  const speaker = espeakSpeaker();
  const texts = ['A point has no size.', 'Two rays that share an end point make an angle.'];
  for (const [index, text] of texts.entries()) {
    const file = path.join(dir, `segment-${index}.mp4`);
    const { data } = await speaker.synthesize(text, 'alloy');
    const { durationSeconds } = await renderSegment({
      slidePng: slide(index === 0 ? '#ffffff' : '#e7f5ff'),
      narrationWav: data,
      captionStyle: { fontFamily: 'Lato', colorHex: '#4c6ef5' },
      outPath: file,
    });
    segments.push({ file, durationSeconds });
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('concatSegments', () => {
  it('joins rendered segments by stream copy into one video as long as their sum', async () => {
    const out = path.join(dir, 'lesson.mp4');
    const result = await concatSegments(
      segments.map((segment) => segment.file),
      out,
    );
    const sum = segments.reduce((total, segment) => total + segment.durationSeconds, 0);
    expect(result.copied).toBe(true);
    expect(Math.abs(result.durationSeconds - sum)).toBeLessThan(0.1);
    expect(Math.abs(duration(out) - sum)).toBeLessThan(0.1);
  });

  it('re-encodes segments that differ (another size, no sound)', async () => {
    const odd = path.join(dir, 'odd.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-t', '1.5'],
      ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', odd],
    ]);
    const out = path.join(dir, 'mixed.mp4');
    const result = await concatSegments([segments[0].file, odd], out);
    expect(result.copied).toBe(false);
    expect(Math.abs(result.durationSeconds - (segments[0].durationSeconds + 1.5))).toBeLessThan(0.15);
    const streams = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', out],
      {
        encoding: 'utf8',
      },
    );
    expect(streams).toContain('h264,1280,720');
    expect(streams).toContain('aac');
  });

  it('fails clearly for a missing segment', async () => {
    await expect(
      concatSegments([path.join(dir, 'missing.mp4')], path.join(dir, 'x.mp4')),
    ).rejects.toBeInstanceOf(MediaError);
    await expect(concatSegments([], path.join(dir, 'x.mp4'))).rejects.toThrow(/at least one segment/);
  });
});

describe('packageLessonHls', () => {
  it('cuts the lesson into HLS by stream copy, with a poster', async () => {
    const lesson = path.join(dir, 'lesson-for-hls.mp4');
    await concatSegments(
      segments.map((segment) => segment.file),
      lesson,
    );
    const out = path.join(dir, 'hls');
    mkdirSync(out);
    const started = Date.now();
    const result = await packageLessonHls(lesson, out);
    console.info(`packaged the lesson as HLS in ${Date.now() - started} ms`);
    expect(result.playlist).toBe('index.m3u8');
    expect(result.segments.length).toBeGreaterThan(0);
    for (const name of result.segments) expect(name).toMatch(HLS_SEGMENT_PATTERN);
    const playlist = readFileSync(path.join(out, 'index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(playlist).toContain('seg_000.ts');
    expect(result.probe).toMatchObject({ width: 1280, height: 720, hasAudio: true });
    const streams = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', path.join(out, 'seg_000.ts')],
      {
        encoding: 'utf8',
      },
    );
    // ffprobe lists MPEG-TS streams under their program too.
    expect([...new Set(streams.split('\n').filter(Boolean))].sort()).toEqual(['aac', 'h264']);
  });

  it('re-encodes a video that HLS players cannot take as it is (4:4:4 H.264)', async () => {
    const source = path.join(dir, 'full-chroma.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '1'],
      ...['-pix_fmt', 'yuv444p', '-c:v', 'libx264', '-preset', 'ultrafast', source],
    ]);
    expect((await mp4Tracks(source))?.[0].h264Profile).toBe(244);
    const out = path.join(dir, 'hls-444');
    mkdirSync(out);
    await packageLessonHls(source, out);
    const pixelFormat = execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-select_streams',
        'v',
        '-show_entries',
        'stream=pix_fmt',
        '-of',
        'csv=p=0',
        path.join(out, 'seg_000.ts'),
      ],
      { encoding: 'utf8' },
    );
    expect(pixelFormat.trim().split('\n')[0]).toBe('yuv420p');
  });
});

describe('mp4Tracks', () => {
  it('reads the tracks and codec settings of an MP4 without ffprobe', async () => {
    const tracks = await mp4Tracks(segments[0].file);
    expect(tracks?.map((track) => [track.handler, track.codec])).toEqual([
      ['vide', 'avc1'],
      ['soun', 'mp4a'],
    ]);
    expect(tracks?.[0].h264Profile).toBe(77);
    expect(tracks?.[0].description).toMatch(/^avc1 1280x720 01/);
    // AudioSpecificConfig 0x1308: AAC-LC (object type 2), 24 kHz (index 6), mono, then ffmpeg's "no SBR"
    // extension 0x56e500. (The sample entry's own channel field says 2: ffmpeg writes 2 there for AAC.)
    expect(tracks?.[1].description).toBe('mp4a 2ch 24000Hz 130856e500');
    // Both segments come from renderSegment: byte-identical codec settings.
    expect(JSON.stringify(await mp4Tracks(segments[1].file))).toBe(JSON.stringify(tracks));
    // The length and picture size packaging needs, from the header as ffprobe reads them (decision 059).
    const summary = await mp4Summary(segments[0].file);
    expect(Math.abs((summary?.durationSeconds ?? 0) - duration(segments[0].file))).toBeLessThan(0.01);
    expect([summary?.tracks[0].width, summary?.tracks[0].height]).toEqual([1280, 720]);
    expect(await mp4Summary(path.join(dir, 'missing.mp4'))).toBeNull();
    expect(await mp4Tracks(path.join(dir, 'missing.mp4'))).toBeNull();
    expect(await mp4Tracks(path.join(dir, 'hls', 'index.m3u8'))).toBeNull();
  });
});

describe('captionsForSegments', () => {
  const parseCues = (vtt: string) =>
    [
      ...vtt.matchAll(/^(\d{2}:)?(\d{2}):(\d{2})\.(\d{3}) --> (\d{2}:)?(\d{2}):(\d{2})\.(\d{3})\n(.+)$/gm),
    ].map((match) => {
      const ms = (h: string | undefined, m: string, s: string, f: string) =>
        (Number(h?.slice(0, -1) ?? 0) * 3600 + Number(m) * 60 + Number(s)) * 1000 + Number(f);
      return {
        start: ms(match[1], match[2], match[3], match[4]),
        end: ms(match[5], match[6], match[7], match[8]),
        text: match[9],
      };
    });

  it('times cues so segment edges fall exactly on the cumulative narration durations', () => {
    const input = [
      { text: 'Points and Lines\nA point has no size. A line goes on forever!', durationSeconds: 6.3 },
      { text: 'Angles are measured in degrees.', durationSeconds: 4.1 },
      { text: 'A triangle has three sides. Its angles add to 180°? Yes.', durationSeconds: 5.7 },
    ];
    const vtt = captionsForSegments(input);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    const cues = parseCues(vtt);
    expect(cues.map((cue) => cue.text)).toEqual([
      'Points and Lines',
      'A point has no size.',
      'A line goes on forever!',
      'Angles are measured in degrees.',
      'A triangle has three sides.',
      // A one-word sentence is joined to the cue before it, never flashed alone.
      'Its angles add to 180°? Yes.',
    ]);
    // Contiguous cues; the segment edges are 6.300 and 10.400 s; the last cue ends at 16.100 s.
    for (let index = 1; index < cues.length; index += 1) expect(cues[index].start).toBe(cues[index - 1].end);
    expect(cues[0].start).toBe(0);
    expect(cues[2].end).toBe(6300);
    expect(cues[3]).toMatchObject({ start: 6300, end: 10400 });
    expect(cues[4].start).toBe(10400);
    expect(cues[5].end).toBe(16100);
    expect(cues).toHaveLength(6);
    // Within a segment, time follows character counts: "Points and Lines" is 16 of 59 characters.
    expect(cues[0].end).toBe(Math.round((16 / 59) * 6300));
  });

  it('uses hours past an hour, skips silent or empty segments and escapes markup', () => {
    const vtt = captionsForSegments([
      { text: 'Intro.', durationSeconds: 3599.5 },
      { text: '', durationSeconds: 2 },
      { text: 'Nothing', durationSeconds: 0 },
      { text: 'If a < b & b > c --> then?', durationSeconds: 1.25 },
    ]);
    expect(vtt).toContain('00:00.000 --> 59:59.500\nIntro.');
    expect(vtt).toContain('01:00:01.500 --> 01:00:02.750\nIf a &lt; b &amp; b &gt; c --&gt; then?');
    expect(vtt).not.toContain('Nothing');
    expect(captionsForSegments([])).toBe('WEBVTT\n\n');
  });

  it('cuts long sentences into cue-sized parts at words', () => {
    const sentence = `${'Geometry studies shapes sizes and the positions of figures in space '.repeat(3).trim()}.`;
    const parts = captionParts(sentence);
    expect(parts.length).toBeGreaterThanOrEqual(Math.ceil(sentence.length / CUE_MAX_CHARS));
    expect(parts.join(' ')).toBe(sentence);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(CUE_MAX_CHARS);
      expect(part.split(' ').length).toBeGreaterThanOrEqual(3);
    }
  });

  it('prefers a clause edge to the exact length, and never leaves a one-word cue', () => {
    const sentence =
      'When water is heated in a closed pot the molecules move faster and faster, so the pressure inside rises until the lid rattles.';
    const parts = captionParts(sentence);
    expect(parts).toEqual([
      'When water is heated in a closed pot the molecules move faster and faster,',
      'so the pressure inside rises until the lid rattles.',
    ]);
    expect(captionParts('Solids.\nLiquids.\nGases keep no shape at all.')).toEqual([
      'Solids. Liquids. Gases keep no shape at all.',
    ]);
  });
});
