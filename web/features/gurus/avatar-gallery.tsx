import { Image, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { GALLERY_AVATARS, type GalleryAvatarId, galleryAvatarUrl } from '../../../common/avatar-gallery';
import { toast } from '../../app/toast';
import { useChooseGalleryAvatar } from './api';
import { useT } from './i18n';

/**
 * Illustrated avatars a guru can wear instead of a photo (decision 061): choosing one makes it the guru's
 * picture at once, as an upload does. A group of toggle buttons, each named by what it shows.
 */
export function AvatarGallery({ guruId }: { guruId: string }) {
  const choose = useChooseGalleryAvatar(guruId);
  const t = useT();
  const [chosen, setChosen] = useState<GalleryAvatarId | null>(null);
  const pick = (id: GalleryAvatarId) =>
    choose.mutate(id, {
      onSuccess: () => {
        setChosen(id);
        toast('success', t('gurus.gallery.saved'));
      },
      onError: (error) => toast('danger', error.message),
    });
  return (
    <Stack gap="xs" w="100%">
      <Text size="sm" fw={500} id="avatar-gallery-label">
        {t('gurus.gallery.title')}
      </Text>
      <SimpleGrid
        cols={{ base: 3, sm: 6 }}
        spacing="xs"
        role="group"
        aria-labelledby="avatar-gallery-label"
        data-testid="avatar-gallery"
      >
        {GALLERY_AVATARS.map((avatar) => {
          const selected = chosen === avatar.id;
          return (
            <UnstyledButton
              key={avatar.id}
              aria-label={t(`gurus.gallery.${avatar.id}`)}
              aria-pressed={selected}
              disabled={choose.isPending}
              onClick={() => pick(avatar.id)}
              style={{
                borderRadius: '50%',
                outline: selected ? '3px solid var(--mantine-primary-color-filled)' : undefined,
                outlineOffset: 2,
                opacity: choose.isPending && choose.variables !== avatar.id ? 0.6 : 1,
              }}
            >
              <Image src={galleryAvatarUrl(avatar.file)} alt="" radius="50%" w="100%" maw={88} />
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
