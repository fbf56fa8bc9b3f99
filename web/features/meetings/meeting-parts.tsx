import { Anchor, Badge, Button, Text } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import type { MeetingRequestView, MeetingStatus } from '../../../common/contracts/meetings';
import { downloadCalendar } from './api';
import { formatRange } from './local-time';

const STATUS: Record<MeetingStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  proposed: { label: 'New time proposed', color: 'blue' },
  accepted: { label: 'Accepted', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

export function MeetingStatusBadge({ status }: { status: MeetingStatus }) {
  const { label, color } = STATUS[status];
  return (
    <Badge color={color} variant="light" style={{ flexShrink: 0 }} data-testid="meeting-status">
      {label}
    </Badge>
  );
}

/** The student's preferred window, in the reader's time. */
export function PreferredWindow({ meeting }: { meeting: MeetingRequestView }) {
  return (
    <Text size="sm" c="dimmed">
      Preferred: {formatRange(meeting.windowStart, meeting.windowEnd)}
    </Text>
  );
}

/** The agreed or proposed time with its length, and the call's link when there is one. */
export function MeetingTime({ meeting, label }: { meeting: MeetingRequestView; label: string }) {
  if (!meeting.startsAt) return null;
  return (
    <>
      <Text size="sm">
        {label}:{' '}
        <Text span fw={700} data-testid="meeting-time">
          {formatRange(meeting.startsAt, meeting.endsAt)}
        </Text>{' '}
        ({meeting.durationMinutes} min)
      </Text>
      {meeting.meetingLink && (
        <Anchor
          href={meeting.meetingLink}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} aria-hidden /> Join the meeting:{' '}
          {meeting.meetingLink}
        </Anchor>
      )}
    </>
  );
}

export function CalendarButton({ meeting }: { meeting: MeetingRequestView }) {
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      onClick={() => void downloadCalendar(meeting)}
    >
      Add to calendar (.ics)
    </Button>
  );
}
