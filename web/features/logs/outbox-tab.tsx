import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { outboxQuery } from './api';
import { useLocale, useT } from './i18n';
import { formatLogTime } from './logs-parts';

/** The mail outbox, where sign-up and reset links land without SMTP. */
export function OutboxTab() {
  const outbox = useQuery(outboxQuery());
  const t = useT();
  const locale = useLocale();
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          {t('logs.outbox.title')}
        </Title>
        {outbox.data && (
          <Group gap="xs">
            <Badge variant="light">
              {outbox.data.mailer === 'smtp' ? t('logs.outbox.smtp') : t('logs.outbox.outbox')}
            </Badge>
            {outbox.data.tokensMasked && (
              <Badge variant="light" color="gray">
                {t('logs.outbox.masked')}
              </Badge>
            )}
          </Group>
        )}
      </Group>
      {outbox.isPending && <Loader aria-label={t('logs.outbox.loading')} />}
      {outbox.isError && <Alert color="red">{outbox.error.message}</Alert>}
      {outbox.data?.messages.length === 0 && <Text c="dimmed">{t('logs.outbox.empty')}</Text>}
      {outbox.data?.messages.map((message) => (
        <Card key={message.id} withBorder data-testid="outbox-message">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>{message.subject}</Text>
            <Text size="xs" c="dimmed">
              {formatLogTime(message.createdAt, locale)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('logs.outbox.to', { to: message.to })}
          </Text>
          <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {message.text}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
