import {
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  MEETING_LIMITS,
  type MeetingRequestView,
  meetingDeclineSchema,
  meetingProposalSchema,
  meetingTimeSchema,
} from '../../../common/contracts/meetings';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { useLocale } from '../../app/i18n';
import { toast } from '../../app/toast';
import { useAnswerMeeting } from './api';
import { useT } from './i18n';
import { formatRange, fromLocalInput, nextHour, timeZoneName, toLocalInput } from './local-time';

export type AnswerKind = 'accept' | 'propose' | 'decline';

/** The dialog's title, as a message key. */
const TITLES: Record<AnswerKind, (meeting: MeetingRequestView) => string> = {
  accept: (m) => (m.status === 'accepted' ? 'meetings.answer.change' : 'meetings.answer.accept'),
  propose: () => 'meetings.answer.propose',
  decline: (m) => (m.status === 'accepted' ? 'meetings.answer.callOffTitle' : 'meetings.answer.decline'),
};

/** What the toast says once the answer is saved, as a message key. */
const DONE: Record<AnswerKind, string> = {
  accept: 'meetings.answer.doneAccept',
  propose: 'meetings.answer.donePropose',
  decline: 'meetings.answer.doneDecline',
};

/** The teacher's answer to one request, as a dialog; `meeting` null closes it. */
export function AnswerModal({
  kind,
  meeting,
  onClose,
}: {
  kind: AnswerKind;
  meeting: MeetingRequestView | null;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <Modal
      opened={meeting !== null}
      onClose={onClose}
      title={meeting ? t(TITLES[kind](meeting)) : ''}
      centered
      // Wide enough for two date-time fields side by side, AM/PM included.
      size="lg"
      closeButtonProps={{ 'aria-label': t('meetings.close') }}
    >
      {meeting && (
        <Stack>
          <Text size="sm">
            <b>{meeting.student.fullName}</b> · {meeting.course.title}
            <br />
            <Text span c="dimmed" size="sm">
              {t('meetings.preferred', {
                range: formatRange(meeting.windowStart, meeting.windowEnd, locale),
              })}
            </Text>
          </Text>
          {kind === 'decline' ? (
            <DeclineForm key={meeting.id} meeting={meeting} onDone={onClose} />
          ) : (
            <TimeForm key={`${kind}-${meeting.id}`} kind={kind} meeting={meeting} onDone={onClose} />
          )}
        </Stack>
      )}
    </Modal>
  );
}

interface TimeValues {
  startsAt: string;
  durationMinutes: number | string;
  meetingLink: string;
}

function defaultStart(meeting: MeetingRequestView): Date {
  if (meeting.startsAt && new Date(meeting.startsAt).getTime() > Date.now())
    return new Date(meeting.startsAt);
  const windowStart = new Date(meeting.windowStart);
  return windowStart.getTime() > Date.now() ? windowStart : nextHour(24);
}

function TimeForm({
  kind,
  meeting,
  onDone,
}: {
  kind: 'accept' | 'propose';
  meeting: MeetingRequestView;
  onDone: () => void;
}) {
  const t = useT();
  const answer = useAnswerMeeting();
  const toBody = (values: TimeValues) => ({
    startsAt: fromLocalInput(values.startsAt),
    durationMinutes: typeof values.durationMinutes === 'number' ? values.durationMinutes : undefined,
    meetingLink: values.meetingLink,
  });
  const validate = zodValidate(kind === 'accept' ? meetingTimeSchema : meetingProposalSchema);
  const form = useForm<TimeValues>({
    mode: 'controlled',
    initialValues: {
      startsAt: toLocalInput(defaultStart(meeting)),
      durationMinutes: meeting.durationMinutes ?? 30,
      meetingLink: meeting.meetingLink ?? '',
    },
    validate: (values) => validate(toBody(values)),
    ...commitValidation(),
  });
  const submit = form.onSubmit(async (values) => {
    const body = toBody(values) as { startsAt: string; durationMinutes: number; meetingLink: string };
    try {
      await answer.mutateAsync(
        kind === 'accept'
          ? { kind, id: meeting.id, body }
          : { kind, id: meeting.id, body: { ...body, meetingLink: body.meetingLink || undefined } },
      );
      toast('success', t(DONE[kind]));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      toast('danger', (error as Error).message);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            type="datetime-local"
            label={t('meetings.answer.startsAt')}
            description={t('meetings.answer.yourZone', { zone: timeZoneName() })}
            withAsterisk
            min={toLocalInput(new Date())}
            data-autofocus
            {...form.getInputProps('startsAt')}
          />
          <NumberInput
            // Checked on blur: a value out of range keeps the schema's message instead of being clamped.
            clampBehavior="none"
            label={t('meetings.answer.duration')}
            withAsterisk
            min={MEETING_LIMITS.durationMin}
            max={MEETING_LIMITS.durationMax}
            step={15}
            allowDecimal={false}
            {...form.getInputProps('durationMinutes')}
          />
        </SimpleGrid>
        <TextInput
          type="url"
          label={t('meetings.answer.link')}
          description={kind === 'propose' ? t('meetings.answer.linkOptional') : undefined}
          placeholder={t('meetings.answer.linkExample')}
          withAsterisk={kind === 'accept'}
          {...form.getInputProps('meetingLink')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('meetings.cancel')}
          </Button>
          <Button type="submit" loading={answer.isPending}>
            {t(
              kind === 'accept'
                ? meeting.status === 'accepted'
                  ? 'meetings.answer.save'
                  : 'meetings.answer.acceptButton'
                : 'meetings.answer.proposeTime',
            )}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeclineForm({ meeting, onDone }: { meeting: MeetingRequestView; onDone: () => void }) {
  const t = useT();
  const answer = useAnswerMeeting();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: zodValidate(meetingDeclineSchema),
    ...commitValidation(),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await answer.mutateAsync({ kind: 'decline', id: meeting.id, body: values });
      toast('success', t(DONE.decline));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      toast('danger', (error as Error).message);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Textarea
          label={t('meetings.answer.reason')}
          description={t('meetings.answer.reasonHint')}
          withAsterisk
          autosize
          minRows={2}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('meetings.keepIt')}
          </Button>
          <Button type="submit" color="red" loading={answer.isPending}>
            {t(
              meeting.status === 'accepted'
                ? 'meetings.answer.callOffMeeting'
                : 'meetings.answer.declineRequest',
            )}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
