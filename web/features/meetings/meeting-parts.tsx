import { Anchor, Badge, Button, Text } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import type { MeetingRequestView, MeetingStatus } from '../../../common/contracts/meetings';
import { useLocale } from '../../app/i18n';
import { downloadCalendar } from './api';
import { rich, useT } from './i18n';
import { formatRange } from './local-time';

const STATUS_COLORS: Record<MeetingStatus, string> = {
  pending: 'yellow',
  proposed: 'blue',
  accepted: 'green',
  declined: 'red',
  cancelled: 'gray',
};

export function MeetingStatusBadge({ status }: { status: MeetingStatus }) {
  const t = useT();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      style={{ flexShrink: 0 }}
      data-testid="meeting-status"
    >
      {t(`meetings.status.${status}`)}
    </Badge>
  );
}

/** The student's preferred window, in the reader's time. */
export function PreferredWindow({ meeting }: { meeting: MeetingRequestView }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Text size="sm" c="dimmed">
      {t('meetings.preferred', { range: formatRange(meeting.windowStart, meeting.windowEnd, locale) })}
    </Text>
  );
}

/** The agreed or proposed time with its length, and the call's link when there is one. */
export function MeetingTime({ meeting, label }: { meeting: MeetingRequestView; label: string }) {
  const t = useT();
  const locale = useLocale();
  if (!meeting.startsAt) return null;
  return (
    <>
      <Text size="sm">
        {rich('meetings.timeLine', {
          label,
          range: formatRange(meeting.startsAt, meeting.endsAt, locale),
          minutes: String(meeting.durationMinutes),
          time: (chunks) => (
            <Text span fw={700} data-testid="meeting-time">
              {chunks}
            </Text>
          ),
        })}
      </Text>
      {meeting.meetingLink && (
        <Anchor
          href={meeting.meetingLink}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} aria-hidden />{' '}
          {t('meetings.join', { link: meeting.meetingLink })}
        </Anchor>
      )}
    </>
  );
}

export function CalendarButton({ meeting }: { meeting: MeetingRequestView }) {
  const t = useT();
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      onClick={() => void downloadCalendar(meeting)}
    >
      {t('meetings.addToCalendar')}
    </Button>
  );
}
