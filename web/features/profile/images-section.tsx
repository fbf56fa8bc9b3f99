import { Avatar, Button, Card, FileButton, Group, Image, Progress, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ImageKind } from '../../../common/contracts/profile';
import { ALLOWED_IMAGE_TYPES } from '../../../common/files';
import type { UserType } from '../../../common/roles';
import { uploadWithProgress } from '../../app/api';
import { type StoredSession, writeSession } from '../../app/storage';
import { toast } from '../../app/toast';
import { useInvalidateLogo, useLogoPaths } from '../../app/user-info';
import { useT } from './i18n';

const MAX_BYTES = 5 * 1024 * 1024;

function ImageUpload({
  session,
  kind,
  label,
  current,
}: {
  session: StoredSession;
  kind: ImageKind;
  label: string;
  current: string | null;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const invalidate = useInvalidateLogo(session.userId);
  const t = useT();
  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      toast('warning', t('profile.images.tooLarge'));
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setProgress(0);
    try {
      const answer = await uploadWithProgress<Parameters<typeof writeSession>[0]>(
        `/common/user-info/${session.userId}/image?kind=${kind}`,
        form,
        setProgress,
      );
      writeSession({ ...answer, impersonatedBy: session.impersonatedBy });
      await invalidate();
      toast('success', t('profile.images.updated', { label }));
    } catch (error) {
      toast('danger', error instanceof Error ? error.message : t('profile.images.failed'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
      <Text fw={600}>{label}</Text>
      <Group>
        {kind === 'profileImage' ? (
          <Avatar src={current} size={72} radius="xl" name={session.fullName} color="initials" alt={label} />
        ) : (
          <Image
            src={current}
            h={72}
            w={120}
            fit="contain"
            radius="sm"
            alt={label}
            fallbackSrc="/favicon.svg"
          />
        )}
        <FileButton onChange={(file) => void upload(file)} accept={ALLOWED_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} />}
              loading={progress !== null}
            >
              {t('profile.images.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null && (
        <Progress value={progress} aria-label={t('profile.images.progress', { label })} />
      )}
      <Text size="xs" c="dimmed">
        {t('profile.images.types')}
      </Text>
    </Stack>
  );
}

export function ImagesSection({ session, userType }: { session: StoredSession; userType: UserType }) {
  const logo = useLogoPaths(session.userId);
  // Shown 120 px wide: the medium copy keeps it sharp on high-density screens.
  const brand = useLogoPaths(session.userId, 'medium');
  const hasBrand = userType === 'teacher' || userType === 'institute';
  const t = useT();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="images-heading">
      <Title order={2} size="h4" id="images-heading" mb="sm">
        {t('profile.images.title')}
      </Title>
      <Group align="flex-start" gap="xl">
        <ImageUpload
          session={session}
          kind="profileImage"
          label={t('profile.images.profileImage')}
          current={logo.data?.profileImage ?? null}
        />
        {hasBrand && (
          <ImageUpload
            session={session}
            kind="brandLogo"
            label={t('profile.images.brandLogo')}
            current={brand.data?.brandLogo ?? null}
          />
        )}
      </Group>
    </Card>
  );
}
