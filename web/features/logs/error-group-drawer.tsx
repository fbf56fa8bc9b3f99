import {
  Alert,
  Button,
  Code,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useErrorGroup } from './api';
import { useLocale, useT } from './i18n';
import { CopyableId, formatLogTime, InlineFact, StatusBadge } from './logs-parts';

/** An error group: its latest stack, the request of its latest occurrence, and the latest requests it failed. */
export function ErrorGroupDrawer({
  fingerprint,
  onClose,
  onOpenRequest,
}: {
  fingerprint: string | null;
  onClose: () => void;
  onOpenRequest: (requestId: string) => void;
}) {
  const detail = useErrorGroup(fingerprint);
  const data = detail.data;
  const t = useT();
  const locale = useLocale();
  return (
    <Drawer
      opened={Boolean(fingerprint)}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('logs.group.title')}
      closeButtonProps={{ 'aria-label': t('logs.close') }}
    >
      {detail.isPending && <Skeleton h={240} />}
      {detail.isError && <Alert color="red">{detail.error.message}</Alert>}
      {data && (
        <Stack data-testid="error-group-detail">
          <Text fw={600} style={{ wordBreak: 'break-word' }}>
            {data.group.name}: {data.group.message}
          </Text>
          <Stack gap={6}>
            <InlineFact label={t('logs.group.seen')}>
              {t('logs.times', { count: data.group.count })}
            </InlineFact>
            <InlineFact label={t('logs.group.first')}>
              {formatLogTime(data.group.firstSeen, locale)}
            </InlineFact>
            <InlineFact label={t('logs.group.last')}>{formatLogTime(data.group.lastSeen, locale)}</InlineFact>
            <InlineFact label={t('logs.group.thrownAt')}>
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {data.group.topFrame ?? '—'}
              </Text>
            </InlineFact>
            <InlineFact label={t('logs.group.fingerprint')}>
              <CopyableId value={data.group.fingerprint} label={t('logs.group.copyFingerprint')} />
            </InlineFact>
          </Stack>

          <Title order={3} size="h5">
            {t('logs.group.latestStack')}
          </Title>
          {data.group.latestStack ? (
            <Code
              block
              tabIndex={0}
              data-testid="error-group-stack"
              style={{ maxHeight: 360, overflow: 'auto', whiteSpace: 'pre' }}
            >
              {data.group.latestStack}
            </Code>
          ) : (
            <Text size="sm" c="dimmed">
              {t('logs.group.noStack')}
            </Text>
          )}

          <Title order={3} size="h5">
            {t('logs.group.latestRequest')}
          </Title>
          {data.latestRequest ? (
            <Button
              variant="light"
              onClick={() => data.latestRequest && onOpenRequest(data.latestRequest.requestId)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('logs.group.openRequest', { id: data.latestRequest.requestId.slice(0, 8) })}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {data.group.latestRequestId ? t('logs.group.requestGone') : t('logs.group.notFromRequest')}
            </Text>
          )}

          {data.requests.length > 0 && (
            <>
              <Title order={3} size="h5">
                {t('logs.group.failedRequests')}
              </Title>
              <Stack gap={0}>
                {data.requests.map((row) => (
                  <UnstyledButton
                    key={row.id}
                    onClick={() => onOpenRequest(row.requestId)}
                    py={6}
                    style={{ borderBottom: '1px solid var(--mantine-color-default-border)', minWidth: 0 }}
                  >
                    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                      <StatusBadge status={row.status} />
                      <Text size="sm" truncate style={{ minWidth: 0 }}>
                        {row.method} {row.path}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" truncate>
                      {formatLogTime(row.at, locale)} · {row.user?.email ?? t('logs.anonymous')} ·{' '}
                      {row.requestId}
                    </Text>
                  </UnstyledButton>
                ))}
              </Stack>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
