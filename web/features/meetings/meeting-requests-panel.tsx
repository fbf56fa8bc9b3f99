import { Alert, Button, Card, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  MEETING_LIST_FILTERS,
  type MeetingListFilter,
  type MeetingRequestView,
} from '../../../common/contracts/meetings';
import { formatDate } from '../../../common/time';
import { type AnswerKind, AnswerModal } from './answer-modal';
import { useMeetingEvents, useReceivedMeetings } from './api';
import { CalendarButton, MeetingStatusBadge, MeetingTime, PreferredWindow } from './meeting-parts';

const FILTER_LABELS: Record<MeetingListFilter, string> = {
  open: 'Open',
  accepted: 'Accepted',
  closed: 'Closed',
  all: 'All',
};

const EMPTY: Record<MeetingListFilter, string> = {
  open: 'No meeting requests waiting. Students ask from their course page or a guru session; new ones appear here at once.',
  accepted: 'No accepted meetings yet. Accept an open request with a time and a link.',
  closed: 'Nothing declined or cancelled.',
  all: 'No meeting requests yet. Students of your courses ask from their course page or a guru session.',
};

const isFilter = (value: string | null): value is MeetingListFilter =>
  (MEETING_LIST_FILTERS as readonly string[]).includes(value ?? '');

/** The teacher's (or institute's) meeting requests: filter, then accept, propose another time or decline. */
export function MeetingRequestsPanel() {
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
        data={MEETING_LIST_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
        aria-label="Show meeting requests"
        w="fit-content"
        maw="100%"
      />
      {received.isError && <Alert color="red">{received.error.message}</Alert>}
      {received.isPending ? (
        <Loader aria-label="Loading meeting requests" />
      ) : received.data?.length === 0 ? (
        <Card withBorder padding="xl">
          <Text ta="center" c="dimmed">
            {EMPTY[filter]}
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
  const { status } = meeting;
  const open = status === 'pending' || status === 'proposed';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="meeting-request"
      aria-label={`Meeting request from ${meeting.student.fullName}`}
      component="article"
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700}>{meeting.student.fullName}</Text>
            <Text size="xs" c="dimmed">
              {meeting.course.title} · asked {formatDate(meeting.createdAt)}
            </Text>
          </div>
          <MeetingStatusBadge status={status} />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {meeting.topic}
        </Text>
        <PreferredWindow meeting={meeting} />
        {status === 'proposed' && <MeetingTime meeting={meeting} label="You proposed" />}
        {status === 'accepted' && <MeetingTime meeting={meeting} label="Meeting" />}
        {status === 'declined' && meeting.declineReason && (
          <Text size="sm" c="dimmed">
            Declined: {meeting.declineReason}
          </Text>
        )}
        {(open || status === 'accepted') && (
          <Group gap="xs" mt={4}>
            {open && (
              <>
                <Button size="xs" onClick={() => onAnswer('accept')}>
                  Accept
                </Button>
                <Button size="xs" variant="light" onClick={() => onAnswer('propose')}>
                  Propose another time
                </Button>
              </>
            )}
            {status === 'accepted' && (
              <>
                <Button size="xs" variant="light" onClick={() => onAnswer('accept')}>
                  Change time or link
                </Button>
                <CalendarButton meeting={meeting} />
              </>
            )}
            <Button size="xs" variant="subtle" color="red" onClick={() => onAnswer('decline')}>
              {status === 'accepted' ? 'Call off' : 'Decline'}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
