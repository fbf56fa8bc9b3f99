import { Button, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuthoredCourse } from '../../../common/contracts/courses';
import { ALLOWED_IMAGE_TYPES } from '../../../common/files';
import { uploadWithProgress } from '../../app/api';
import { toast } from '../../app/toast';
import { courseKeys } from './api';
import { useT } from './i18n';

/** The course picture shown on catalog cards: an image of at most 5 MB, checked by the server by its bytes. */
export function CourseThumbnail({ course }: { course: AuthoredCourse }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const t = useT();
  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > 5 * 1024 * 1024) {
      toast('warning', t('courses.thumbnail.tooLarge'));
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setProgress(0);
    try {
      const updated = await uploadWithProgress<AuthoredCourse>(
        `/courses/${course.id}/thumbnail`,
        form,
        setProgress,
      );
      queryClient.setQueryData(courseKeys.one(course.id), updated);
      void queryClient.invalidateQueries({ queryKey: ['courses', 'list'] });
      toast('success', t('courses.thumbnail.saved'));
    } catch (error) {
      toast('danger', error instanceof Error ? error.message : t('courses.thumbnail.failed'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap="xs">
      <Text fw={500}>{t('courses.thumbnail.title')}</Text>
      <Group align="center">
        <Image
          src={course.thumbnailUrl}
          w={192}
          h={108}
          radius="sm"
          fit="cover"
          alt={t('courses.thumbnail.alt')}
          fallbackSrc="/favicon.svg"
        />
        <FileButton onChange={(file) => void upload(file)} accept={ALLOWED_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhoto size={16} />}
              loading={progress !== null}
            >
              {t(course.thumbnailUrl ? 'courses.thumbnail.change' : 'courses.thumbnail.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null && <Progress value={progress} aria-label={t('courses.thumbnail.progress')} />}
      <Text size="xs" c="dimmed">
        {t('courses.thumbnail.help')}
      </Text>
    </Stack>
  );
}
