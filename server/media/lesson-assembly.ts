import { type FileHandle, mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { timestampParts } from '../../common/time';
import {
  HLS_MAX_HEIGHT,
  HLS_PLAYLIST,
  HLS_POSTER,
  HLS_SEGMENT_PATTERN,
  HLS_SEGMENT_SECONDS,
  type HlsResult,
  MediaError,
  packageHls,
  probeVideo,
} from './ffmpeg';
import {
  runFfmpeg,
  SEGMENT_AUDIO_RATE,
  SEGMENT_FPS,
  SEGMENT_HEIGHT,
  SEGMENT_WIDTH,
} from './narrated-segment';

/** A track of an MP4: its handler ('vide', 'soun') and its sample description (codec and its settings). */
interface Mp4Track {
  handler: string;
  /** The first sample entry's type: 'avc1' for H.264, 'mp4a' for AAC. */
  codec: string;
  /**
   * What must be equal for two files to join by stream copy: for H.264 the picture size and the avcC box
   * (profile, level, SPS/PPS); for AAC the channels, sample rate and AudioSpecificConfig. Bitrate fields,
   * which differ from file to file, are left out.
   */
  description: string;
  /** H.264 profile_idc from avcC (66 baseline, 77 main, 100 high; higher ones are 10-bit or not 4:2:0). */
  h264Profile?: number;
  /** A video track's picture size, from its sample entry. */
  width?: number;
  height?: number;
}

const MOOV_LIMIT = 32 * 1024 * 1024;

/**
 * The tracks of an MP4 from its moov box, read without ffprobe (a process per file costs ~0.07 CPU-s,
 * as much as the whole join). null when the file is not an MP4 we can read.
 */
export async function mp4Tracks(file: string): Promise<Mp4Track[] | null> {
  const moov = await readMoov(file);
  return moov && tracksOf(moov);
}

/**
 * What packaging and joining need to know of an MP4 of ours, read without ffprobe: its tracks and the movie's
 * length (mvhd). null when the file is not an MP4 we can read.
 */
export async function mp4Summary(
  file: string,
): Promise<{ tracks: Mp4Track[]; durationSeconds: number } | null> {
  const moov = await readMoov(file);
  const durationSeconds = moov && movieSeconds(moov);
  return moov && durationSeconds ? { tracks: tracksOf(moov), durationSeconds } : null;
}

/** The movie's length from mvhd: version 0 has 32-bit timescale and duration at 12 and 16, version 1 at 20 and 24 (64-bit). */
function movieSeconds(moov: Buffer): number | null {
  const mvhd = childBoxes(moov, 'mvhd')[0];
  if (!mvhd || mvhd.length < 20) return null;
  const [timescale, duration] =
    mvhd[0] === 1 && mvhd.length >= 32
      ? [mvhd.readUInt32BE(20), Number(mvhd.readBigUInt64BE(24))]
      : [mvhd.readUInt32BE(12), mvhd.readUInt32BE(16)];
  return timescale > 0 && duration > 0 ? duration / timescale : null;
}

/** The body of an MP4's moov box, or null. */
async function readMoov(file: string): Promise<Buffer | null> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    return null;
  }
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    for (let offset = 0; offset + 8 <= size; ) {
      await handle.read(header, 0, 16, offset);
      let boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      let headerSize = 8;
      if (boxSize === 1) {
        boxSize = Number(header.readBigUInt64BE(8));
        headerSize = 16;
      } else if (boxSize === 0) {
        boxSize = size - offset;
      }
      if (boxSize < headerSize) return null;
      if (type === 'moov') {
        if (boxSize > MOOV_LIMIT) return null;
        const moov = Buffer.alloc(boxSize - headerSize);
        await handle.read(moov, 0, moov.length, offset + headerSize);
        return moov;
      }
      offset += boxSize;
    }
    return null;
  } finally {
    await handle.close();
  }
}

