import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { meetingRequestSchema } from '../../../common/contracts/meetings';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useRequestMeeting } from './api';
import { useT } from './i18n';
import { fromLocalInput, timeZoneName, toLocalInput, tomorrowAt } from './local-time';

interface Values {
  topic: string;
  windowStart: string;
  windowEnd: string;
}

const toBody = (courseId: string, values: Values) => ({
  courseId,
  topic: values.topic,
  windowStart: fromLocalInput(values.windowStart),
  windowEnd: fromLocalInput(values.windowEnd),
});

/** Asks the course's teacher for a meeting: a topic and a preferred window, each checked when it is left. */
export function RequestMeetingModal(props: {
  courseId: string;
  teacherName?: string;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('meetings.learner.request')}
      centered
      // Wide enough for two date-time fields side by side, AM/PM included.
      size="lg"
      closeButtonProps={{ 'aria-label': t('meetings.close') }}
    >
      {props.opened && <RequestForm {...props} />}
    </Modal>
  );
}

function RequestForm({
  courseId,
  teacherName,
  onClose,
}: {
  courseId: string;
  teacherName?: string;
  onClose: () => void;
}) {
  const t = useT();
  const request = useRequestMeeting();
  const validate = zodValidate(meetingRequestSchema);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      topic: '',
      windowStart: toLocalInput(tomorrowAt(16)),
      windowEnd: toLocalInput(tomorrowAt(18)),
    },
    validate: (values) => validate(toBody(courseId, values)),
    ...commitValidation([], ['windowEnd']),
  });
  const now = toLocalInput(new Date());

  const submit = form.onSubmit(async (values) => {
    try {
      await request.mutateAsync(toBody(courseId, values));
      // MEETING_MSG.submitted (common/contracts/meetings.ts), word for word in English.
      toast('success', t('meetings.request.submitted'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      toast('danger', (error as Error).message);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {teacherName
            ? t('meetings.request.intro', { teacher: teacherName })
            : t('meetings.request.introTeacher')}
        </Text>
        <Textarea
          label={t('meetings.request.topic')}
          description={t('meetings.request.topicHint')}
          withAsterisk
          autosize
          minRows={2}
          data-autofocus
          {...form.getInputProps('topic')}
        />
        <Text size="sm" fw={500}>
          {t('meetings.request.window')}{' '}
          <Text span size="xs" c="dimmed">
            {t('meetings.request.yourZone', { zone: timeZoneName() })}
          </Text>
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            type="datetime-local"
            label={t('meetings.request.from')}
            withAsterisk
            min={now}
            {...form.getInputProps('windowStart')}
          />
          <TextInput
            type="datetime-local"
            label={t('meetings.request.to')}
            withAsterisk
            min={form.values.windowStart || now}
            {...form.getInputProps('windowEnd')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('meetings.cancel')}
          </Button>
          <Button type="submit" loading={request.isPending}>
            {t('meetings.request.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
