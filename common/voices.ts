/**
 * What the six voice names (common/gurus GURU_VOICES) sound like, said honestly (issue 31 item 3, decision
 * 059): on this server's own engines unless a speech service is connected, and then in that service's voices.
 */
import { GURU_VOICES, type GuruVoice } from './gurus';

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
export const LOCAL_VOICES: Record<GuruVoice, { engine: LocalEngine; label: string; description: string }> = {
  alloy: { engine: 'flite', label: 'RMS', description: 'American English, male · statistical' },
  echo: { engine: 'flite', label: 'KAL', description: 'American English, male · diphone' },
  fable: { engine: 'flite', label: 'AWB', description: 'Scottish English, male · statistical' },
  onyx: { engine: 'festival', label: 'KED', description: 'American English, male · diphone' },
  nova: {
    engine: 'festival',
    label: 'SLT',
    description: 'American English, female · HTS, the most natural',
  },
  shimmer: {
    engine: 'espeak-ng',
    label: 'en-GB f2',
    description: 'British English, female · formant, robotic',
  },
};

/**
 * Which set of local voices a rendered lesson segment was spoken with (1: espeak-ng only, 2: decision 059), so
 * a lesson made before renders again whole rather than mixing old and new voices (library render-hash.ts).
 */
export const LOCAL_VOICES_EDITION = 2;

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
  description: string;
  /** Who speaks it: a local engine's name, or 'OpenAI' / 'ElevenLabs'. */
  engine: string;
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

export function localVoiceChoices(): VoiceChoice[] {
  return GURU_VOICES.map((voice) => ({
    voice,
    ...LOCAL_VOICES[voice],
    engine: LOCAL_ENGINE_LABELS[LOCAL_VOICES[voice].engine],
  }));
}

/** The picker's list for a provider: premium names only when that provider is connected. */
export function voiceCatalog(provider: VoiceProvider): VoiceCatalog {
  const localVoices = localVoiceChoices();
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
