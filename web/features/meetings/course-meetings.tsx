import { Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { can } from '../../../common/capabilities';
import type { MeetingRequestView } from '../../../common/contracts/meetings';
import { isUserType } from '../../../common/roles';
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { useLearnerStep, useMeetingEvents, useMyMeetings } from './api';
import { useT } from './i18n';
import { CalendarButton, MeetingStatusBadge, MeetingTime, PreferredWindow } from './meeting-parts';
import { RequestMeetingModal } from './request-meeting-modal';

/** The learner's requests for a course (learn roles only), refreshed live. */
function useCourseMeetings(courseId: string) {
  const session = useSession();
  const learner = Boolean(session && isUserType(session.userType) && can(session.userType, 'learn'));
  useMeetingEvents();
  return useMyMeetings(courseId, learner);
}

/**
 * "Request a meeting" for a course: shown only when the server says the caller may ask its teacher
 * (subscribed to the live course, not its author). Used on the course page and in the guru session.
 */
export function RequestMeetingButton({
  courseId,
  variant = 'light',
}: {
  courseId: string;
  variant?: string;
}) {
  const t = useT();
  const mine = useCourseMeetings(courseId);
  const [opened, setOpened] = useState(false);
  if (!mine.data?.canRequest) return null;
  return (
    <>
      <Button variant={variant} leftSection={<IconCalendarPlus size={18} />} onClick={() => setOpened(true)}>
        {t('meetings.learner.request')}
      </Button>
      <RequestMeetingModal courseId={courseId} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/** The learner's "My meeting requests" card on a course page: states, proposed and agreed times, actions. */
export function CourseMeetings({ courseId }: { courseId: string }) {
  const t = useT();
  const mine = useCourseMeetings(courseId);
  if (!mine.data) return null;
  const { requests, canRequest } = mine.data;
  if (!canRequest && requests.length === 0) return null;
  return (
    <Card withBorder padding="lg" data-testid="my-meetings">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {t('meetings.learner.title')}
          </Title>
          <RequestMeetingButton courseId={courseId} />
        </Group>
        {requests.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('meetings.learner.empty')}
          </Text>
        ) : (
          requests.map((meeting) => <MyMeeting key={meeting.id} meeting={meeting} />)
        )}
      </Stack>
    </Card>
  );
}

function MyMeeting({ meeting }: { meeting: MeetingRequestView }) {
  const t = useT();
  const teacher = meeting.teacher.fullName;
  const step = useLearnerStep();
  const run = (kind: 'confirm' | 'cancel', done: string) =>
    step.mutate(
      { kind, id: meeting.id },
      {
        onSuccess: () => toast('success', done),
        onError: (error) => toast('danger', error.message),
      },
    );
  const confirmTime = () =>
    modals.openConfirmModal({
      title: t('meetings.learner.acceptTitle'),
      children: <Text size="sm">{t('meetings.learner.acceptText', { teacher })}</Text>,
      labels: { confirm: t('meetings.learner.acceptTime'), cancel: t('meetings.learner.notYet') },
      onConfirm: () => run('confirm', t('meetings.learner.accepted')),
    });
  const cancel = () =>
    confirmDestructive({
      title: t(
        meeting.status === 'accepted'
          ? 'meetings.learner.cancelMeetingTitle'
          : 'meetings.learner.cancelRequestTitle',
      ),
      message: t('meetings.learner.toldAtOnce', { teacher }),
      confirmLabel: t(
        meeting.status === 'accepted' ? 'meetings.learner.cancelMeeting' : 'meetings.learner.cancelRequest',
      ),
      cancelLabel: t('meetings.keepIt'),
      onConfirm: () => run('cancel', t('meetings.learner.cancelled')),
    });
  const open = meeting.status === 'pending' || meeting.status === 'proposed' || meeting.status === 'accepted';

  return (
    <Paper withBorder p="sm" radius="md" data-testid="my-meeting">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {meeting.topic}
          </Text>
          <MeetingStatusBadge status={meeting.status} />
        </Group>
        <PreferredWindow meeting={meeting} />
        {meeting.status === 'proposed' && (
          <MeetingTime meeting={meeting} label={t('meetings.learner.proposes', { teacher })} />
        )}
        {meeting.status === 'accepted' && <MeetingTime meeting={meeting} label={t('meetings.meeting')} />}
        {meeting.status === 'declined' && meeting.declineReason && (
          <Text size="sm">
            {meeting.teacher.fullName}: {meeting.declineReason}
          </Text>
        )}
        {open && (
          <Group gap="xs" mt={4}>
            {meeting.status === 'proposed' && (
              <Button size="xs" onClick={confirmTime} loading={step.isPending}>
                {t('meetings.learner.acceptTime')}
              </Button>
            )}
            {meeting.status === 'accepted' && <CalendarButton meeting={meeting} />}
            <Button size="xs" variant="subtle" color="red" onClick={cancel} disabled={step.isPending}>
              {t(
                meeting.status === 'accepted'
                  ? 'meetings.learner.cancelMeeting'
                  : 'meetings.learner.cancelRequest',
              )}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
