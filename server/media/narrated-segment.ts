import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { readableBand } from '../../common/theme-colors';
import type { SpeechAudio } from '../providers/tts/types';
import { HLS_SEGMENT_SECONDS, MediaError, runProgram } from './ffmpeg';
import { ensureFontRegistered, ensureIndicFontsRegistered } from './fonts';

/** Lesson videos are 1280×720 (see ARCHITECTURE.md, media). */
export const SEGMENT_WIDTH = 1280;
export const SEGMENT_HEIGHT = 720;
/**
 * The segments' time grid: they last whole tenths of a second, so up to 0.1 s of silence ends each
 * narration and segments join without drift. A talking head plays at this rate; a still slide encodes only
 * {@link STILL_FRAME_SECONDS} apart (see renderSegment).
 */
export const SEGMENT_FPS = 10;
/**
 * A still slide shows one picture a second, and its last picture lasts to the segment's end (variable frame
 * rate): x264 spends about 5 ms on each 1280×720 frame even when it repeats the last one, so 7 s at 10 fps
 * cost 0.61 CPU-s and at one picture a second 0.32 with the sound (decision 059, 2026-11-28).
 */
export const STILL_FRAME_SECONDS = 1;
/** The title shows as a band over the slide for the segment's first seconds. */
export const TITLE_SECONDS = 4;
export const SEGMENT_AUDIO_RATE = 24_000;
/**
 * x264 for a still picture: after the first frame every frame repeats it (or the title band's), so looking
 * ahead, reordering (B-frames) and fine motion search cost time and find nothing. Measured on a 7 s slide with
 * its sound, six runs each in turn (decision 059): 0.56 → 0.45 CPU-s, PSNR 56.1 → 56.4 dB, video 12 → 15 kB.
 */
const STILL_PICTURE_X264 = [
  '-tune',
  'stillimage',
  '-x264-params',
  'rc-lookahead=0:mbtree=0:bframes=0:me=dia:subme=1',
];
const AVATAR_BOX = 220;
const MARGIN = 24;

export type AvatarCorner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

export interface SegmentInput {
  /** The slide image (any size; letterboxed to 1280×720 on white). */
  slidePng: Buffer;
  /** The narration as WAV: a local voice's output, or any speaker's through {@link speechToWav}. */
  narrationWav: Buffer;
  /** Shown as a band in the caption style for the first {@link TITLE_SECONDS} seconds. */
  title?: string;
  /** The library's font (a FONTS name; falls back to DejaVu Sans when it is not installed) and theme colour. */
  captionStyle: { fontFamily: string; colorHex: string };
  /** A static avatar, scaled into a 220 px box in its corner. */
  avatarPng?: Buffer;
  /**
   * A talking head (a D-ID talk's MP4) played in the same corner box instead of `avatarPng`: scaled keeping
   * its aspect, holding its last frame when shorter than the narration, cut with the segment.
   */
  avatarVideoPath?: string;
  avatarCorner?: AvatarCorner;
  outPath: string;
  /** Time limit for ffmpeg; by default 60 s plus 3× the narration. */
  timeoutMs?: number;
}

export interface SegmentResult {
  /**
   * The segment's length: the narration rounded up to a whole video frame (less than one frame, 0.1 s, of silence added), so
   * segments join without drift. Lesson captions must be timed from this.
   */
  durationSeconds: number;
  /** The narration's own length from its WAV header. */
  narrationSeconds: number;
}

/**
 * The length of a WAV from its RIFF header: the data chunk's size over the byte rate. A data size larger
 * than the bytes present (a header written before the end was known) counts the bytes present.
 */
export function wavDurationSeconds(wav: Buffer): number {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new MediaError('The narration audio is not a WAV file.');
  }
  let byteRate = 0;
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ' && offset + 16 <= wav.length) byteRate = wav.readUInt32LE(offset + 8 + 8);
    if (id === 'data') {
      if (!byteRate) break;
      return Math.min(size, wav.length - offset - 8) / byteRate;
    }
    // Chunks are padded to an even length.
    offset += 8 + size + (size % 2);
  }
  throw new MediaError('The narration audio is damaged: its WAV header has no format or no data.');
}

/**
 * Renders one narrated segment: the slide held still for the narration, the avatar in its corner, the title
 * band at the start. H.264 (yuv420p, stillimage tuning) + AAC in MP4, 1280×720 at {@link SEGMENT_FPS} fps.
 */
