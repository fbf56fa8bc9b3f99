import { Button, FileButton, Group, Progress, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconVideo } from '@tabler/icons-react';
import { type GuruDetail, introductionSchema } from '../../../common/contracts/gurus';
import { GURU_LIMITS } from '../../../common/gurus';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useSaveIntroduction } from './api';
import { useT } from './i18n';
import { useGuruUpload } from './use-guru-upload';

/** Tab "introduction": what the guru says when a session opens, and an optional introduction video. */
export function IntroductionTab({ guru }: { guru: GuruDetail }) {
  const save = useSaveIntroduction(guru.id);
  const t = useT();
  const video = useGuruUpload(guru.id, 'introduction-video');
  const form = useForm({
    mode: 'controlled',
    initialValues: { introductionText: guru.introductionText },
    validate: zodValidate(introductionSchema),
    ...commitValidation(),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.resetDirty({ introductionText: saved.introductionText });
        toast('success', t('gurus.intro.saved'));
      },
      onError: (error) => toast('danger', error.message),
    }),
  );
  return (
    <Stack>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea
            label={t('gurus.intro.text')}
            description={t('gurus.intro.textHint')}
            autosize
            minRows={3}
            maxLength={GURU_LIMITS.introductionMax}
            {...form.getInputProps('introductionText')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('gurus.intro.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('gurus.intro.video')}
        </Text>
        {guru.introductionVideoUrl && (
          // biome-ignore lint/a11y/useMediaCaption: the owner's own upload; captions are not asked for here.
          <video src={guru.introductionVideoUrl} controls style={{ maxWidth: '100%', maxHeight: 240 }} />
        )}
        <Group>
          <FileButton
            onChange={(file) => void video.upload(file, 100 * 1024 * 1024, t('gurus.intro.videoSaved'))}
            accept="video/mp4,video/webm"
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconVideo size={16} />}
                loading={video.progress !== null}
              >
                {guru.introductionVideoUrl ? t('gurus.intro.replaceVideo') : t('gurus.intro.uploadVideo')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('gurus.intro.videoTypes')}
          </Text>
        </Group>
        {video.progress !== null && (
          <Progress value={video.progress} aria-label={t('gurus.intro.videoProgress')} />
        )}
      </Stack>
    </Stack>
  );
}
