import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SpeechAudio } from './types';

/** A sentence takes well under a second; this only stops a hung process from holding a request. */
const SPEECH_PROCESS_TIMEOUT_MS = 20_000;

/** In a program's arguments: the path of a file holding the text (flite cannot read a socket as /dev/stdin). */
export const TEXT_FILE = '{text}';
/** In a program's arguments: the path the program writes its WAV to, instead of stdout. */
export const WAVE_FILE = '{wave}';

/**
 * Runs a local speech program that writes a WAV (espeak-ng, flite, festival's text2wave): the text goes on
 * stdin, or into a temporary file named by {@link TEXT_FILE}; the WAV comes on stdout, or from the file named
 * by {@link WAVE_FILE}. Spawned with an argument list (never a shell) and the text never an argument, so
 * nothing in the text can become an option or a command.
 */
export async function waveFromProgram(
  binary: string,
  args: string[],
  text: string,
  signal?: AbortSignal,
): Promise<SpeechAudio> {
  if (!args.includes(TEXT_FILE) && !args.includes(WAVE_FILE)) return runProgram(binary, args, text, signal);
  const work = await mkdtemp(path.join(os.tmpdir(), 'gurukul-speech-'));
  try {
    const textFile = path.join(work, 'text.txt');
    const waveFile = path.join(work, 'speech.wav');
    await writeFile(textFile, text);
    const fileArgs = args.map((arg) => (arg === TEXT_FILE ? textFile : arg === WAVE_FILE ? waveFile : arg));
    const piped = await runProgram(binary, fileArgs, args.includes(TEXT_FILE) ? '' : text, signal, false);
    if (!args.includes(WAVE_FILE)) return piped;
    const data = await readFile(waveFile).catch(() => Buffer.alloc(0));
    if (!isWave(data)) throw new Error(`${binary} wrote no WAV`);
    return { contentType: 'audio/wav', data: withWaveSizes(data) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function runProgram(
  binary: string,
  args: string[],
  text: string,
  signal?: AbortSignal,
  waveOnStdout = true,
): Promise<SpeechAudio> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: SPEECH_PROCESS_TIMEOUT_MS,
      signal,
    });
    const chunks: Buffer[] = [];
    let errorText = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      errorText += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code, killedBy) => {
      const data = Buffer.concat(chunks);
      if (code === 0 && !waveOnStdout) resolve({ contentType: 'audio/wav', data });
      else if (code === 0 && isWave(data)) resolve({ contentType: 'audio/wav', data: withWaveSizes(data) });
      else reject(new Error(`${binary} failed (${killedBy ?? code}): ${errorText.trim().slice(0, 200)}`));
    });
    // A closed stdin (the process died early) must not crash the server.
    child.stdin.on('error', () => undefined);
    child.stdin.end(text);
  });
}

/** A RIFF/WAVE header: what the browser needs to play the bytes as audio/wav. */
export function isWave(data: Buffer): boolean {
  return (
    data.length > 44 &&
    data.subarray(0, 4).toString('ascii') === 'RIFF' &&
    data.subarray(8, 12).toString('ascii') === 'WAVE'
  );
}

/**
 * Writing to a pipe, a program cannot seek back to fill in the RIFF and data sizes and may leave
 * placeholders; some browsers refuse such a file, so the real sizes are written once the whole output is known.
 */
export function withWaveSizes(data: Buffer): Buffer {
  const out = Buffer.from(data);
  out.writeUInt32LE(out.length - 8, 4);
  let offset = 12;
  while (offset + 8 <= out.length) {
    const id = out.subarray(offset, offset + 4).toString('ascii');
    if (id === 'data') {
      out.writeUInt32LE(out.length - offset - 8, offset + 4);
      break;
    }
    offset += 8 + out.readUInt32LE(offset + 4);
  }
  return out;
}
