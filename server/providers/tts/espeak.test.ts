import { describe, expect, it } from 'vitest';
import { GURU_VOICES } from '../../../common/gurus';
import { ESPEAK_VOICES, espeakSpeaker, isWave } from './espeak';

const speaker = espeakSpeaker();

describe('espeak-ng speaker', () => {
  it('speaks each of the six voices as a valid WAV, each sounding different', async () => {
    const outputs = await Promise.all(
      GURU_VOICES.map((voice) => speaker.synthesize('The derivative measures change.', voice)),
    );
    for (const audio of outputs) {
      expect(audio.contentType).toBe('audio/wav');
      expect(isWave(audio.data)).toBe(true);
      // Sizes are real (not the placeholders espeak-ng writes to a pipe).
      expect(audio.data.readUInt32LE(4)).toBe(audio.data.length - 8);
    }
    const distinct = new Set(outputs.map((audio) => audio.data.toString('base64')));
    expect(distinct.size).toBe(GURU_VOICES.length);
    expect(new Set(Object.values(ESPEAK_VOICES).map((v) => `${v.voice}/${v.pitch}`)).size).toBe(6);
  });

  it('speaks the longest text a request may carry (1200 characters)', async () => {
    const text = 'Integration adds up small pieces of a whole. '.repeat(30).slice(0, 1200);
    expect(text).toHaveLength(1200);
    const audio = await speaker.synthesize(text, 'onyx');
    expect(isWave(audio.data)).toBe(true);
    // Two hundred words take well over ten seconds at 22 050 samples a second, 16-bit.
    expect(audio.data.length).toBeGreaterThan(22_050 * 2 * 10);
  }, 30_000);

  it('reads the text as text: option-like or shell-like input is spoken, not executed', async () => {
    const audio = await speaker.synthesize('--version $(touch /tmp/pwned) `ls` ; -v xx', 'nova');
    expect(isWave(audio.data)).toBe(true);
  });

  it('fails plainly when espeak-ng cannot run', async () => {
    await expect(espeakSpeaker('/no/such/espeak-ng').synthesize('Hi.', 'alloy')).rejects.toThrow();
  });
});
