import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SpeechAudio } from '../providers/tts/types';
import { runProgram } from './ffmpeg';

/**
 * Speech as the browser gets it. The local voices write WAV — 44 kB a second: the guru's greeting alone was
 * 840 kB, three and a half seconds of slow 4G before its avatar's picture could load. As MP3 at 32 kbit/s mono
 * (every browser decodes it, also through Web Audio's decodeAudioData, which the guru's lip level uses) it is an
 * eleventh of that. A voice that is already compressed (a speech service's MP3) goes as it is; so does a WAV when
 * ffmpeg fails, since speech that arrives large is better than none.
 */
export const SPEECH_BITRATE = '32k';
/** A sentence's WAV encodes in tens of milliseconds; this only stops a hung encoder from holding the answer. */
const ENCODE_TIMEOUT_MS = 15_000;

/** Whether bytes begin as an MP3 file: an ID3 tag, or an MPEG audio frame's sync word. */
export const isMp3 = (data: Buffer) =>
  data.subarray(0, 3).toString('latin1') === 'ID3' ||
  (data.length > 1 && data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0);

export async function speechForTheWire<Audio extends SpeechAudio>(audio: Audio): Promise<Audio> {
  if (audio.contentType !== 'audio/wav') return audio;
  const work = await mkdtemp(path.join(os.tmpdir(), 'gurukul-speech-mp3-'));
  try {
    const wave = path.join(work, 'speech.wav');
    const mp3 = path.join(work, 'speech.mp3');
    await writeFile(wave, audio.data);
    await runProgram(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        wave,
        '-ac',
        '1',
        '-codec:a',
        'libmp3lame',
        '-b:a',
        SPEECH_BITRATE,
        mp3,
      ],
      {
        timeoutMs: ENCODE_TIMEOUT_MS,
        what: 'Compressing speech',
        failureMessage: 'Compressing speech failed.',
      },
    );
    return { ...audio, contentType: 'audio/mpeg', data: await readFile(mp3) };
  } catch {
    return audio;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
