import { describe, expect, it } from 'vitest';
import { GURU_VOICES } from '../../../common/gurus';
import { espeakArguments, espeakSpeaker, NoLocalVoiceError, spokenLanguage } from './espeak';
import { localSpeaker } from './local-voices';
import { isWave } from './wave-process';

/** Narration in the course's language (issue 32 item 3): never an English voice reading another script. */
describe('local voices in every course language', () => {
  it('speaks a text in its course language unless it is written in another script', () => {
    expect(spokenLanguage('सूर्य एक तारा है।')).toBe('hi');
    expect(spokenLanguage('सूर्य एक तारा है।', 'mr')).toBe('mr');
    expect(spokenLanguage('The sun is a star.', 'hi')).toBe('en');
    expect(spokenLanguage('சூரியன் ஒரு நட்சத்திரம்', 'en')).toBe('ta');
    expect(spokenLanguage('4', 'hi')).toBe('hi');
    expect(spokenLanguage('Slide 4', 'hi')).toBe('en');
    expect(spokenLanguage('42')).toBe('en');
    // Odia: a script no local voice speaks here.
    expect(spokenLanguage('ସୂର୍ଯ୍ୟ ଏକ ତାରା')).toBeNull();
  });

  it('keeps the six names six different speakers of each language', () => {
    for (const language of ['hi', 'ta', 'bn'] as const) {
      const voices = GURU_VOICES.map((voice) => espeakArguments(voice, language).join(' '));
      expect(new Set(voices).size, language).toBe(6);
      for (const args of voices) expect(args).toMatch(new RegExp(`^-v ${language}\\+[mf]\\d`));
    }
    expect(espeakArguments('shimmer', 'en')).toEqual(['-v', 'en-gb+f2', '-p', '78', '-s', '160']);
  });

  it('speaks Hindi with espeak-ng’s Hindi voice for every name, and refuses a script it has no voice for', async () => {
    const speaker = localSpeaker();
    for (const voice of ['alloy', 'nova'] as const) {
      const audio = await speaker.synthesize('सूर्य एक तारा है।', voice, undefined, 'hi');
      expect(audio.engine).toBe('espeak-ng');
      expect(isWave(audio.data)).toBe(true);
      expect(audio.data.length).toBeGreaterThan(20_000);
    }
    await expect(espeakSpeaker().synthesize('ସୂର୍ଯ୍ୟ ଏକ ତାରା', 'alloy')).rejects.toBeInstanceOf(NoLocalVoiceError);
    await expect(speaker.synthesize('ସୂର୍ଯ୍ୟ ଏକ ତାରା', 'alloy')).rejects.toBeInstanceOf(NoLocalVoiceError);
  });
});
