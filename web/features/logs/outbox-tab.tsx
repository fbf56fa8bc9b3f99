import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { outboxQuery } from './api';
import { formatLogTime } from './logs-parts';

/** The mail outbox, where sign-up and reset links land without SMTP. */
export function OutboxTab() {
  const outbox = useQuery(outboxQuery());
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          Mail outbox
        </Title>
        {outbox.data && (
          <Group gap="xs">
            <Badge variant="light">
              {outbox.data.mailer === 'smtp' ? 'Mail goes to SMTP' : 'Mail goes to the outbox'}
            </Badge>
            {outbox.data.tokensMasked && (
              <Badge variant="light" color="gray">
                Link tokens hidden (production)
              </Badge>
            )}
          </Group>
        )}
      </Group>
      {outbox.isPending && <Loader aria-label="Loading outbox" />}
      {outbox.isError && <Alert color="red">{outbox.error.message}</Alert>}
      {outbox.data?.messages.length === 0 && (
        <Text c="dimmed">
          No mail yet. Verification and password-reset emails will appear here when no SMTP server is set.
        </Text>
      )}
      {outbox.data?.messages.map((message) => (
        <Card key={message.id} withBorder data-testid="outbox-message">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>{message.subject}</Text>
            <Text size="xs" c="dimmed">
              {formatLogTime(message.createdAt)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            To: {message.to}
          </Text>
          <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {message.text}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
