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
import { countOf } from '../../../common/words';
import { useErrorGroup } from './api';
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
  return (
    <Drawer
      opened={Boolean(fingerprint)}
      onClose={onClose}
      position="right"
      size="xl"
      title="Error group"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {detail.isPending && <Skeleton h={240} />}
      {detail.isError && <Alert color="red">{detail.error.message}</Alert>}
      {data && (
        <Stack data-testid="error-group-detail">
          <Text fw={600} style={{ wordBreak: 'break-word' }}>
            {data.group.name}: {data.group.message}
          </Text>
          <Stack gap={6}>
            <InlineFact label="Seen">{countOf(data.group.count, 'time')}</InlineFact>
            <InlineFact label="First">{formatLogTime(data.group.firstSeen)}</InlineFact>
            <InlineFact label="Last">{formatLogTime(data.group.lastSeen)}</InlineFact>
            <InlineFact label="Thrown at">
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {data.group.topFrame ?? '—'}
              </Text>
            </InlineFact>
            <InlineFact label="Fingerprint">
              <CopyableId value={data.group.fingerprint} label="Copy fingerprint" />
            </InlineFact>
          </Stack>

          <Title order={3} size="h5">
            Latest stack
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
              No stack was recorded.
            </Text>
          )}

          <Title order={3} size="h5">
            Latest request
          </Title>
          {data.latestRequest ? (
            <Button
              variant="light"
              onClick={() => data.latestRequest && onOpenRequest(data.latestRequest.requestId)}
              style={{ alignSelf: 'flex-start' }}
            >
              Open request {data.latestRequest.requestId.slice(0, 8)}…
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {data.group.latestRequestId
                ? 'Its request is no longer kept.'
                : 'It did not come from a request (a job, a timer or the server itself).'}
            </Text>
          )}

          {data.requests.length > 0 && (
            <>
              <Title order={3} size="h5">
                Requests that failed with it
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
                      {formatLogTime(row.at)} · {row.user?.email ?? 'anonymous'} · {row.requestId}
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
