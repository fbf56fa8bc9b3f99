/**
 * What the six voice names (common/gurus GURU_VOICES) sound like, said honestly (issue 31 item 3, decision
 * 059): on this server's own engines unless a speech service is connected, and then in that service's voices.
 */
import { GURU_VOICES, type GuruVoice } from './gurus';
import { LANGUAGE_CODES, type LanguageCode } from './languages';

/** Who speaks a voice: the server's own engines, OpenAI speech (the deployment's), ElevenLabs (the owner's key). */
export const VOICE_PROVIDERS = ['local', 'openai', 'elevenlabs'] as const;
export type VoiceProvider = (typeof VOICE_PROVIDERS)[number];

/** The local speech engines, all Debian packages: festival and flite (English), espeak-ng (every language). */
export const LOCAL_ENGINES = ['festival', 'flite', 'espeak-ng'] as const;
export type LocalEngine = (typeof LOCAL_ENGINES)[number];

export const LOCAL_ENGINE_LABELS: Record<LocalEngine, string> = {
  festival: 'Festival',
  flite: 'Flite',
  'espeak-ng': 'eSpeak NG',
};

/**
 * Each name is a different speaker on this server (not one voice renamed), called by its recording's own name
 * (CMU ARCTIC's RMS, AWB, SLT; KAL and KED of the diphone sets): the most natural voices Debian
 * ships, measured in decision 059. Statistical voices (HTS, clustergen) sound far more human than diphone
 * voices, and those more than espeak-ng's formant voice, which only speaks what the others cannot.
 */
/** What a local voice is, for the picker to say in the reader's language (web/components/voice-choice.tsx). */
export interface VoiceTraits {
  /** An English accent, or the language the voice speaks (a LanguageCode). */
  accent: 'american' | 'british' | 'scottish' | LanguageCode;
  sex: 'male' | 'female';
  kind: 'statistical' | 'diphone' | 'hts' | 'formant';
}

export const LOCAL_VOICES: Record<
  GuruVoice,
  { engine: LocalEngine; label: string; description: string; traits: VoiceTraits }
> = {
  alloy: {
    engine: 'flite',
    label: 'RMS',
    description: 'American English, male · statistical',
    traits: { accent: 'american', sex: 'male', kind: 'statistical' },
  },
  echo: {
    engine: 'flite',
    label: 'KAL',
    description: 'American English, male · diphone',
    traits: { accent: 'american', sex: 'male', kind: 'diphone' },
  },
  fable: {
    engine: 'flite',
    label: 'AWB',
    description: 'Scottish English, male · statistical',
    traits: { accent: 'scottish', sex: 'male', kind: 'statistical' },
  },
  onyx: {
    engine: 'festival',
    label: 'KED',
    description: 'American English, male · diphone',
    traits: { accent: 'american', sex: 'male', kind: 'diphone' },
  },
  nova: {
    engine: 'festival',
    label: 'SLT',
    description: 'American English, female · HTS, the most natural',
    traits: { accent: 'american', sex: 'female', kind: 'hts' },
  },
  shimmer: {
    engine: 'espeak-ng',
    label: 'en-GB f2',
    description: 'British English, female · formant, robotic',
    traits: { accent: 'british', sex: 'female', kind: 'formant' },
  },
};

/**
 * The six names as espeak-ng voices: a voice + variant (male m1–m7, female f1–f5), a pitch (0–99) and a speed in
 * words per minute, so a listener can tell them apart though espeak-ng is a formant synthesiser. In English these
 * are the accents below; every other language is spoken by its own espeak-ng voice in the name's variant, pitch
 * and pace (server/providers/tts/espeak.ts), so the six names stay six speakers of that language.
 */
export const ESPEAK_VOICES: Record<GuruVoice, { voice: string; pitch: number; speed: number }> = {
  alloy: { voice: 'en-us+m3', pitch: 50, speed: 165 },
  echo: { voice: 'en-us+m7', pitch: 35, speed: 155 },
  fable: { voice: 'en-gb+m1', pitch: 58, speed: 170 },
  onyx: { voice: 'en-us+m1', pitch: 18, speed: 145 },
  nova: { voice: 'en-us+f3', pitch: 62, speed: 175 },
  shimmer: { voice: 'en-gb+f2', pitch: 78, speed: 160 },
};

