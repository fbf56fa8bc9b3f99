import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Progress,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPhoto, IconVolume } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type LibraryDetail, librarySettingsSchema } from '../../../common/contracts/library';
import { ALLOWED_IMAGE_TYPES } from '../../../common/files';
import { FONTS, type FontName } from '../../../common/fonts';
import type { GuruVoice } from '../../../common/gurus';
import { LANGUAGE_CODES, type LanguageCode } from '../../../common/languages';
import {
  AVATAR_CORNERS,
  type AvatarCorner,
  LIBRARY_AVATAR_KINDS,
  LIBRARY_LIMITS,
  type LibraryAvatarKind,
} from '../../../common/library';
import { readableBand, THEME_COLORS } from '../../../common/theme-colors';
import { toast } from '../../app/toast';
import { useFontStack } from '../../app/use-font-stack';
import { ThemeColorPicker } from '../../components/theme-color-picker';
import {
  useVoiceCatalog,
  useVoiceOptionRenderer,
  VoiceSourceNote,
  voiceOptions,
} from '../../components/voice-choice';
import { uploadAvatarImage, useStoreDetail } from './api';
import type { EditableSettings } from './draft';
import { rich, useT } from './i18n';
import { useNarrationPlayer } from './use-narration-player';

/**
 * The narration's language: each catalog language with its own name beside ("Hindi · हिन्दी"), or the slides'
 * own script (a Hindi deck is narrated in Hindi, decision 065). The names are the catalog's (common/languages.ts).
 */
const LANGUAGE_OPTIONS = Object.entries(LANGUAGE_CODES)
  .filter(([, code]) => code !== '')
  .map(([name, code]) => {
    const own = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return { value: code, label: own && own !== name ? `${name} · ${own}` : name };
  });

/** What "Hear a sample" says when the lesson has no narration yet: spoken, not shown, in the narration's language. */
const VOICE_SAMPLES: Partial<Record<LanguageCode, string>> = {
  en: 'Hello! This is how your lesson will sound.',
  hi: 'नमस्ते! आपका पाठ ऐसा सुनाई देगा।',
};

/**
 * What "Hear a sample" says: the lesson's own first sentence (so it is heard in the language and words it will be
 * narrated in, a Hindi deck in Hindi), else a greeting in the narration's language.
 */
function sampleSentence(detail: LibraryDetail, language: LanguageCode | ''): string {
  const narration = detail.segments.map((segment) => segment.description.trim()).find(Boolean);
  if (narration) {
    const segmenter = new Intl.Segmenter(language || undefined, { granularity: 'sentence' });
    const first = segmenter.segment(narration)[Symbol.iterator]().next().value?.segment.trim();
    if (first) return first.slice(0, 300);
  }
  return VOICE_SAMPLES[language || 'en'] ?? VOICE_SAMPLES.en ?? '';
}
const MAX_IMAGE_MB = Math.round(LIBRARY_LIMITS.avatarImageMaxBytes / 1024 / 1024);

interface Props {
  detail: LibraryDetail;
  settings: EditableSettings;
  locked: boolean;
  /** Whether Generate was pressed: a voice still missing is pointed out then. */
  generateTried: boolean;
  onChange: (change: Partial<EditableSettings>) => void;
}

