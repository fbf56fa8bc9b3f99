import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MEETING_MSG, meetingRequestSchema } from '../../../common/contracts/meetings';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useRequestMeeting } from './api';
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
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Request a meeting"
      centered
      // Wide enough for two date-time fields side by side, AM/PM included.
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
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
      toast('success', MEETING_MSG.submitted);
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
          {teacherName ? `${teacherName} ` : 'Your teacher '}
          gets your request at once and answers with a time and a link, or another time.
        </Text>
        <Textarea
          label="Topic"
          description="What would you like to talk about?"
          withAsterisk
          autosize
          minRows={2}
          data-autofocus
          {...form.getInputProps('topic')}
        />
        <Text size="sm" fw={500}>
          Preferred time window{' '}
          <Text span size="xs" c="dimmed">
            (your time: {timeZoneName()})
          </Text>
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            type="datetime-local"
            label="From"
            withAsterisk
            min={now}
            {...form.getInputProps('windowStart')}
          />
          <TextInput
            type="datetime-local"
            label="To"
            withAsterisk
            min={form.values.windowStart || now}
            {...form.getInputProps('windowEnd')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={request.isPending}>
            Send request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