/** The tracks of a moov box body. */
function tracksOf(moov: Buffer): Mp4Track[] {
  return childBoxes(moov, 'trak').flatMap((trak) => {
    const mdia = childBoxes(trak, 'mdia')[0];
    const hdlr = mdia && childBoxes(mdia, 'hdlr')[0];
    const minf = mdia && childBoxes(mdia, 'minf')[0];
    const stbl = minf && childBoxes(minf, 'stbl')[0];
    const stsd = stbl && childBoxes(stbl, 'stsd')[0];
    if (!hdlr || !stsd || hdlr.length < 12 || stsd.length < 16) return [];
    // stsd: version/flags, entry count, then the first sample entry (size, type, 8 reserved bytes, fields).
    const entry = stsd.subarray(8, 8 + stsd.readUInt32BE(8));
    const codec = entry.toString('latin1', 4, 8);
    const track = { handler: hdlr.toString('latin1', 8, 12), codec, description: codec } as Mp4Track;
    if (codec === 'avc1' && entry.length >= 86) {
      const avcC = childBoxes(entry.subarray(86), 'avcC')[0];
      track.description = `${codec} ${entry.readUInt16BE(32)}x${entry.readUInt16BE(34)} ${avcC?.toString('hex')}`;
      track.h264Profile = avcC?.[1];
      track.width = entry.readUInt16BE(32);
      track.height = entry.readUInt16BE(34);
    } else if (codec === 'mp4a' && entry.length >= 36) {
      const esds = childBoxes(entry.subarray(36), 'esds')[0];
      const config = esds ? audioSpecificConfig(esds) : undefined;
      track.description = `${codec} ${entry.readUInt16BE(24)}ch ${entry.readUInt32BE(32) >>> 16}Hz ${config}`;
    } else {
      track.description = `${codec} ${entry.toString('hex')}`;
    }
    return [track];
  });
}

/**
 * The AudioSpecificConfig (AAC object type, rate, channels) from an esds box: ES_Descriptor (tag 3) →
 * DecoderConfigDescriptor (tag 4, 13 fixed bytes) → DecoderSpecificInfo (tag 5), each with a 1–4 byte size.
 */
