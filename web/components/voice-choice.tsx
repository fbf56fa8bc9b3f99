import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { GuruVoice } from '../../common/gurus';
import { LOCAL_ENGINE_LABELS, LOCAL_ENGINES, type VoiceCatalog, voiceOptionLabel } from '../../common/voices';
import { api } from '../app/api';

/** The caller's voices (GET /api/voices): local ones unless OpenAI speech or their ElevenLabs key is connected. */
export function useVoiceCatalog() {
  return useQuery({ queryKey: ['voices'], queryFn: () => api<VoiceCatalog>('/voices') });
}

/**
 * The Select options for the chosen voice (`voices`) or the fallback voice (`localVoices`, always spoken
 * here): each name with what it is and which engine or service speaks it. Empty until the list arrives.
 */
export function voiceOptions(catalog: VoiceCatalog | undefined, list: 'voices' | 'localVoices') {
  return (catalog?.[list] ?? []).map((choice) => ({ value: choice.voice, label: voiceOptionLabel(choice) }));
}

/**
 * The Select's renderOption: the name (what the field shows once chosen) with what the voice is below it
 * ("American English, female · HTS, the most natural").
 */
export function voiceOptionRenderer(catalog: VoiceCatalog | undefined, list: 'voices' | 'localVoices') {
  const descriptions = new Map((catalog?.[list] ?? []).map((choice) => [choice.voice, choice.description]));
  return ({ option }: { option: { value: string; label: string } }) => (
    <div>
      <Text size="sm">{option.label}</Text>
      <Text size="xs" c="dimmed">
        {descriptions.get(option.value as GuruVoice)}
      </Text>
    </div>
  );
}

const engines = LOCAL_ENGINES.map((engine) => LOCAL_ENGINE_LABELS[engine]).join(', ');

/**
 * Says who speaks the voices: local voices (and their engines) with how to connect natural ones, or the
 * connected service. Shown above a voice picker.
 */
export function VoiceSourceNote({ catalog }: { catalog: VoiceCatalog | undefined }) {
  if (!catalog) return null;
  if (catalog.provider !== 'local') {
    return (
      <Text size="sm" c="dimmed">
        {catalog.provider === 'openai'
          ? 'Voices by OpenAI speech, connected for this site.'
          : 'Voices by ElevenLabs, with the key on your Integrations page.'}{' '}
        The fallback voice is a local voice of this server.
      </Text>
    );
  }
  return (
    <Alert color="blue" variant="light" p="xs">
      <Text size="sm">
        These are local voices, spoken on this server by {engines}: free and private, but less natural than a
        speech service. Press Hear a sample to listen to each. For natural voices, add your ElevenLabs key on
        the{' '}
        <Anchor component={Link} to="/integrations">
          Integrations page
        </Anchor>
        , or ask the site administrator to connect OpenAI speech.
      </Text>
    </Alert>
  );
}
