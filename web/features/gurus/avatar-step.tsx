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
import { IconCube, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GuruDetail } from '../../../common/contracts/gurus';
import { ALLOWED_IMAGE_TYPES } from '../../../common/files';
import { type AvatarKind, GURU_MSG, GURU_VOICES, type GuruVoice } from '../../../common/gurus';
import { toast } from '../../app/toast';
import { useSaveAvatar } from './api';
import { DEMO_GLB_URL, GlbAvatar, StaticAvatar } from './avatar';
import { useGuruUpload } from './use-guru-upload';
import { VoiceSampleButton } from './voice-sample-button';

const KIND_LABELS: Record<AvatarKind, string> = {
  static: 'Picture',
  readyplayerme: '3D (GLB)',
  d_id: 'D-ID video',
};
const VOICE_OPTIONS = GURU_VOICES.map((voice) => ({
  value: voice,
  label: voice[0].toUpperCase() + voice.slice(1),
}));

/** Step "avatar-information": how the guru looks (picture, GLB, D-ID) and sounds (voice, fallback voice). */
export function AvatarStep({ guru }: { guru: GuruDetail }) {
  const save = useSaveAvatar(guru.id);
  const image = useGuruUpload(guru.id, 'avatar-image');
  const glb = useGuruUpload(guru.id, 'avatar-glb');
  const [kind, setKind] = useState<AvatarKind>(guru.avatarKind ?? 'static');
  const [voice, setVoice] = useState<GuruVoice | null>(guru.voice);
  const [fallbackVoice, setFallbackVoice] = useState<GuruVoice | null>(guru.fallbackVoice);
  // The URL typed by the owner; an uploaded GLB shows as a signed link and is not a URL to type over.
  const uploadedGlb = Boolean(guru.avatarGlbUrl?.includes(`gurus/${guru.id}/avatar/`));
  const [glbUrl, setGlbUrl] = useState(uploadedGlb ? '' : (guru.avatarGlbUrl ?? ''));
  const [errors, setErrors] = useState<{ voice?: string; fallbackVoice?: string }>({});
  const previewGlb = glbUrl || guru.avatarGlbUrl || DEMO_GLB_URL;

  const submit = () => {
    const next = {
      voice: voice ? undefined : GURU_MSG.selectVoice,
      fallbackVoice: fallbackVoice ? undefined : GURU_MSG.selectFallbackVoice,
    };
    setErrors(next);
    if (!voice || !fallbackVoice) return;
    save.mutate(
      {
        avatarKind: kind,
        voice,
        fallbackVoice,
        ...(kind === 'readyplayerme' ? { avatarGlbUrl: glbUrl } : {}),
      },
      {
        onSuccess: () => toast('success', 'Avatar saved'),
        onError: (error) => toast('danger', error.message),
      },
    );
  };

  return (
    <Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="avatar-kind-label">
          Avatar
        </Text>
        <SegmentedControl
          aria-labelledby="avatar-kind-label"
          value={kind}
          onChange={(value) => setKind(value as AvatarKind)}
          data={(Object.keys(KIND_LABELS) as AvatarKind[]).map((value) => ({
            value,
            label: KIND_LABELS[value],
          }))}
        />
      </Stack>

      {kind === 'static' && (
        <Group align="center">
          <StaticAvatar src={guru.avatarImageUrl} alt={`Picture of ${guru.name}`} level={0} size={128} />
          <Stack gap="xs">
            <FileButton
              onChange={(file) => void image.upload(file, 5 * 1024 * 1024, 'Picture saved')}
              accept={ALLOWED_IMAGE_TYPES.join(',')}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconPhoto size={16} />}
                  loading={image.progress !== null}
                >
                  {guru.avatarImageUrl ? 'Change picture' : 'Upload picture'}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              A face looking at the camera works best. JPEG, PNG, WebP or GIF, up to 5 MB.
            </Text>
          </Stack>
          {image.progress !== null && (
            <Progress w="100%" value={image.progress} aria-label="Picture upload progress" />
          )}
        </Group>
      )}

      {kind === 'readyplayerme' && (
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="xs">
              <TextInput
                label="GLB avatar URL"
                description="A Ready Player Me or any .glb model link (https)."
                placeholder="https://models.example.com/avatar.glb"
                value={glbUrl}
                onChange={(event) => setGlbUrl(event.currentTarget.value)}
              />
              <Text size="sm" c="dimmed">
                or
              </Text>
              <FileButton
                onChange={(file) => void glb.upload(file, 20 * 1024 * 1024, 'Avatar model saved')}
                accept=".glb,model/gltf-binary"
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconCube size={16} />}
                    loading={glb.progress !== null}
                  >
                    {uploadedGlb ? 'Replace .glb file' : 'Upload .glb file'}
                  </Button>
                )}
              </FileButton>
              {glb.progress !== null && <Progress value={glb.progress} aria-label="Model upload progress" />}
              {!glbUrl && !guru.avatarGlbUrl && (
                <Text size="xs" c="dimmed">
                  The preview shows the demo avatar until you give your own model.
                </Text>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <GlbAvatar url={previewGlb} level={0} height={240} label="Avatar preview" />
          </Grid.Col>
        </Grid>
      )}

      {kind === 'd_id' && (
        <Alert color="blue" variant="light">
          D-ID animates your picture into talking videos using your D-ID credits. Add your key in{' '}
          <Anchor component={Link} to="/integrations">
            Integrations
          </Anchor>
          ; the avatar is saved only when the key is there. Upload a picture under “Picture” first.
        </Alert>
      )}

      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap="xs">
            <Select
              label="Voice"
              withAsterisk
              data={VOICE_OPTIONS}
              value={voice}
              onChange={(value) => {
                setVoice(value as GuruVoice | null);
                setErrors((e) => ({ ...e, voice: value ? undefined : GURU_MSG.selectVoice }));
              }}
              error={errors.voice}
            />
            <VoiceSampleButton guruId={guru.id} voice={voice} label="Hear a sample of the voice" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap="xs">
            <Select
              label="Fallback voice"
              description="Used when the chosen voice's service is unavailable."
              withAsterisk
              data={VOICE_OPTIONS}
              value={fallbackVoice}
              onChange={(value) => {
                setFallbackVoice(value as GuruVoice | null);
                setErrors((e) => ({ ...e, fallbackVoice: value ? undefined : GURU_MSG.selectFallbackVoice }));
              }}
              error={errors.fallbackVoice}
            />
            <VoiceSampleButton
              guruId={guru.id}
              voice={fallbackVoice}
              label="Hear a sample of the fallback voice"
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          Save avatar
        </Button>
      </Group>
    </Stack>
  );
}
