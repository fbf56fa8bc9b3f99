import { spawn } from 'node:child_process';
import type { GuruVoice } from '../../../common/gurus';
import type { Speaker, SpeechAudio } from './types';

/**
 * The six voice names as clearly different local voices: an espeak-ng language + variant (male m1–m7,
 * female f1–f5), a pitch (0–99) and a speed in words per minute. Accent, sex, pitch and pace all differ so
 * a listener can tell them apart even though espeak-ng is a formant synthesiser.
 */
export const ESPEAK_VOICES: Record<GuruVoice, { voice: string; pitch: number; speed: number }> = {
  alloy: { voice: 'en-us+m3', pitch: 50, speed: 165 },
  echo: { voice: 'en-us+m7', pitch: 35, speed: 155 },
  fable: { voice: 'en-gb+m1', pitch: 58, speed: 170 },
  onyx: { voice: 'en-us+m1', pitch: 18, speed: 145 },
  nova: { voice: 'en-us+f3', pitch: 62, speed: 175 },
  shimmer: { voice: 'en-gb+f2', pitch: 78, speed: 160 },
};

/** A sentence takes well under a second; this only stops a hung process from holding a request. */
const ESPEAK_TIMEOUT_MS = 20_000;

/**
 * espeak-ng as a Speaker: WAV from `espeak-ng --stdout`. Spawned with an argument list (never a shell) and
 * the text on stdin, so nothing in the text can become an option or a command.
 */
export function espeakSpeaker(binary = 'espeak-ng'): Speaker {
  return {
    name: 'espeak-ng',
    synthesize(text: string, voice: GuruVoice, signal?: AbortSignal): Promise<SpeechAudio> {
      const settings = ESPEAK_VOICES[voice];
      const args = ['-v', settings.voice, '-p', String(settings.pitch), '-s', String(settings.speed)];
      return new Promise((resolve, reject) => {
        const child = spawn(binary, [...args, '--stdout', '--stdin'], {
          stdio: ['pipe', 'pipe', 'pipe'],
          timeout: ESPEAK_TIMEOUT_MS,
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
          if (code === 0 && isWave(data)) resolve({ contentType: 'audio/wav', data: withWaveSizes(data) });
          else reject(new Error(`espeak-ng failed (${killedBy ?? code}): ${errorText.trim().slice(0, 200)}`));
        });
        // A closed stdin (the process died early) must not crash the server.
        child.stdin.on('error', () => undefined);
        child.stdin.end(text);
      });
    },
  };
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
 * Writing to a pipe, espeak-ng cannot seek back to fill in the RIFF and data sizes and leaves placeholders;
 * some browsers refuse such a file, so the real sizes are written once the whole output is known.
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