/** A name's espeak-ng variant ("m3", "f2"). */
export const espeakVariant = (voice: GuruVoice) => ESPEAK_VOICES[voice].voice.split('+')[1];

/**
 * Which set of local voices a rendered lesson segment was spoken with (1: espeak-ng only, 2: decision 059), so
 * a lesson made before renders again whole rather than mixing old and new voices (library render-hash.ts).
 */
export const LOCAL_VOICES_EDITION = 2;

/**
 * The local voices of a narration language other than English: espeak-ng's voice of that language in each
 * name's variant ("hi m3"), said as what they are, so a Hindi library's picker never offers American English.
 */
const englishName = (language: LanguageCode) =>
  Object.entries(LANGUAGE_CODES).find(([, code]) => code === language)?.[0] ?? language;

function languageVoiceChoices(language: LanguageCode): VoiceChoice[] {
  return GURU_VOICES.map((voice) => {
    const variant = espeakVariant(voice);
    const sex = variant.startsWith('f') ? 'female' : 'male';
    return {
      voice,
      label: `${language} ${variant}`,
      description: `${englishName(language)}, ${sex} · formant, robotic`,
      engine: LOCAL_ENGINE_LABELS['espeak-ng'],
      traits: { accent: language, sex, kind: 'formant' },
    };
  });
}

/** The ElevenLabs premade voices standing in for the six names (server/providers/tts/elevenlabs.ts). */
export const ELEVENLABS_VOICE_NAMES: Record<GuruVoice, { label: string; description: string }> = {
  alloy: { label: 'Sarah', description: 'ElevenLabs · calm, neutral' },
  echo: { label: 'George', description: 'ElevenLabs · warm male' },
  fable: { label: 'Daniel', description: 'ElevenLabs · British narrator' },
  onyx: { label: 'Brian', description: 'ElevenLabs · deep male' },
  nova: { label: 'Jessica', description: 'ElevenLabs · bright, young female' },
  shimmer: { label: 'Lily', description: 'ElevenLabs · soft British female' },
};

export interface VoiceChoice {
  voice: GuruVoice;
  /** The name the picker shows: the local speaker's or the connected service's own. */
  label: string;
  /** In English, for the API's readers; the picker says it from `traits` in the reader's language. */
  description: string;
  /** Who speaks it: a local engine's name, or 'OpenAI' / 'ElevenLabs'. */
  engine: string;
  /** A local voice's accent or language, sex and kind; none for a speech service's voice. */
  traits?: VoiceTraits;
}

/**
 * GET /api/voices: the caller's voices. `voices` are what the chosen voice sounds like (the connected
 * service's when there is one), `localVoices` what the fallback voice sounds like (always local).
 */
export interface VoiceCatalog {
  provider: VoiceProvider;
  voices: VoiceChoice[];
  localVoices: VoiceChoice[];
}

const titleCase = (voice: string) => voice[0].toUpperCase() + voice.slice(1);

/** The local voices that speak `language` (English's six speakers, or espeak-ng's voice of the language). */
export function localVoiceChoices(language: LanguageCode | '' = ''): VoiceChoice[] {
  if (language && language !== 'en') return languageVoiceChoices(language);
  return GURU_VOICES.map((voice) => ({
    voice,
    ...LOCAL_VOICES[voice],
    engine: LOCAL_ENGINE_LABELS[LOCAL_VOICES[voice].engine],
  }));
}

/**
 * The picker's list for a provider and a narration language: premium names only when that provider is connected
 * (they speak every language); local voices of that language.
 */
export function voiceCatalog(provider: VoiceProvider, language: LanguageCode | '' = ''): VoiceCatalog {
  const localVoices = localVoiceChoices(language);
  const voices =
    provider === 'local'
      ? localVoices
      : GURU_VOICES.map((voice) =>
          provider === 'openai'
            ? { voice, label: titleCase(voice), description: 'OpenAI speech', engine: 'OpenAI' }
            : { voice, ...ELEVENLABS_VOICE_NAMES[voice], engine: 'ElevenLabs' },
        );
  return { provider, voices, localVoices };
}

/** A Select option's name: the voice and who speaks it ("SLT (Festival)"); the picker shows the description below. */
export const voiceOptionLabel = (choice: VoiceChoice) => `${choice.label} (${choice.engine})`;