function AvatarImage({ detail, locked }: { detail: LibraryDetail; locked: boolean }) {
  const storeDetail = useStoreDetail();
  const t = useT();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > LIBRARY_LIMITS.avatarImageMaxBytes) {
      toast('warning', t('library.settings.imageTooLarge', { mb: MAX_IMAGE_MB }));
      return;
    }
    setProgress(0);
    try {
      storeDetail(await uploadAvatarImage(detail.id, file, setProgress));
      toast('success', t('library.settings.imageSaved'));
    } catch (error) {
      toast('danger', error instanceof Error ? error.message : t('library.settings.uploadFailed'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap="xs">
      <Group align="center" wrap="nowrap">
        {detail.avatarImageUrl ? (
          <Image
            src={detail.avatarImageUrl}
            alt={t('library.settings.avatarImage')}
            w={72}
            h={72}
            radius="md"
            fit="cover"
          />
        ) : (
          <Box
            w={72}
            h={72}
            bg="var(--mantine-color-default-hover)"
            style={{ borderRadius: 8 }}
            aria-hidden
          />
        )}
        <FileButton onChange={(file) => void upload(file)} accept={ALLOWED_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconPhoto size={14} />}
              loading={progress !== null}
              disabled={locked}
            >
              {t(detail.avatarImageUrl ? 'library.settings.changeImage' : 'library.settings.uploadImage')}
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null && <Progress value={progress} aria-label={t('library.settings.imageProgress')} />}
      {/* What the avatar needs, said as a step to take: no error before anything was tried (the server
          refuses to generate without it, in the same words). */}
      {!detail.avatarImageUrl && (
        <Text size="xs" c="dimmed" data-testid="avatar-image-needed">
          {t('libraryMsg.staticAvatar')}
        </Text>
      )}
    </Stack>
  );
}

