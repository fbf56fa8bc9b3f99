import { Alert, Badge, Container, Group, Stack, Switch, Tabs, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../app/api';
import { useUrlFilters } from '../../app/use-url-filters';
import { useLogStatus } from './api';
import { ErrorGroupDrawer } from './error-group-drawer';
import { ErrorsTab } from './errors-tab';
import { JobsTab } from './jobs-tab';
import { useLiveTail } from './live-tail';
import { OutboxTab } from './outbox-tab';
import { RequestDrawer } from './request-drawer';
import { RequestsTab } from './requests-tab';
import { ServerLogTab } from './server-log-tab';

const TABS = [
  { value: 'requests', label: 'Requests' },
  { value: 'server', label: 'Server log' },
  { value: 'errors', label: 'Errors' },
  { value: 'jobs', label: 'Jobs' },
  { value: 'outbox', label: 'Outbox' },
] as const;
type Tab = (typeof TABS)[number]['value'];
/** Filters that belong to one tab: another tab starts without them. The request id is shared. */
const TAB_KEYS = ['status', 'route', 'user', 'q', 'range', 'from', 'to', 'level', 'state', 'name', 'page'];

/**
 * Developers' page (admins and developers an admin granted): requests, the server's log, errors grouped with their
 * requests, failed jobs and the mail outbox. Tab, filters and the open drawer live in the URL.
 */
export default function LogsPage() {
  const { params, page, update } = useUrlFilters();
  const tab: Tab = TABS.find((item) => item.value === params.get('tab'))?.value ?? 'requests';
  const status = useLogStatus();
  const [live, setLive] = useState(false);
  const tailing = live && (tab === 'requests' || tab === 'server');
  const tail = useLiveTail(tailing);
  // A developer who signed up waits for an admin's grant: say so plainly rather than show a red error.
  const waiting = status.error instanceof ApiError && status.error.status === 403 ? status.error : null;

  const setTab = (next: string | null) =>
    update({
      tab: next,
      request: null,
      group: null,
      ...Object.fromEntries(TAB_KEYS.map((key) => [key, null])),
    });
  const openRequest = (requestId: string) => update({ request: requestId, group: null }, false);
  const openGroup = (fingerprint: string) => update({ group: fingerprint, request: null }, false);

  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Logs
            </Title>
            {status.data && (
              <Group gap="xs">
                {status.data.enabled ? (
                  <Badge variant="light">Kept {status.data.retentionDays} days</Badge>
                ) : (
                  <Badge variant="light" color="orange">
                    Storing is off (LOGS=off)
                  </Badge>
                )}
                {status.data.dropped > 0 && (
                  <Badge variant="light" color="orange">
                    {status.data.dropped.toLocaleString()} rows dropped under load
                  </Badge>
                )}
              </Group>
            )}
          </Stack>
          {!waiting && (
            <TextInput
              aria-label="Find a request by its id"
              placeholder="Find a request by its id"
              leftSection={<IconSearch size={16} />}
              value={params.get('requestId') ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value.trim();
                update({
                  requestId: value,
                  ...(tab === 'requests' || tab === 'server' ? {} : { tab: 'requests' }),
                });
              }}
              w={{ base: '100%', sm: 360 }}
              data-testid="request-id-search"
            />
          )}
        </Group>
        {waiting ? (
          <Alert color="orange" title="Waiting for access" data-testid="developer-access-pending">
            {waiting.message}
          </Alert>
        ) : (
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Tabs.List>
                {TABS.map((item) => (
                  <Tabs.Tab key={item.value} value={item.value}>
                    {item.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {(tab === 'requests' || tab === 'server') && (
                <Switch
                  label="Live tail"
                  checked={live}
                  onChange={(event) => setLive(event.currentTarget.checked)}
                  data-testid="live-tail"
                />
              )}
            </Group>
            <Tabs.Panel value="requests" pt="md">
              <RequestsTab
                params={params}
                update={update}
                tail={tail.requests}
                routes={status.data?.routes ?? []}
              />
            </Tabs.Panel>
            <Tabs.Panel value="server" pt="md">
              <ServerLogTab params={params} update={update} tail={tail.logs} />
            </Tabs.Panel>
            <Tabs.Panel value="errors" pt="md">
              <ErrorsTab params={params} page={page} update={update} />
            </Tabs.Panel>
            <Tabs.Panel value="jobs" pt="md">
              <JobsTab params={params} page={page} update={update} />
            </Tabs.Panel>
            <Tabs.Panel value="outbox" pt="md">
              <OutboxTab />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
      <RequestDrawer
        requestId={params.get('request')}
        onClose={() => update({ request: null }, false)}
        onOpenGroup={openGroup}
      />
      <ErrorGroupDrawer
        fingerprint={params.get('group')}
        onClose={() => update({ group: null }, false)}
        onOpenRequest={openRequest}
      />
    </Container>
  );
}
