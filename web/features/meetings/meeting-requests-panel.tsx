import { Alert, Button, Card, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  MEETING_LIST_FILTERS,
  type MeetingListFilter,
  type MeetingRequestView,
} from '../../../common/contracts/meetings';
import { formatDate } from '../../../common/time';
import { useLocale } from '../../app/i18n';
import { type AnswerKind, AnswerModal } from './answer-modal';
import { useMeetingEvents, useReceivedMeetings } from './api';
import { useT } from './i18n';
import { CalendarButton, MeetingStatusBadge, MeetingTime, PreferredWindow } from './meeting-parts';

/** Each filter's label and empty state, as message keys. */
const FILTER_LABELS: Record<MeetingListFilter, string> = {
  open: 'meetings.panel.open',
  accepted: 'meetings.panel.accepted',
  closed: 'meetings.panel.closed',
  all: 'meetings.panel.all',
};

const EMPTY: Record<MeetingListFilter, string> = {
  open: 'meetings.panel.emptyOpen',
  accepted: 'meetings.panel.emptyAccepted',
  closed: 'meetings.panel.emptyClosed',
  all: 'meetings.panel.emptyAll',
};

const isFilter = (value: string | null): value is MeetingListFilter =>
  (MEETING_LIST_FILTERS as readonly string[]).includes(value ?? '');

/** The teacher's (or institute's) meeting requests: filter, then accept, propose another time or decline. */
export function MeetingRequestsPanel() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const filter: MeetingListFilter = isFilter(raw) ? raw : 'open';
  const received = useReceivedMeetings(filter);
  useMeetingEvents();
  const [answering, setAnswering] = useState<{ kind: AnswerKind; meeting: MeetingRequestView } | null>(null);

  const setFilter = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'open') next.delete('status');
    else next.set('status', value);
    setParams(next, { replace: true });
  };

  return (
    <Stack>
      <SegmentedControl
        value={filter}
        onChange={setFilter}
        data={MEETING_LIST_FILTERS.map((value) => ({ value, label: t(FILTER_LABELS[value]) }))}
        aria-label={t('meetings.panel.show')}
        w="fit-content"
        maw="100%"
      />
      {received.isError && <Alert color="red">{received.error.message}</Alert>}
      {received.isPending ? (
        <Loader aria-label={t('meetings.panel.loading')} />
      ) : received.data?.length === 0 ? (
        <Card withBorder padding="xl">
          <Text ta="center" c="dimmed">
            {t(EMPTY[filter])}
          </Text>
        </Card>
      ) : (
        <Stack gap="sm" data-testid="meeting-requests">
          {received.data?.map((meeting) => (
            <ReceivedMeeting
              key={meeting.id}
              meeting={meeting}
              onAnswer={(kind) => setAnswering({ kind, meeting })}
            />
          ))}
        </Stack>
      )}
      <AnswerModal
        kind={answering?.kind ?? 'accept'}
        meeting={answering?.meeting ?? null}
        onClose={() => setAnswering(null)}
      />
    </Stack>
  );
}

function ReceivedMeeting({
  meeting,
  onAnswer,
}: {
  meeting: MeetingRequestView;
  onAnswer: (kind: AnswerKind) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { status } = meeting;
  const open = status === 'pending' || status === 'proposed';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="meeting-request"
      aria-label={t('meetings.panel.from', { student: meeting.student.fullName })}
      component="article"
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700}>{meeting.student.fullName}</Text>
            <Text size="xs" c="dimmed">
              {t('meetings.panel.asked', {
                course: meeting.course.title,
                date: formatDate(meeting.createdAt, { locale }),
              })}
            </Text>
          </div>
          <MeetingStatusBadge status={status} />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {meeting.topic}
        </Text>
        <PreferredWindow meeting={meeting} />
        {status === 'proposed' && <MeetingTime meeting={meeting} label={t('meetings.panel.youProposed')} />}
        {status === 'accepted' && <MeetingTime meeting={meeting} label={t('meetings.meeting')} />}
        {status === 'declined' && meeting.declineReason && (
          <Text size="sm" c="dimmed">
            {t('meetings.panel.declined', { reason: meeting.declineReason })}
          </Text>
        )}
        {(open || status === 'accepted') && (
          <Group gap="xs" mt={4}>
            {open && (
              <>
                <Button size="xs" onClick={() => onAnswer('accept')}>
                  {t('meetings.panel.accept')}
                </Button>
                <Button size="xs" variant="light" onClick={() => onAnswer('propose')}>
                  {t('meetings.panel.propose')}
                </Button>
              </>
            )}
            {status === 'accepted' && (
              <>
                <Button size="xs" variant="light" onClick={() => onAnswer('accept')}>
                  {t('meetings.panel.change')}
                </Button>
                <CalendarButton meeting={meeting} />
              </>
            )}
            <Button size="xs" variant="subtle" color="red" onClick={() => onAnswer('decline')}>
              {t(status === 'accepted' ? 'meetings.panel.callOff' : 'meetings.panel.decline')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
