import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Grid,
  Group,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCube, IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type AvatarInput, avatarSchema, type GuruDetail } from '../../../common/contracts/gurus';
import { ALLOWED_IMAGE_TYPES } from '../../../common/files';
import type { AvatarKind, GuruVoice } from '../../../common/gurus';
import { commitValidation, serverFieldErrors, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import {
  useVoiceCatalog,
  useVoiceOptionRenderer,
  VoiceSourceNote,
  voiceOptions,
} from '../../components/voice-choice';
import { useSaveAvatar } from './api';
import { DEMO_GLB_URL, GlbAvatar, StaticAvatar } from './avatar';
import { AvatarGallery } from './avatar-gallery';
import { rich, useT } from './i18n';
import { useGuruUpload } from './use-guru-upload';
import { VoiceSampleButton } from './voice-sample-button';

const KIND_LABEL_KEYS: Record<AvatarKind, string> = {
  static: 'gurus.avatar.kindStatic',
  readyplayerme: 'gurus.avatar.kindGlb',
  d_id: 'gurus.avatar.kindDid',
};
interface AvatarValues {
  avatarKind: AvatarKind;
  voice: GuruVoice | null;
  fallbackVoice: GuruVoice | null;
  avatarGlbUrl: string;
}

/** The GLB URL only goes with a GLB avatar; with another kind it is neither checked nor sent. */
const toInput = (values: AvatarValues) => ({
  avatarKind: values.avatarKind,
  voice: values.voice,
  fallbackVoice: values.fallbackVoice,
  ...(values.avatarKind === 'readyplayerme' ? { avatarGlbUrl: values.avatarGlbUrl } : {}),
});
const validateAvatar = zodValidate(avatarSchema);

/** Step "avatar-information": how the guru looks (picture, GLB, D-ID) and sounds (voice, fallback voice). */
export function AvatarStep({ guru }: { guru: GuruDetail }) {
  const save = useSaveAvatar(guru.id);
  const t = useT();
  const { data: voiceCatalog } = useVoiceCatalog();
  const renderVoice = useVoiceOptionRenderer(voiceCatalog, 'voices');
  const renderLocalVoice = useVoiceOptionRenderer(voiceCatalog, 'localVoices');
  const image = useGuruUpload(guru.id, 'avatar-image');
  const glb = useGuruUpload(guru.id, 'avatar-glb');
  // The URL typed by the owner; an uploaded GLB shows as a signed link and is not a URL to type over.
  const uploadedGlb = Boolean(guru.avatarGlbUrl?.includes(`gurus/${guru.id}/avatar/`));
  const form = useForm<AvatarValues>({
    mode: 'controlled',
    initialValues: {
      avatarKind: guru.avatarKind ?? 'static',
      voice: guru.voice,
      fallbackVoice: guru.fallbackVoice,
      avatarGlbUrl: uploadedGlb ? '' : (guru.avatarGlbUrl ?? ''),
    },
    validate: (values) => validateAvatar(toInput(values)),
    ...commitValidation(['avatarKind', 'voice', 'fallbackVoice']),
  });
  const { avatarKind: kind, voice, fallbackVoice, avatarGlbUrl: glbUrl } = form.getValues();
  const previewGlb = glbUrl || guru.avatarGlbUrl || DEMO_GLB_URL;

  const submit = form.onSubmit((values) =>
    save.mutate(toInput(values) as AvatarInput, {
      onSuccess: () => toast('success', t('gurus.avatar.saved')),
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        toast('danger', error.message);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="avatar-kind-label">
            {t('gurus.avatar.title')}
          </Text>
          <SegmentedControl
            aria-labelledby="avatar-kind-label"
            {...form.getInputProps('avatarKind')}
            data={(Object.keys(KIND_LABEL_KEYS) as AvatarKind[]).map((value) => ({
              value,
              label: t(KIND_LABEL_KEYS[value]),
            }))}
          />
        </Stack>

        {kind === 'static' && (
          <Group align="center">
            <StaticAvatar
              src={guru.avatarImageUrl}
              alt={t('gurus.avatar.pictureOf', { name: guru.name })}
              level={0}
              size={128}
            />
            <Stack gap="xs">
              <FileButton
                onChange={(file) => void image.upload(file, 5 * 1024 * 1024, t('gurus.avatar.pictureSaved'))}
                accept={ALLOWED_IMAGE_TYPES.join(',')}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconPhoto size={16} />}
                    loading={image.progress !== null}
                  >
                    {guru.avatarImageUrl ? t('gurus.avatar.changePicture') : t('gurus.avatar.uploadPicture')}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t('gurus.avatar.pictureHint')}
              </Text>
            </Stack>
            {image.progress !== null && (
              <Progress w="100%" value={image.progress} aria-label={t('gurus.avatar.pictureProgress')} />
            )}
            <AvatarGallery guruId={guru.id} />
          </Group>
        )}

        {kind === 'readyplayerme' && (
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="xs">
                <TextInput
                  label={t('gurus.avatar.glbUrl')}
                  description={t('gurus.avatar.glbUrlHint')}
                  placeholder={t('gurus.avatar.glbUrlPlaceholder')}
                  {...form.getInputProps('avatarGlbUrl')}
                />
                <Text size="sm" c="dimmed">
                  {t('gurus.avatar.or')}
                </Text>
                <FileButton
                  onChange={(file) => void glb.upload(file, 20 * 1024 * 1024, t('gurus.avatar.modelSaved'))}
                  accept=".glb,model/gltf-binary"
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      leftSection={<IconCube size={16} />}
                      loading={glb.progress !== null}
                    >
                      {uploadedGlb ? t('gurus.avatar.replaceGlb') : t('gurus.avatar.uploadGlb')}
                    </Button>
                  )}
                </FileButton>
                {glb.progress !== null && (
                  <Progress value={glb.progress} aria-label={t('gurus.avatar.modelProgress')} />
                )}
                {!glbUrl && !guru.avatarGlbUrl && (
                  <Text size="xs" c="dimmed">
                    {t('gurus.avatar.demoPreview')}
                  </Text>
                )}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <GlbAvatar url={previewGlb} level={0} height={240} label={t('gurus.avatar.preview')} />
            </Grid.Col>
          </Grid>
        )}

        {kind === 'd_id' && (
          <Alert color="blue" variant="light">
            {rich('gurus.avatar.did', {
              link: (chunks) => (
                <Anchor component={Link} to="/integrations">
                  {chunks}
                </Anchor>
              ),
            })}
          </Alert>
        )}

        <VoiceSourceNote catalog={voiceCatalog} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Stack gap="xs">
              <Select
                label={t('gurus.avatar.voice')}
                withAsterisk
                data={voiceOptions(voiceCatalog, 'voices')}
                disabled={!voiceCatalog}
                renderOption={renderVoice}
                {...form.getInputProps('voice')}
              />
              <VoiceSampleButton guruId={guru.id} voice={voice} label={t('gurus.avatar.hearVoice')} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Stack gap="xs">
              <Select
                label={t('gurus.avatar.fallbackVoice')}
                description={t('gurus.avatar.fallbackHint')}
                withAsterisk
                data={voiceOptions(voiceCatalog, 'localVoices')}
                disabled={!voiceCatalog}
                renderOption={renderLocalVoice}
                {...form.getInputProps('fallbackVoice')}
              />
              <VoiceSampleButton
                guruId={guru.id}
                voice={fallbackVoice}
                label={t('gurus.avatar.hearFallback')}
              />
            </Stack>
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('gurus.avatar.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