export async function renderSegment(input: SegmentInput): Promise<SegmentResult> {
  const narrationSeconds = wavDurationSeconds(input.narrationWav);
  if (narrationSeconds <= 0) throw new MediaError('The narration is empty.');
  // A clear message for the person rather than ffmpeg's decoder errors.
  if (!isStillImage(input.slidePng)) throw new MediaError('The slide image is not a PNG or JPEG picture.');
  if (input.avatarPng && !isStillImage(input.avatarPng)) {
    throw new MediaError('The avatar image is not a PNG or JPEG picture.');
  }
  // Whole frames: the next segment then starts exactly where this one ends.
  const frames = Math.ceil(narrationSeconds * SEGMENT_FPS - 1e-6);
  const durationSeconds = frames / SEGMENT_FPS;
  const corner = input.avatarCorner ?? 'bottom-right';
  const talkingHead = input.avatarVideoPath;
  const stillAvatar = talkingHead ? undefined : input.avatarPng;

  const work = await mkdtemp(path.join(os.tmpdir(), 'gurukul-segment-'));
  try {
    const slide = path.join(work, 'slide.png');
    const narration = path.join(work, 'narration.wav');
    await writeFile(slide, input.slidePng);
    await writeFile(narration, input.narrationWav);

    // Each picture is decoded and composed once, then the composed frame is repeated (the loop filter):
    // half the CPU of `-loop 1` inputs, which decode and overlay every frame again.
    const inputs = ['-i', slide, '-i', narration];
    const fit = `scale=${SEGMENT_WIDTH}:${SEGMENT_HEIGHT}:force_original_aspect_ratio=decrease,pad=${SEGMENT_WIDTH}:${SEGMENT_HEIGHT}:(ow-iw)/2:(oh-ih)/2:white,setsar=1`;
    const filters = [`[0:v]${fit}[slide]`];
    let composed = '[slide]';
    let next = 2;
    if (stillAvatar) {
      const avatar = path.join(work, 'avatar.png');
      await writeFile(avatar, stillAvatar);
      inputs.push('-i', avatar);
      filters.push(
        `[${next}:v]scale=${AVATAR_BOX}:${AVATAR_BOX}:force_original_aspect_ratio=decrease[avatar]`,
        `[slide][avatar]overlay=${cornerPosition(corner)}[still]`,
      );
      composed = '[still]';
      next += 1;
    }
    // overlay and format before the frame rate (measured faster, ARCHITECTURE.md).
    let chain = `${composed}format=yuv420p,loop=loop=-1:size=1:start=0`;
    if (talkingHead) {
      // A moving picture cannot be composed once: the looped slide is the background it plays over.
      inputs.push('-i', talkingHead);
      filters.push(
        `${chain},fps=${SEGMENT_FPS}[background]`,
        `[${next}:v]setpts=PTS-STARTPTS,fps=${SEGMENT_FPS},scale=${AVATAR_BOX}:${AVATAR_BOX}:force_original_aspect_ratio=decrease,` +
          `tpad=stop_mode=clone:stop_duration=${durationSeconds.toFixed(3)}[talking]`,
      );
      chain = `[background][talking]overlay=${cornerPosition(corner)}:eof_action=repeat,format=yuv420p`;
      next += 1;
    }
    const title = input.title?.trim();
    if (title) {
      const band = path.join(work, 'title.png');
      await writeFile(band, titleBand(title, input.captionStyle));
      inputs.push('-i', band);
      filters.push(`${chain}[looped]`);
      // The band sits at the bottom unless the avatar is there; shown only at the start, so after the loop.
      const y = (stillAvatar || talkingHead) && corner.startsWith('bottom') ? MARGIN : `H-h-${MARGIN}`;
      chain = `[looped][${next}:v]overlay=${MARGIN}:${y}:enable='lt(t,${TITLE_SECONDS})',format=yuv420p`;
    }
    // A still slide keeps one frame of each STILL_FRAME_SECONDS and the last one (encoded with its own
    // time stamps, -fps_mode vfr), so the video ends exactly with the segment. The title band goes at a
    // whole second (TITLE_SECONDS), so a kept frame shows its end.
    const keep = talkingHead
      ? ''
      : `,select='not(mod(n\\,${SEGMENT_FPS * STILL_FRAME_SECONDS}))+eq(n\\,${frames - 1})'`;
    filters.push(`${chain},fps=${SEGMENT_FPS}${keep}[v]`);

    const args = [
      ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
      ...inputs,
      ...['-filter_complex', filters.join(';'), '-map', '[v]', '-map', '1:a:0'],
      // Silence pads the narration to the whole last frame.
      ...['-af', 'apad', '-t', durationSeconds.toFixed(3)],
      // A talking head moves, so the still-image tuning (strong deblocking of flat pictures) does not fit it.
      ...['-c:v', 'libx264', '-preset', 'veryfast', ...(talkingHead ? [] : STILL_PICTURE_X264)],
      ...['-crf', '23', '-pix_fmt', 'yuv420p'],
      // A key frame every 6 s from each segment's start, so the lesson can be cut into HLS by stream copy.
      ...['-profile:v', 'main', '-g', String(SEGMENT_FPS * HLS_SEGMENT_SECONDS)],
      ...(talkingHead
        ? []
        : ['-fps_mode', 'vfr', '-force_key_frames', `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`]),
      // One thread: a lesson renders one segment per core at once, and threads cost more than they give here.
      ...['-threads', '1'],
      // Speech: 24 kHz mono (the rate of most TTS voices) with the fast AAC coder costs a fifth of
      // 48 kHz stereo with the default coder (measured, bench/README.md). Every segment shares this layout
      // so a lesson joins by stream copy.
      ...['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '64k', '-ar', String(SEGMENT_AUDIO_RATE), '-ac', '1'],
      ...['-movflags', '+faststart', input.outPath],
    ];
    await runFfmpeg(args, {
      timeoutMs: input.timeoutMs ?? 60_000 + Math.ceil(narrationSeconds * 3_000),
      what: 'Rendering the lesson segment',
    }).catch(async (error: unknown) => {
      // A failed run leaves a partial file that must not pass for a rendered segment.
      await rm(input.outPath, { force: true });
      throw error;
    });
    return { durationSeconds, narrationSeconds };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The narration as WAV for renderSegment: a local voice's WAV as it is; MP3 from the remote voices (OpenAI,
 * ElevenLabs) decoded to 24 kHz mono PCM, so its length is read exactly from the header.
 */
export async function speechToWav(audio: SpeechAudio): Promise<Buffer> {
  if (audio.contentType === 'audio/wav') return audio.data;
  const work = await mkdtemp(path.join(os.tmpdir(), 'gurukul-speech-'));
  try {
    const input = path.join(work, 'speech.mp3');
    const output = path.join(work, 'speech.wav');
    await writeFile(input, audio.data);
    await runFfmpeg(
      [
        ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', input, '-map', '0:a:0'],
        ...['-c:a', 'pcm_s16le', '-ar', String(SEGMENT_AUDIO_RATE), '-ac', '1', output],
      ],
      { timeoutMs: 60_000, what: 'Reading the narration audio' },
    );
    return await readFile(output);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function isStillImage(bytes: Buffer): boolean {
  return (
    (bytes.length > 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) ||
    (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
  );
}

function cornerPosition(corner: AvatarCorner): string {
  const x = corner.endsWith('left') ? String(MARGIN) : `W-w-${MARGIN}`;
  const y = corner.startsWith('top') ? String(MARGIN) : `H-h-${MARGIN}`;
  return `${x}:${y}`;
}

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The title band: the theme colour behind the title in the library's font, readable (readableBand). */
export function titleBand(title: string, style: SegmentInput['captionStyle']): Buffer {
  ensureFontRegistered(style.fontFamily);
  const band = readableBand(style.colorHex);
  const fontSize = 36;
  // Characters the library's font lacks (Devanagari, Tamil…) are drawn in their script's Noto family.
  const fallbacks = ensureIndicFontsRegistered().map((family) => `"${family}", `);
  const font = `600 ${fontSize}px "${style.fontFamily.replace(/"/g, '')}", ${fallbacks.join('')}"DejaVu Sans", sans-serif`;
  const measure = createCanvas(1, 1).getContext('2d');
  measure.font = font;
  const maxWidth = SEGMENT_WIDTH - 2 * MARGIN - AVATAR_BOX - MARGIN;
  let text = title;
  // Shortened a whole grapheme at a time, so no vowel sign or virama is left without its consonant.
  const graphemes = [...GRAPHEMES.segment(title)].map((part) => part.segment);
  while (graphemes.length > 1 && measure.measureText(text).width > maxWidth - 48) {
    graphemes.pop();
    text = `${graphemes.join('').trimEnd()}…`;
  }
  const width = Math.ceil(Math.min(maxWidth, measure.measureText(text).width + 48));
  const height = fontSize + 32;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = band.background;
  context.fillRect(0, 0, width, height);
  context.font = font;
  context.textBaseline = 'middle';
  context.fillStyle = band.text;
  context.fillText(text, 24, height / 2);
  return canvas.toBuffer('image/png');
}

/** ffmpeg through the one process runner (no shell, time limit, killed with the server); a failure is ours. */
export async function runFfmpeg(args: string[], options: { timeoutMs: number; what: string }): Promise<void> {
  await runProgram('ffmpeg', args, { ...options, failureMessage: `${options.what} failed.` });
}
