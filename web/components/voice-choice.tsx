import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { GuruVoice } from '../../common/gurus';
import { LOCAL_ENGINE_LABELS, LOCAL_ENGINES, type VoiceCatalog, voiceOptionLabel } from '../../common/voices';
import { api } from '../app/api';
import { rich, useT } from '../app/i18n';

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
  const t = useT();
  if (!catalog) return null;
  if (catalog.provider !== 'local') {
    return (
      <Text size="sm" c="dimmed">
        {t(catalog.provider === 'openai' ? 'components.voices.openai' : 'components.voices.elevenlabs')}{' '}
        {t('components.voices.fallback')}
      </Text>
    );
  }
  return (
    <Alert color="blue" variant="light" p="xs">
      <Text size="sm">
        {rich('components.voices.local', {
          engines,
          link: (chunks) => (
            <Anchor component={Link} to="/integrations">
              {chunks}
            </Anchor>
          ),
        })}
      </Text>
    </Alert>
  );
}