function checkTitle(title: string): string | undefined {
  const result = librarySettingsSchema.shape.title.safeParse(title);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The look and sound of the video: title, voices, avatar, font and theme colour. */
export function SettingsPanel({ detail, settings, locked, generateTried, onChange }: Props) {
  const band = readableBand(
    (THEME_COLORS.find((one) => one.key === settings.themeColor) ?? THEME_COLORS[0]).hex,
  );
  const font = settings.fontFamily as FontName;
  const t = useT();
  const [titleError, setTitleError] = useState<string | undefined>();
  const { data: voiceCatalog } = useVoiceCatalog(settings.language ?? '');
  const renderVoice = useVoiceOptionRenderer(voiceCatalog, 'voices');
  const renderLocalVoice = useVoiceOptionRenderer(voiceCatalog, 'localVoices');
  const sample = useNarrationPlayer(detail.id);
  // A missing voice is pointed out on its own field once the person has left that field or pressed Generate
  // (the server refuses to generate without one, in the same words), never for another setting changed: the
  // look saves before the voices are chosen.
  const [voiceAsked, setVoiceAsked] = useState({ voice: false, fallbackVoice: false });
  const voiceError = (field: 'voice' | 'fallbackVoice') =>
    settings[field] || !(generateTried || voiceAsked[field]) ? undefined : t(`libraryMsg.${field}`);
  // The preview shows the chosen font itself, as the rendered video will (server/media/fonts.ts).
  const previewFont = useFontStack(font);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="library-settings-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="library-settings-heading">
          {t('library.settings.title')}
        </Title>
        <TextInput
          label={t('library.settings.titleLabel')}
          withAsterisk
          maxLength={LIBRARY_LIMITS.titleMax}
          value={settings.title}
          readOnly={locked}
          // Checked when left (commitValidation's rule), with the server's message; cleared while edited.
          onChange={(event) => {
            onChange({ title: event.currentTarget.value });
            setTitleError(undefined);
          }}
          onBlur={() => setTitleError(checkTitle(settings.title))}
          error={titleError}
        />
        <Select
          label={t('library.settings.language')}
          description={t('library.settings.languageHelp')}
          data={[{ value: '', label: t('library.settings.fromSlides') }, ...LANGUAGE_OPTIONS]}
          value={settings.language ?? ''}
          readOnly={locked}
          allowDeselect={false}
          onChange={(value) => onChange({ language: (value ?? '') as EditableSettings['language'] })}
        />
        <VoiceSourceNote catalog={voiceCatalog} />
        <Select
          label={t('library.settings.voice')}
          description={t('library.settings.voiceHelp')}
          placeholder={t('library.settings.voicePlaceholder')}
          withAsterisk
          data={voiceOptions(voiceCatalog, 'voices')}
          disabled={!voiceCatalog}
          renderOption={renderVoice}
          value={settings.voice}
          readOnly={locked}
          allowDeselect={false}
          onChange={(value) => onChange({ voice: (value as GuruVoice | null) ?? null })}
          onBlur={() => setVoiceAsked((now) => ({ ...now, voice: true }))}
          error={voiceError('voice')}
        />
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconVolume size={14} />}
            disabled={!settings.voice}
            loading={sample.playing === 'voice-sample'}
            onClick={() =>
              void sample.play(
                'voice-sample',
                sampleSentence(detail, settings.language ?? ''),
                settings.voice,
              )
            }
            aria-label={t('library.settings.sampleLabel')}
          >
            {t('library.settings.sample')}
          </Button>
        </Group>
        <Select
          label={t('library.settings.fallback')}
          description={t('library.settings.fallbackHelp')}
          placeholder={t('library.settings.fallbackPlaceholder')}
          withAsterisk
          data={voiceOptions(voiceCatalog, 'localVoices')}
          disabled={!voiceCatalog}
          renderOption={renderLocalVoice}
          value={settings.fallbackVoice}
          readOnly={locked}
          allowDeselect={false}
          onChange={(value) => onChange({ fallbackVoice: (value as GuruVoice | null) ?? null })}
          onBlur={() => setVoiceAsked((now) => ({ ...now, fallbackVoice: true }))}
          error={voiceError('fallbackVoice')}
        />
        <Radio.Group
          label={t('library.settings.avatar')}
          value={settings.avatarKind}
          onChange={(value) => !locked && onChange({ avatarKind: value as LibraryAvatarKind })}
        >
          <Stack gap={6} mt={4}>
            {LIBRARY_AVATAR_KINDS.map((kind) => (
              <Radio
                key={kind}
                value={kind}
                label={t(`library.settings.avatarKind.${kind}`)}
                disabled={locked}
              />
            ))}
          </Stack>
        </Radio.Group>
        {settings.avatarKind === 'static' && <AvatarImage detail={detail} locked={locked} />}
        {settings.avatarKind === 'd_id' && (
          <Alert color="blue" variant="light" p="xs">
            <Text size="sm">
              {rich('library.settings.did', {
                link: (chunks) => (
                  <Anchor component={Link} to="/integrations">
                    {chunks}
                  </Anchor>
                ),
              })}
            </Text>
          </Alert>
        )}
        {settings.avatarKind !== 'none' && (
          <Select
            label={t('library.settings.corner')}
            data={AVATAR_CORNERS.map((corner) => ({
              value: corner,
              label: t(`library.settings.corner.${corner}`),
            }))}
            value={settings.avatarCorner}
            readOnly={locked}
            allowDeselect={false}
            onChange={(value) => value && onChange({ avatarCorner: value as AvatarCorner })}
          />
        )}
        <Select
          label={t('library.settings.font')}
          description={t('library.settings.fontHelp')}
          data={[...FONTS]}
          value={settings.fontFamily}
          searchable
          readOnly={locked}
          allowDeselect={false}
          onChange={(value) => value && onChange({ fontFamily: value as FontName })}
        />
        <ThemeColorPicker
          value={settings.themeColor}
          size={28}
          disabled={locked}
          onChange={(themeColor) => onChange({ themeColor })}
        />
        <Box
          aria-label={t('library.settings.preview')}
          role="img"
          p="sm"
          style={{
            background: band.background,
            color: band.text,
            borderRadius: 8,
            fontFamily: previewFont,
          }}
        >
          <Text fw={700} inherit lineClamp={1}>
            {settings.title.trim() || t('library.settings.yourTitle')}
          </Text>
          <Text size="sm" inherit>
            {t('library.settings.captions', { font })}
          </Text>
        </Box>
      </Stack>
    </Card>
  );
}
