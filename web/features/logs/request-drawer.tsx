import { Alert, Button, Card, Code, Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AppLogRow } from '../../../common/contracts/logs';
import { countOf } from '../../../common/words';
import { ApiError } from '../../app/api';
import { useRequestDetail } from './api';
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
  const data = detail.data;
  const notYet = detail.error instanceof ApiError && detail.error.status === 404;
  return (
    <Drawer
      opened={Boolean(requestId)}
      onClose={onClose}
      position="right"
      size="lg"
      title="Request"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {detail.isPending && <Skeleton h={240} />}
      {detail.isError && (
        <Alert color={notYet ? 'orange' : 'red'}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{detail.error.message}</Text>
            {notYet && (
              <Button size="xs" variant="light" onClick={() => detail.refetch()} loading={detail.isFetching}>
                Try again
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
            <InlineFact label="Request id">
              <CopyableId value={data.request.requestId} />
            </InlineFact>
            <InlineFact label="Time">{formatLogTime(data.request.at)}</InlineFact>
            <InlineFact label="Route">
              <Text size="sm" ff="monospace">
                {data.request.route ?? 'no route matched'}
              </Text>
            </InlineFact>
            <InlineFact label="Duration">{formatDuration(data.request.durationMs)}</InlineFact>
            <InlineFact label="User">
              {data.request.user
                ? `${data.request.user.name ?? 'erased account'}${data.request.user.email ? ` (${data.request.user.email})` : ''}`
                : 'anonymous'}
            </InlineFact>
            <InlineFact label="Address">{data.request.clientAddress ?? '—'}</InlineFact>
          </Stack>

          {data.errorGroup && (
            <Card withBorder data-testid="request-error-group">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600} c="red">
                    Error group
                  </Text>
                  <Text size="xs" c="dimmed">
                    {countOf(data.errorGroup.count, 'time')} · last {formatLogTime(data.errorGroup.lastSeen)}
                  </Text>
                </Group>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {data.errorGroup.name}: {data.errorGroup.message}
                </Text>
                {data.errorGroup.topFrame && (
                  <Text size="xs" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    at {data.errorGroup.topFrame}
                  </Text>
                )}
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => data.errorGroup && onOpenGroup(data.errorGroup.fingerprint)}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Open error group
                </Button>
              </Stack>
            </Card>
          )}

          <Title order={3} size="h5">
            Server log while it ran
          </Title>
          {data.logs.length === 0 ? (
            <Text size="sm" c="dimmed">
              No log lines for this request.
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
  const context = Object.keys(log.context).length > 0 ? JSON.stringify(log.context, null, 2) : null;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <LevelBadge level={log.level} />
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatLogTime(log.at)}
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
