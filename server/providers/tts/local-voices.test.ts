import { describe, expect, it } from 'vitest';
import { GURU_VOICES } from '../../../common/gurus';
import { LOCAL_VOICES } from '../../../common/voices';
import { wavDurationSeconds } from '../../media/narrated-segment';
import { LOCAL_VOICE_PROGRAMS, localSpeaker } from './local-voices';
import { isWave } from './wave-process';

const speaker = localSpeaker();
const SENTENCE = 'A triangle has three sides, and its angles add up to one hundred and eighty degrees.';

/** The sample rate and channel count from a WAV's fmt chunk. */
function format(wav: Buffer): { rate: number; channels: number; bits: number } {
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const size = wav.readUInt32LE(offset + 4);
    if (wav.toString('ascii', offset, offset + 4) === 'fmt ') {
      return {
        channels: wav.readUInt16LE(offset + 10),
        rate: wav.readUInt32LE(offset + 12),
        bits: wav.readUInt16LE(offset + 22),
      };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('no fmt chunk');
}

describe('local voices (real flite, festival and espeak-ng processes)', () => {
  it('speaks each name with its own engine: a WAV of the expected rate and a plausible length', async () => {
    const expected = { flite: 16_000, festival: { onyx: 16_000, nova: 32_000 }, 'espeak-ng': 22_050 };
    for (const voice of GURU_VOICES) {
      const audio = await speaker.synthesize(SENTENCE, voice);
      const engine = LOCAL_VOICE_PROGRAMS[voice].engine;
      expect(audio.engine, voice).toBe(engine);
      expect(LOCAL_VOICES[voice].engine).toBe(engine);
      expect(isWave(audio.data)).toBe(true);
      // Sizes are real (not the placeholders a program writes to a pipe).
      expect(audio.data.readUInt32LE(4)).toBe(audio.data.length - 8);
      const { rate, channels, bits } = format(audio.data);
      const rates = expected[engine];
      expect(rate, voice).toBe(typeof rates === 'number' ? rates : rates[voice as 'onyx' | 'nova']);
      expect([channels, bits]).toEqual([1, 16]);
      // Sixteen words take 4–9 s at any natural pace.
      const seconds = wavDurationSeconds(audio.data);
      expect(seconds, voice).toBeGreaterThan(4);
      expect(seconds, voice).toBeLessThan(9);
    }
  }, 60_000);

  it('gives six different speakers: no two names sound alike', async () => {
    const outputs = await Promise.all(GURU_VOICES.map((voice) => speaker.synthesize('Hello there.', voice)));
    expect(new Set(outputs.map((audio) => audio.data.toString('base64'))).size).toBe(6);
    // Not one engine's voice renamed: every name has its own program and voice.
    const programs = Object.values(LOCAL_VOICE_PROGRAMS).map((p) => `${p.binary} ${p.args.join(' ')}`);
    expect(new Set(programs).size).toBe(6);
  });

  it('keeps the last short sentences: a repeated sample is not spoken again', async () => {
    const fresh = localSpeaker();
    const first = await fresh.synthesize('Hello! This is how your lesson will sound.', 'nova');
    const started = performance.now();
    const again = await fresh.synthesize('Hello! This is how your lesson will sound.', 'nova');
    expect(again.data.equals(first.data)).toBe(true);
    expect(performance.now() - started).toBeLessThan(50);
    expect((await fresh.synthesize('Hello! This is how your lesson will sound.', 'alloy')).engine).toBe(
      'flite',
    );
  });

  it('reads other scripts with espeak-ng (the English voices cannot)', async () => {
    const audio = await speaker.synthesize('त्रिभुज की तीन भुजाएँ होती हैं।', 'nova');
    expect(audio.engine).toBe('espeak-ng');
    expect(isWave(audio.data)).toBe(true);
    // Latin letters with accents stay with the chosen voice.
    expect((await speaker.synthesize('The café is open.', 'alloy')).engine).toBe('flite');
  });

  it('speaks with espeak-ng when flite or festival is missing', async () => {
    const missing = Object.fromEntries(
      GURU_VOICES.map((voice) => [voice, { ...LOCAL_VOICE_PROGRAMS[voice], binary: '/no/such/program' }]),
    ) as typeof LOCAL_VOICE_PROGRAMS;
    const audio = await localSpeaker(missing).synthesize('Hello.', 'alloy');
    expect(audio.engine).toBe('espeak-ng');
    expect(isWave(audio.data)).toBe(true);
  });

  it('reads the text as text: option-like, shell-like or Scheme-like input is spoken, not run', async () => {
    for (const voice of ['alloy', 'nova'] as const) {
      const audio = await speaker.synthesize('--help $(touch /tmp/pwned) `ls` ; (quit) "\\ -voice x', voice);
      expect(audio.engine).toBe(LOCAL_VOICE_PROGRAMS[voice].engine);
      expect(isWave(audio.data)).toBe(true);
    }
  });
});
