import { Alert, Anchor, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { GuruVoice } from '../../common/gurus';
import { INTL_LOCALES } from '../../common/i18n/locales';
import type { LanguageCode } from '../../common/languages';
import {
  LOCAL_ENGINE_LABELS,
  LOCAL_ENGINES,
  type VoiceCatalog,
  type VoiceChoice,
  voiceOptionLabel,
} from '../../common/voices';
import { api } from '../app/api';
import { rich, type t as translate, useLocale, useT } from '../app/i18n';

/**
 * The caller's voices (GET /api/voices): local ones unless OpenAI speech or their ElevenLabs key is connected;
 * with a narration `language`, the local voices that speak it (a Hindi library is offered Hindi voices).
 */
export function useVoiceCatalog(language: LanguageCode | '' = '') {
  const query = language ? `?language=${language}` : '';
  // The previous list stays while another language's loads, so a chosen voice never shows blank.
  return useQuery({
    queryKey: ['voices', language],
    queryFn: () => api<VoiceCatalog>(`/voices${query}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * What a voice is, in the reader's language: a local voice's accent or language, sex and kind ("American English,
 * female · HTS, the most natural"; "हिन्दी, स्त्री · …"), a service's voice by its own description.
 */
function describeVoice(choice: VoiceChoice, t: typeof translate, locale: string): string {
  if (!choice.traits) {
    return choice.engine === 'ElevenLabs'
      ? t(`components.voices.eleven.${choice.voice}`)
      : t('components.voices.openaiVoice');
  }
  const { accent, sex, kind } = choice.traits;
  const english = accent === 'american' || accent === 'british' || accent === 'scottish';
  return t('components.voices.describe', {
    accent: english
      ? t(`components.voices.accent.${accent}`)
      : (new Intl.DisplayNames([locale], { type: 'language' }).of(accent) ?? accent),
    sex: t(`components.voices.sex.${sex}`),
    kind: t(`components.voices.kind.${kind}`),
  });
}

/**
 * The Select options for the chosen voice (the pickers stay disabled until the list has arrived: a picker opened
 * empty does not show the options that arrive while it is open) (`voices`) or the fallback voice (`localVoices`, always spoken
 * here): each name with what it is and which engine or service speaks it. Empty until the list arrives.
 */
export function voiceOptions(catalog: VoiceCatalog | undefined, list: 'voices' | 'localVoices') {
  return (catalog?.[list] ?? []).map((choice) => ({ value: choice.voice, label: voiceOptionLabel(choice) }));
}

/**
 * The Select's renderOption (a hook: it says what each voice is in the reader's language): the name (what the field shows once chosen) with what the voice is below it
 * ("American English, female · HTS, the most natural").
 */
export function useVoiceOptionRenderer(catalog: VoiceCatalog | undefined, list: 'voices' | 'localVoices') {
  const t = useT();
  const locale = INTL_LOCALES[useLocale()];
  const descriptions = new Map(
    (catalog?.[list] ?? []).map((choice) => [choice.voice, describeVoice(choice, t, locale)]),
  );
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
