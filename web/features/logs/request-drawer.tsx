import { Alert, Button, Card, Code, Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AppLogRow } from '../../../common/contracts/logs';
import { ApiError } from '../../app/api';
import { useRequestDetail } from './api';
import { useLocale, useT } from './i18n';
import { CopyableId, formatDuration, formatLogTime, InlineFact, LevelBadge, StatusBadge } from './logs-parts';

/** One request: what it was, the server's log lines while it ran, and the error group it landed in. */
export function RequestDrawer({
  requestId,
  onClose,
  onOpenGroup,
}: {
  requestId: string | null;
  onClose: () => void;
  onOpenGroup: (fingerprint: string) => void;
}) {
  const detail = useRequestDetail(requestId);
  const t = useT();
  const locale = useLocale();
  const data = detail.data;
  const notYet = detail.error instanceof ApiError && detail.error.status === 404;
  return (
    <Drawer
      opened={Boolean(requestId)}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('logs.request.title')}
      closeButtonProps={{ 'aria-label': t('logs.close') }}
    >
      {detail.isPending && <Skeleton h={240} />}
      {detail.isError && (
        <Alert color={notYet ? 'orange' : 'red'}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{detail.error.message}</Text>
            {notYet && (
              <Button size="xs" variant="light" onClick={() => detail.refetch()} loading={detail.isFetching}>
                {t('logs.request.tryAgain')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {data && (
        <Stack data-testid="request-detail">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <StatusBadge status={data.request.status} />
            <Text fw={600}>{data.request.method}</Text>
            <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {data.request.path}
            </Text>
          </Group>
          <Stack gap={6}>
            <InlineFact label={t('logs.request.requestId')}>
              <CopyableId value={data.request.requestId} />
            </InlineFact>
            <InlineFact label={t('logs.request.time')}>{formatLogTime(data.request.at, locale)}</InlineFact>
            <InlineFact label={t('logs.request.route')}>
              <Text size="sm" ff="monospace">
                {data.request.route ?? t('logs.request.noRoute')}
              </Text>
            </InlineFact>
            <InlineFact label={t('logs.request.duration')}>
              {formatDuration(data.request.durationMs)}
            </InlineFact>
            <InlineFact label={t('logs.request.user')}>
              {data.request.user
                ? data.request.user.email
                  ? t('logs.request.userWithEmail', {
                      name: data.request.user.name ?? t('logs.request.erased'),
                      email: data.request.user.email,
                    })
                  : (data.request.user.name ?? t('logs.request.erased'))
                : t('logs.anonymous')}
            </InlineFact>
            <InlineFact label={t('logs.request.address')}>{data.request.clientAddress ?? '—'}</InlineFact>
          </Stack>

          {data.errorGroup && (
            <Card withBorder data-testid="request-error-group">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600} c="red">
                    {t('logs.request.errorGroup')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('logs.request.groupSeen', {
                      count: data.errorGroup.count,
                      time: formatLogTime(data.errorGroup.lastSeen, locale),
                    })}
                  </Text>
                </Group>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {data.errorGroup.name}: {data.errorGroup.message}
                </Text>
                {data.errorGroup.topFrame && (
                  <Text size="xs" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {t('logs.request.at', { frame: data.errorGroup.topFrame })}
                  </Text>
                )}
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => data.errorGroup && onOpenGroup(data.errorGroup.fingerprint)}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('logs.request.openGroup')}
                </Button>
              </Stack>
            </Card>
          )}

          <Title order={3} size="h5">
            {t('logs.request.serverLog')}
          </Title>
          {data.logs.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('logs.request.noLines')}
            </Text>
          ) : (
            data.logs.map((log) => <LogLine key={log.id} log={log} />)
          )}
        </Stack>
      )}
    </Drawer>
  );
}

/** A stored log line with its context (redacted when stored) as JSON. */
export function LogLine({ log }: { log: AppLogRow }) {
  const locale = useLocale();
  const context = Object.keys(log.context).length > 0 ? JSON.stringify(log.context, null, 2) : null;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <LevelBadge level={log.level} />
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatLogTime(log.at, locale)}
        </Text>
        <Text size="sm" style={{ minWidth: 0, wordBreak: 'break-word' }}>
          {log.message}
        </Text>
      </Group>
      {context && (
        <Code block tabIndex={0} style={{ maxHeight: 240, overflow: 'auto' }}>
          {context}
        </Code>
      )}
    </Stack>
  );
}
