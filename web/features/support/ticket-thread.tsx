import { Anchor, Badge, Card, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFile, IconFileTypePdf, IconLock } from '@tabler/icons-react';
import {
  type AttachmentView,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketCategory,
  type TicketMessageView,
  type TicketPriority,
  type TicketStatus,
} from '../../../common/contracts/support';
import { formatDateTime } from '../../../common/time';
import { useLocale, useT } from './i18n';
import { categoryLabel, priorityLabel, statusLabel } from './labels';

type T = ReturnType<typeof useT>;
const isOneOf = <V extends string>(values: readonly V[], value: string): value is V =>
  (values as readonly string[]).includes(value);

/** A change as a sentence: "Meera Support changed the status from Open to Resolved". */
function describeChange(message: TicketMessageView, reader: 'requester' | 'desk', t: T): string {
  const change = message.change;
  if (!change) return '';
  const label = (value: string | null) => {
    if (value === null) return t('support.thread.nobody');
    if (change.field === 'status' && isOneOf<TicketStatus>(TICKET_STATUSES, value))
      return statusLabel(t, value);
    if (change.field === 'priority' && isOneOf<TicketPriority>(TICKET_PRIORITIES, value))
      return priorityLabel(t, value);
    if (change.field === 'category' && isOneOf<TicketCategory>(TICKET_CATEGORIES, value))
      return categoryLabel(t, value);
    return value;
  };
  const requester =
    reader === 'requester'
      ? t('support.thread.you')
      : (message.authorName ?? t('support.thread.theRequester'));
  const who = message.fromSupport ? (message.authorName ?? t('support.thread.support')) : requester;
  if (change.field === 'assignee')
    return change.to === null
      ? t('support.thread.unassigned', { who })
      : t('support.thread.assigned', { who, to: change.to });
  if (change.field === 'status' && change.to === 'open' && change.from === 'resolved' && !message.fromSupport)
    return t('support.thread.reopened', { who: requester });
  return t('support.thread.changed', {
    who,
    field: change.field,
    from: label(change.from),
    to: label(change.to),
  });
}

function AttachmentPreview({ attachment }: { attachment: AttachmentView }) {
  const t = useT();
  if (attachment.category === 'IMAGE') {
    return (
      <Anchor
        href={attachment.url}
        target="_blank"
        rel="noreferrer"
        aria-label={t('support.thread.openAttachment', { name: attachment.name })}
      >
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
  const t = useT();
  const locale = useLocale();
  return (
    <Stack gap="sm" data-testid="ticket-thread">
      {messages.map((message) =>
        message.kind === 'event' ? (
          <Text key={message.id} size="xs" c="dimmed" ta="center" data-testid="ticket-event">
            {describeChange(message, reader, t)} · {formatDateTime(message.createdAt, { locale })}
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
                    ? t('support.thread.fromSupport', {
                        name: message.authorName ?? t('support.thread.support'),
                      })
                    : (message.authorName ?? requesterName ?? t('support.thread.you'))}
                </Text>
                {message.kind === 'note' && (
                  <Badge size="xs" color="yellow" leftSection={<IconLock size={10} />}>
                    {t('support.thread.internalNote')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(message.createdAt, { locale })}
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
