import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isMp3, speechForTheWire } from './speech-for-the-wire';

const work = mkdtempSync(path.join(os.tmpdir(), 'gurukul-speech-wire-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Three seconds of a voice-like WAV as the local voices write it: 22,050 Hz, 16-bit, mono. */
function threeSecondWave(): Buffer {
  const file = path.join(work, 'voice.wav');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:duration=3',
    '-ar',
    '22050',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    file,
  ]);
  return readFileSync(file);
}

/** What ffprobe (not our code) reads in the bytes. */
function probe(data: Buffer): { codec: string; seconds: number } {
  const file = path.join(work, `probe-${Math.random()}.bin`);
  writeFileSync(file, data);
  const out = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], {
      encoding: 'utf8',
    }),
  ) as { streams: { codec_name: string; channels: number }[]; format: { duration: string } };
  return { codec: out.streams[0]?.codec_name ?? '', seconds: Number(out.format.duration) };
}

describe('speech as the browser gets it', () => {
  it("sends a local voice's WAV as mono MP3 of the same length, an eleventh of its bytes", async () => {
    const wave = threeSecondWave();
    const sent = await speechForTheWire({ contentType: 'audio/wav', data: wave, engine: 'flite' });
    expect(sent.contentType).toBe('audio/mpeg');
    expect(sent.engine).toBe('flite');
    expect(isMp3(sent.data)).toBe(true);
    const { codec, seconds } = probe(sent.data);
    expect(codec).toBe('mp3');
    expect(seconds).toBeGreaterThan(2.9);
    expect(seconds).toBeLessThan(3.2);
    expect(sent.data.length).toBeLessThan(wave.length / 8);
  });

  it('sends compressed speech as it is, and a WAV it cannot read as it came rather than nothing', async () => {
    const mp3 = { contentType: 'audio/mpeg' as const, data: Buffer.from('ID3 already compressed') };
    expect(await speechForTheWire(mp3)).toBe(mp3);
    const broken = { contentType: 'audio/wav' as const, data: Buffer.from('RIFF....WAVEnot really') };
    expect(await speechForTheWire(broken)).toEqual(broken);
  });
});