function audioSpecificConfig(esds: Buffer): string | undefined {
  let position = 4;
  const descriptor = (tag: number) => {
    if (esds[position] !== tag) return false;
    position += 1;
    let length = 0;
    for (let index = 0; index < 4; index += 1) {
      const byte = esds[position++] ?? 0;
      length = (length << 7) | (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    return length;
  };
  if (descriptor(3) === false) return undefined;
  const flags = esds[position + 2] ?? 0;
  position += 3;
  if (flags & 0x80) position += 2;
  if (flags & 0x40) position += 1 + (esds[position] ?? 0);
  if (flags & 0x20) position += 2;
  if (descriptor(4) === false) return undefined;
  position += 13;
  const length = descriptor(5);
  return length === false ? undefined : esds.toString('hex', position, position + length);
}

/** The bodies of the direct children of `type` in a box body. */
function childBoxes(body: Buffer, type: string): Buffer[] {
  const found: Buffer[] = [];
  for (let offset = 0; offset + 8 <= body.length; ) {
    const size = body.readUInt32BE(offset);
    if (size < 8 || offset + size > body.length) break;
    if (body.toString('latin1', offset + 4, offset + 8) === type)
      found.push(body.subarray(offset + 8, offset + size));
    offset += size;
  }
  return found;
}

export interface ConcatResult {
  durationSeconds: number;
  /** True when the segments were joined by stream copy (all rendered alike), false when re-encoded. */
  copied: boolean;
}

/**
 * Joins lesson segments into one MP4. Segments from renderSegment share one layout and are joined by the
 * concat demuxer with stream copy (no re-encoding); anything else is re-encoded to the segment format.
 */
export async function concatSegments(segmentPaths: string[], outPath: string): Promise<ConcatResult> {
  if (segmentPaths.length === 0) throw new MediaError('A lesson needs at least one segment.');
  // Stream copy only when every segment has the same tracks with byte-identical codec settings (what
  // renderSegment makes); a segment from an older renderer or elsewhere makes the join re-encode.
  const tracks = await Promise.all(segmentPaths.map((file) => mp4Tracks(file)));
  const signature = (list: Mp4Track[] | null) => JSON.stringify(list);
  const copied =
    tracks[0]?.some((track) => track.handler === 'vide' && track.codec === 'avc1') === true &&
    tracks.every((list) => list !== null && signature(list) === signature(tracks[0]));

  const work = await mkdtemp(path.join(os.tmpdir(), 'gurukul-concat-'));
  try {
    const list = path.join(work, 'segments.txt');
    // The concat list quotes each path; a quote inside one is written as '\''.
    const quote = (file: string) => `file '${path.resolve(file).replace(/'/g, "'\\''")}'`;
    await writeFile(list, `${segmentPaths.map(quote).join('\n')}\n`);
    const common = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
    if (copied) {
      await runFfmpeg(
        [
          ...common,
          ...['-f', 'concat', '-safe', '0', '-i', list, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy'],
          ...['-movflags', '+faststart', outPath],
        ],
        { timeoutMs: 120_000, what: 'Joining the lesson segments' },
      );
    } else {
      await concatReencoding(segmentPaths, outPath, common);
    }
  } catch (error) {
    await rm(outPath, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  // Our own output: its length from its header, without an ffprobe process (~0.07 CPU-s).
  const durationSeconds =
    (await mp4Summary(outPath))?.durationSeconds ?? (await probeVideo(outPath)).durationSeconds;
  return { durationSeconds, copied };
}

/** Mixed inputs: the concat filter, each input brought to the segment format (1280×720, 10 fps, 24 kHz mono). */
async function concatReencoding(segmentPaths: string[], outPath: string, common: string[]): Promise<void> {
  const probes = await Promise.all(segmentPaths.map((file) => probeVideo(file)));
  const fit = `scale=${SEGMENT_WIDTH}:${SEGMENT_HEIGHT}:force_original_aspect_ratio=decrease,pad=${SEGMENT_WIDTH}:${SEGMENT_HEIGHT}:(ow-iw)/2:(oh-ih)/2:white,setsar=1,fps=${SEGMENT_FPS},format=yuv420p`;
  const filters: string[] = [];
  const inputs: string[] = [];
  segmentPaths.forEach((file, index) => {
    inputs.push('-i', file);
    filters.push(`[${index}:v:0]${fit}[v${index}]`);
    // A silent input gets silence of its own length, so the concat filter has sound for every part.
    filters.push(
      probes[index].hasAudio
        ? `[${index}:a:0]aresample=${SEGMENT_AUDIO_RATE},aformat=channel_layouts=mono[a${index}]`
        : `anullsrc=r=${SEGMENT_AUDIO_RATE}:cl=mono,atrim=duration=${probes[index].durationSeconds}[a${index}]`,
    );
  });
  const pairs = segmentPaths.map((_, index) => `[v${index}][a${index}]`).join('');
  filters.push(`${pairs}concat=n=${segmentPaths.length}:v=1:a=1[v][a]`);
  const total = probes.reduce((sum, probe) => sum + probe.durationSeconds, 0);
  await runFfmpeg(
    [
      ...common,
      ...inputs,
      ...['-filter_complex', filters.join(';'), '-map', '[v]', '-map', '[a]'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-crf', '23'],
      ...[
        '-g',
        String(SEGMENT_FPS * HLS_SEGMENT_SECONDS),
        '-c:a',
        'aac',
        '-aac_coder',
        'fast',
        '-b:a',
        '64k',
      ],
      ...['-movflags', '+faststart', outPath],
    ],
    { timeoutMs: 120_000 + Math.ceil(total * 5_000), what: 'Joining the lesson segments' },
  );
}

/**
 * Packages a lesson MP4 as HLS in the same layout as the upload path (index.m3u8, seg_NNN.ts, poster.jpg).
 * A lesson made by concatSegments is already H.264 + AAC at 720 lines with a key frame every 6 s, so it
 * is cut by stream copy (no re-encoding); any other input goes through ffmpeg.ts's packageHls.
 */
export async function packageLessonHls(mp4: string, outDir: string): Promise<HlsResult> {
  const summary = await mp4Summary(mp4);
  const video = summary?.tracks.filter((track) => track.handler === 'vide') ?? [];
  const audio = summary?.tracks.filter((track) => track.handler === 'soun') ?? [];
  // 8-bit 4:2:0 H.264 (baseline, main, extended, high) and AAC ('mp4a') play in every HLS player.
  const copyable =
    summary !== null &&
    video.length === 1 &&
    video[0].codec === 'avc1' &&
    [66, 77, 88, 100].includes(video[0].h264Profile ?? 0) &&
    (video[0].height ?? Number.POSITIVE_INFINITY) <= HLS_MAX_HEIGHT &&
    audio.every((track) => track.codec === 'mp4a');
  if (!copyable) return packageHls(mp4, outDir, undefined, { probe: await probeVideo(mp4) });
  // A lesson of ours (no rotation): what ffprobe would say, from the header (~0.07 CPU-s less).
  const probe = {
    durationSeconds: summary.durationSeconds,
    width: video[0].width ?? 0,
    height: video[0].height ?? 0,
    hasAudio: audio.length > 0,
  };

  const common = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
  // The cut and the poster read the same file: side by side.
  await Promise.all([
    runFfmpeg(
      [
        ...common,
        ...['-i', mp4, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy'],
        ...['-f', 'hls', '-hls_time', String(HLS_SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
        ...['-hls_segment_type', 'mpegts', '-hls_flags', 'independent_segments'],
        ...['-hls_segment_filename', path.join(outDir, 'seg_%03d.ts'), path.join(outDir, HLS_PLAYLIST)],
      ],
      { timeoutMs: 120_000, what: 'Packaging the lesson for streaming' },
    ),
    runFfmpeg(
      [
        ...common,
        ...['-ss', Math.min(1, probe.durationSeconds / 2).toFixed(3), '-i', mp4],
        ...['-frames:v', '1', '-q:v', '3', path.join(outDir, HLS_POSTER)],
      ],
      { timeoutMs: 60_000, what: 'Making the poster image' },
    ),
  ]);
  const files = await readdir(outDir);
  const segments = files.filter((name) => HLS_SEGMENT_PATTERN.test(name)).sort();
  if (!files.includes(HLS_PLAYLIST) || segments.length === 0 || !files.includes(HLS_POSTER)) {
    throw new MediaError(
      'Packaging the lesson for streaming produced no output.',
      files.join(', '),
      'system',
    );
  }
  return { playlist: HLS_PLAYLIST, segments, poster: HLS_POSTER, probe };
}

/** Longest caption cue, in characters; longer sentences are cut at words into about equal parts. */
export const CUE_MAX_CHARS = 84;

/**
 * WebVTT captions for a lesson made of segments in order. Each segment's cues fill exactly its measured
 * length (pass renderSegment's durationSeconds): its text is cut into sentence cues (slide lines count as
 * sentences) whose times are shared out by character count. Cues never cross a segment's edges, and segment
 * edges fall on the cumulative durations rounded once to the millisecond, so rounding never accumulates.
 */
export function captionsForSegments(segments: { text: string; durationSeconds: number }[]): string {
  const cues: string[] = [];
  let elapsed = 0;
  for (const segment of segments) {
    const duration = Number.isFinite(segment.durationSeconds) ? Math.max(0, segment.durationSeconds) : 0;
    const startMs = Math.round(elapsed * 1000);
    elapsed += duration;
    const endMs = Math.round(elapsed * 1000);
    const parts = captionParts(segment.text);
    const total = parts.reduce((sum, part) => sum + part.length, 0);
    if (endMs <= startMs || total === 0) continue;

    let before = 0;
    for (const part of parts) {
      const from = startMs + Math.round((before / total) * (endMs - startMs));
      before += part.length;
      const to = startMs + Math.round((before / total) * (endMs - startMs));
      if (to > from) cues.push(`${cueTime(from)} --> ${cueTime(to)}\n${escapeCueText(part)}`);
    }
  }
  return `WEBVTT\n\n${cues.map((cue) => `${cue}\n`).join('\n')}`;
}

/** A cue shorter than this (in words) is joined to a neighbour: a one-word cue flashes by unread. */
const CUE_MIN_WORDS = 3;

/**
 * A segment's text as caption-sized parts: lines, then sentences, long sentences cut at a clause (a comma, a
 * semicolon, before "and", "but", "because"…) near equal lengths, and parts of fewer than three words joined
 * to a neighbour when the two fit in one cue.
 */
export function captionParts(text: string): string[] {
  const parts = text
    .split(/\n+/)
    .flatMap((line) =>
      line
        .replace(/\s+/g, ' ')
        .trim()
        .split(/(?<=[.!?…]["')\]]?)\s+(?=\S)/),
    )
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '')
    .flatMap(splitLongSentence);
  return joinShortParts(parts);
}

const wordCount = (text: string) => text.split(' ').length;

function joinShortParts(parts: string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const previous = out.at(-1);
    const fits = previous !== undefined && previous.length + 1 + part.length <= CUE_MAX_CHARS;
    if (fits && (wordCount(part) < CUE_MIN_WORDS || wordCount(previous) < CUE_MIN_WORDS)) {
      out[out.length - 1] = `${previous} ${part}`;
    } else out.push(part);
  }
  return out;
}

/** A word that starts a new clause: a cue may end before it. */
const CLAUSE_WORD = /^(?:and|but|or|because|so|which|while|when|where|although|then)$/i;

/**
 * A sentence longer than a cue, cut at words. Each cue ends at the best edge between half and all of a cue's
 * length: after a comma, semicolon, colon or dash first, then before a joining word, then the last word that
 * fits; an edge that would leave fewer than 20 characters for the next cue is not taken.
 */
function splitLongSentence(sentence: string): string[] {
  const words = sentence.split(' ');
  const out: string[] = [];
  let from = 0;
  while (from < words.length) {
    const rest = words.slice(from).join(' ');
    if (rest.length <= CUE_MAX_CHARS) {
      out.push(rest);
      break;
    }
    let best = { end: from + 1, score: -1 };
    let length = -1;
    for (let end = from + 1; end <= words.length; end += 1) {
      length += words[end - 1].length + 1;
      if (length > CUE_MAX_CHARS) break;
      const left = rest.length - length - 1;
      if (length < CUE_MAX_CHARS / 2 || left < 20) continue;
      const score = /[,;:–—]$/.test(words[end - 1]) ? 2 : CLAUSE_WORD.test(words[end] ?? '') ? 1 : 0;
      if (score >= best.score) best = { end, score };
    }
    out.push(words.slice(from, best.end).join(' '));
    from = best.end;
  }
  return out;
}

/** WebVTT time: "MM:SS.mmm", or "HH:MM:SS.mmm" from an hour on. */
function cueTime(ms: number): string {
  const { hours, minutes, seconds, milliseconds } = timestampParts(ms, { roundTo: 0 });
  return `${hours === null ? '' : `${hours}:`}${minutes}:${seconds}.${milliseconds}`;
}

/** Cue text is markup in WebVTT: & and < must be escaped, and "-->" may not appear. */
function escapeCueText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
