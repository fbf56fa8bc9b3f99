import { Anchor, Badge, Card, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFile, IconFileTypePdf, IconLock } from '@tabler/icons-react';
import {
  type AttachmentView,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketCategory,
  type TicketMessageView,
  type TicketPriority,
  type TicketStatus,
} from '../../../common/contracts/support';
import { formatDateTime } from '../../../common/time';

/** A change as a sentence: "Meera Support changed the status from Open to Resolved". */
function describeChange(message: TicketMessageView, reader: 'requester' | 'desk'): string {
  const change = message.change;
  if (!change) return '';
  const label = (value: string | null) => {
    if (value === null) return 'nobody';
    if (change.field === 'status') return TICKET_STATUS_LABELS[value as TicketStatus] ?? value;
    if (change.field === 'priority') return TICKET_PRIORITY_LABELS[value as TicketPriority] ?? value;
    if (change.field === 'category') return TICKET_CATEGORY_LABELS[value as TicketCategory] ?? value;
    return value;
  };
  const requester = reader === 'requester' ? 'You' : (message.authorName ?? 'The requester');
  const who = message.fromSupport ? (message.authorName ?? 'Support') : requester;
  if (change.field === 'assignee') return `${who} assigned the ticket to ${label(change.to)}`;
  if (change.field === 'status' && change.to === 'open' && change.from === 'resolved' && !message.fromSupport)
    return `${requester} reopened the ticket by replying`;
  return `${who} changed the ${change.field} from ${label(change.from)} to ${label(change.to)}`;
}

function AttachmentPreview({ attachment }: { attachment: AttachmentView }) {
  if (attachment.category === 'IMAGE') {
    return (
      <Anchor href={attachment.url} target="_blank" rel="noreferrer" aria-label={`Open ${attachment.name}`}>
        <Image
          src={attachment.url}
          alt={attachment.name}
          h={120}
          fit="contain"
          radius="sm"
          bg="var(--mantine-color-default-hover)"
        />
      </Anchor>
    );
  }
  if (attachment.category === 'VIDEO') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a user's screen recording has no captions to offer
      <video
        src={attachment.url}
        controls
        preload="metadata"
        style={{ width: '100%', maxHeight: 200 }}
        aria-label={attachment.name}
      />
    );
  }
  const Icon = attachment.category === 'PDF' ? IconFileTypePdf : IconFile;
  return (
    <Anchor href={attachment.url} target="_blank" rel="noreferrer" size="sm">
      <Group gap={6} wrap="nowrap">
        <Icon size={20} />
        <Text size="sm" truncate>
          {attachment.name}
        </Text>
      </Group>
    </Anchor>
  );
}

/**
 * A ticket's thread, oldest first: replies as cards (support's tinted), internal notes marked as such (the
 * desk only ever receives them), and changes as one quiet line each.
 */
export function TicketThread({
  messages,
  requesterName,
  reader = 'desk',
}: {
  messages: TicketMessageView[];
  requesterName?: string;
  /** Whose page it is: the requester reads their own changes as "You". */
  reader?: 'requester' | 'desk';
}) {
  return (
    <Stack gap="sm" data-testid="ticket-thread">
      {messages.map((message) =>
        message.kind === 'event' ? (
          <Text key={message.id} size="xs" c="dimmed" ta="center" data-testid="ticket-event">
            {describeChange(message, reader)} · {formatDateTime(message.createdAt)}
          </Text>
        ) : (
          <Paper
            key={message.id}
            withBorder
            p="sm"
            radius="md"
            data-testid={message.kind === 'note' ? 'ticket-note' : 'ticket-message'}
            bg={
              message.kind === 'note'
                ? 'var(--mantine-color-yellow-light)'
                : message.fromSupport
                  ? 'var(--mantine-primary-color-light)'
                  : undefined
            }
          >
            <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {message.fromSupport
                    ? `${message.authorName ?? 'Support'} (Support)`
                    : (message.authorName ?? requesterName ?? 'You')}
                </Text>
                {message.kind === 'note' && (
                  <Badge size="xs" color="yellow" leftSection={<IconLock size={10} />}>
                    Internal note
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(message.createdAt)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.body}
            </Text>
            {message.attachments.length > 0 && (
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="sm" spacing="xs">
                {message.attachments.map((attachment) => (
                  <Card key={attachment.id} withBorder padding={6} data-testid="ticket-attachment">
                    <AttachmentPreview attachment={attachment} />
                  </Card>
                ))}
              </SimpleGrid>
            )}
          </Paper>
        ),
      )}
    </Stack>
  );
}
