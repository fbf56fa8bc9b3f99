import { type ChildProcess, spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { countOf } from '../../common/words';
import { mediaRunSeconds } from '../metrics/instruments';

/**
 * A media step that failed. `message` is written for the person who uploaded the file; `detail` (the tail
 * of ffmpeg's own output) is for the logs only, as it may name server paths.
 */
export class MediaError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
    /** 'input': the file is the problem (a 400 for an upload); 'system': the server is (time limit, no ffmpeg). */
    readonly kind: 'input' | 'system' = 'input',
  ) {
    super(message);
    this.name = 'MediaError';
  }
}

export interface VideoProbe {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

export interface HlsResult {
  /** The playlist's file name inside outDir; segments are named relative to it. */
  playlist: string;
  segments: string[];
  poster: string;
  probe: VideoProbe;
}

/** HLS packaging choices (see ARCHITECTURE.md, media). */
export const HLS_SEGMENT_SECONDS = 6;
export const HLS_MAX_HEIGHT = 720;
export const HLS_PLAYLIST = 'index.m3u8';
export const HLS_POSTER = 'poster.jpg';
export const HLS_SEGMENT_PATTERN = /^seg_\d{3,6}\.ts$/;

const PROBE_TIMEOUT_MS = 30_000;
const POSTER_TIMEOUT_MS = 60_000;
const STDERR_KEEP = 4000;

const running = new Set<ChildProcess>();
let exitHookInstalled = false;
/** ffmpeg children must not outlive the server (a stopped job is retried elsewhere). */
function track(child: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const proc of running) proc.kill('SIGKILL');
    });
  }
  running.add(child);
  child.once('close', () => running.delete(child));
}

const describeDuration = (ms: number) =>
  ms >= 120_000 ? countOf(Math.round(ms / 60_000), 'minute') : countOf(Math.round(ms / 100) / 10, 'second');

interface RunOptions {
  timeoutMs: number;
  /** What the step is, for the time-limit message: "Probing the video". */
  what: string;
  onStdoutLine?: (line: string) => void;
  /** The message when the program fails; by default the input is blamed (uploads), renders name themselves. */
  failureMessage?: string;
}

/** Runs a program with an argument array (no shell), keeping stdout and the tail of stderr, within a time limit. */
export function runProgram(
  command: string,
  args: string[],
  options: RunOptions,
): Promise<{ stdout: string; stderr: string }> {
  const timer = mediaRunSeconds.startTimer({ program: path.basename(command) });
  const run = new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    track(child);
    let stdout = '';
    let stderr = '';
    let partial = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);

    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      if (!options.onStdoutLine) {
        stdout += chunk;
        return;
      }
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onStdoutLine(line.trim());
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT'
          ? new MediaError(
              `Video processing is not available: ${command} is not installed on the server.`,
              undefined,
              'system',
            )
          : error,
      );
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (partial && options.onStdoutLine) options.onStdoutLine(partial.trim());
      if (timedOut) {
        reject(
          new MediaError(
            `${options.what} took longer than ${describeDuration(options.timeoutMs)} and was stopped.`,
            undefined,
            'system',
          ),
        );
      } else if (code === 0) {
        resolve({ stdout, stderr });
      } else {
        const detail = stderr.trim() || `exit ${code ?? signal}`;
        reject(
          options.failureMessage
            ? new MediaError(options.failureMessage, detail, 'system')
            : new MediaError(`${options.what} failed; the file may be damaged or incomplete.`, detail),
        );
      }
    });
  });
  run.then(
    () => timer({ outcome: 'ok' }),
    () => timer({ outcome: 'failed' }),
  );
  return run;
}

interface FfprobeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
  disposition?: { attached_pic?: number };
}

const NOT_A_VIDEO = 'This file is not a video we can read.';

