import { Button, FileButton, Group, Progress, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconVideo } from '@tabler/icons-react';
import { type GuruDetail, introductionSchema } from '../../../common/contracts/gurus';
import { GURU_LIMITS } from '../../../common/gurus';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useSaveIntroduction } from './api';
import { useGuruUpload } from './use-guru-upload';

/** Tab "introduction": what the guru says when a session opens, and an optional introduction video. */
export function IntroductionTab({ guru }: { guru: GuruDetail }) {
  const save = useSaveIntroduction(guru.id);
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
        toast('success', 'Introduction saved');
      },
      onError: (error) => toast('danger', error.message),
    }),
  );
  return (
    <Stack>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea
            label="Introduction text"
            description="The guru greets students with this when a session starts."
            autosize
            minRows={3}
            maxLength={GURU_LIMITS.introductionMax}
            {...form.getInputProps('introductionText')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save introduction
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Introduction video (optional)
        </Text>
        {guru.introductionVideoUrl && (
          // biome-ignore lint/a11y/useMediaCaption: the owner's own upload; captions are not asked for here.
          <video src={guru.introductionVideoUrl} controls style={{ maxWidth: '100%', maxHeight: 240 }} />
        )}
        <Group>
          <FileButton
            onChange={(file) => void video.upload(file, 100 * 1024 * 1024, 'Introduction video saved')}
            accept="video/mp4,video/webm"
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconVideo size={16} />}
                loading={video.progress !== null}
              >
                {guru.introductionVideoUrl ? 'Replace video' : 'Upload video'}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            MP4 or WebM, up to 100 MB.
          </Text>
        </Group>
        {video.progress !== null && <Progress value={video.progress} aria-label="Video upload progress" />}
      </Stack>
    </Stack>
  );
}