/** Duration, display size (rotation applied) and whether there is sound, from ffprobe. */
export async function probeVideo(file: string): Promise<VideoProbe> {
  let stdout: string;
  try {
    ({ stdout } = await runProgram(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeoutMs: PROBE_TIMEOUT_MS, what: 'Reading the video' },
    ));
  } catch (error) {
    if (error instanceof MediaError && error.kind === 'input') {
      throw new MediaError(NOT_A_VIDEO, error.detail);
    }
    throw error;
  }
  let parsed: { streams?: FfprobeStream[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(stdout);
  } catch {
    throw new MediaError(NOT_A_VIDEO, 'ffprobe printed no JSON');
  }
  const streams = parsed.streams ?? [];
  // A cover picture in an audio file is a "video" stream too; it is not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.width || !video.height) throw new MediaError('This file has no video picture.');
  const durationSeconds = Number(parsed.format?.duration ?? video.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new MediaError('The length of this video cannot be read; the file may be damaged or incomplete.');
  }
  const rotation = Math.abs(
    Number(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0),
  );
  const turned = rotation % 180 === 90;
  return {
    durationSeconds,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

export interface PackageOptions {
  /** Known already (from an earlier probe): skips probing again. */
  probe?: VideoProbe;
  /** Time limit for the encoding; by default 2 minutes plus 5× the video's length. */
  timeoutMs?: number;
}

/** The default time limit for packaging a video of this length. */
export function packagingTimeoutMs(durationSeconds: number): number {
  return 120_000 + Math.ceil(durationSeconds * 5_000);
}

/**
 * Packages a video as single-rendition HLS (H.264 + AAC, 6 s MPEG-TS segments, at most 720 lines, never
 * scaled up) into outDir as index.m3u8 + seg_NNN.ts with relative segment names, plus poster.jpg at ~1 s.
 * onProgress gets 0-100 as ffmpeg advances (100 once the poster is written too).
 */
export async function packageHls(
  input: string,
  outDir: string,
  onProgress: (percent: number) => void = () => undefined,
  options: PackageOptions = {},
): Promise<HlsResult> {
  const probe = options.probe ?? (await probeVideo(input));
  const totalUs = probe.durationSeconds * 1_000_000;
  let last = -1;
  const report = (percent: number) => {
    const value = Math.max(0, Math.min(100, Math.floor(percent)));
    if (value > last) {
      last = value;
      onProgress(value);
    }
  };
  report(0);

  const even = `trunc(min(${HLS_MAX_HEIGHT},ih)/2)*2`;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-i',
    input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-vf',
    `scale=-2:'${even}',format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-crf',
    '23',
    '-maxrate',
    '3M',
    '-bufsize',
    '6M',
    '-force_key_frames',
    `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`,
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-f',
    'hls',
    '-hls_time',
    String(HLS_SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'mpegts',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    path.join(outDir, 'seg_%03d.ts'),
    '-progress',
    'pipe:1',
    '-nostats',
    path.join(outDir, HLS_PLAYLIST),
  ];
  await runProgram('ffmpeg', args, {
    timeoutMs: options.timeoutMs ?? packagingTimeoutMs(probe.durationSeconds),
    what: 'Converting the video for streaming',
    onStdoutLine: (line) => {
      // -progress prints blocks of key=value; out_time_us (and the misnamed out_time_ms) are microseconds.
      const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
      if (match && totalUs > 0) report(Math.min(99, (Number(match[1]) / totalUs) * 100));
    },
  });

  const posterAt = Math.min(1, probe.durationSeconds / 2);
  await runProgram(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-ss',
      posterAt.toFixed(3),
      '-i',
      input,
      '-frames:v',
      '1',
      '-vf',
      `scale=-2:'${even}'`,
      '-q:v',
      '3',
      path.join(outDir, HLS_POSTER),
    ],
    { timeoutMs: POSTER_TIMEOUT_MS, what: 'Making the poster image' },
  );

  const files = await readdir(outDir);
  const segments = files.filter((name) => HLS_SEGMENT_PATTERN.test(name)).sort();
  if (!files.includes(HLS_PLAYLIST) || segments.length === 0 || !files.includes(HLS_POSTER)) {
    throw new MediaError(
      'Converting the video for streaming produced no output.',
      files.join(', '),
      'system',
    );
  }
  report(100);
  return { playlist: HLS_PLAYLIST, segments, poster: HLS_POSTER, probe };
}
