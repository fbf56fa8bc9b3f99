import { Alert, Badge, Container, Group, Skeleton, Stack, Switch, Tabs, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../app/api';
import { useUrlFilters } from '../../app/use-url-filters';
import { useLogStatus, useRefreshLogs } from './api';
import { useT } from './i18n';
import { useLiveTail } from './live-tail';
import { UrlTextInput } from './logs-parts';

// Each tab loads when it is first shown (the page's first load stays within its weight budget).
const RequestsTab = lazy(() => import('./requests-tab').then((module) => ({ default: module.RequestsTab })));
const ServerLogTab = lazy(() =>
  import('./server-log-tab').then((module) => ({ default: module.ServerLogTab })),
);
const ErrorsTab = lazy(() => import('./errors-tab').then((module) => ({ default: module.ErrorsTab })));
const JobsTab = lazy(() => import('./jobs-tab').then((module) => ({ default: module.JobsTab })));
const OutboxTab = lazy(() => import('./outbox-tab').then((module) => ({ default: module.OutboxTab })));
const tabFallback = <Skeleton h={240} />;
// The drawers load the first time one opens.
const RequestDrawer = lazy(() =>
  import('./request-drawer').then((module) => ({ default: module.RequestDrawer })),
);
const ErrorGroupDrawer = lazy(() =>
  import('./error-group-drawer').then((module) => ({ default: module.ErrorGroupDrawer })),
);

const TABS = [
  { value: 'requests', labelKey: 'logs.tabs.requests' },
  { value: 'server', labelKey: 'logs.tabs.server' },
  { value: 'errors', labelKey: 'logs.tabs.errors' },
  { value: 'jobs', labelKey: 'logs.tabs.jobs' },
  { value: 'outbox', labelKey: 'logs.tabs.outbox' },
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
  const t = useT();
  const tab: Tab = TABS.find((item) => item.value === params.get('tab'))?.value ?? 'requests';
  const status = useLogStatus();
  const [live, setLive] = useState(false);
  const refreshLogs = useRefreshLogs();
  const requestDrawerUsed = useOnceTrue(Boolean(params.get('request')));
  const groupDrawerUsed = useOnceTrue(Boolean(params.get('group')));
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
              {t('logs.title')}
            </Title>
            {status.data && (
              <Group gap="xs">
                {status.data.enabled ? (
                  <Badge variant="light">{t('logs.kept', { count: status.data.retentionDays })}</Badge>
                ) : (
                  <Badge variant="light" color="orange">
                    {t('logs.storingOff')}
                  </Badge>
                )}
                {status.data.dropped > 0 && (
                  <Badge variant="light" color="orange">
                    {t('logs.dropped', { count: status.data.dropped })}
                  </Badge>
                )}
              </Group>
            )}
          </Stack>
          {!waiting && (
            <UrlTextInput
              aria-label={t('logs.findRequest')}
              placeholder={t('logs.findRequest')}
              leftSection={<IconSearch size={16} />}
              value={params.get('requestId') ?? ''}
              onCommit={(text) => {
                update({
                  requestId: text.trim() || null,
                  ...(tab === 'requests' || tab === 'server' ? {} : { tab: 'requests' }),
                });
              }}
              w={{ base: '100%', sm: 360 }}
              data-testid="request-id-search"
            />
          )}
        </Group>
        {/* The tabs' own requests wait for the status: a developer without a grant would only be refused them. */}
        {status.isPending ? (
          tabFallback
        ) : waiting ? (
          <Alert color="orange" title={t('logs.waitingForAccess')} data-testid="developer-access-pending">
            {waiting.message}
          </Alert>
        ) : (
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Tabs.List>
                {TABS.map((item) => (
                  <Tabs.Tab key={item.value} value={item.value}>
                    {t(item.labelKey)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {(tab === 'requests' || tab === 'server') && (
                <Switch
                  label={t('logs.liveTail')}
                  checked={live}
                  onChange={(event) => {
                    setLive(event.currentTarget.checked);
                    // The tailed rows go with the tail: read the list again so they stay in it.
                    if (!event.currentTarget.checked) void refreshLogs();
                  }}
                  data-testid="live-tail"
                />
              )}
            </Group>
            <Tabs.Panel value="requests" pt="md">
              <Suspense fallback={tabFallback}>
                <RequestsTab
                  params={params}
                  update={update}
                  tail={tail.requests}
                  routes={status.data?.routes ?? []}
                />
              </Suspense>
            </Tabs.Panel>
            <Tabs.Panel value="server" pt="md">
              <Suspense fallback={tabFallback}>
                <ServerLogTab params={params} update={update} tail={tail.logs} />
              </Suspense>
            </Tabs.Panel>
            <Tabs.Panel value="errors" pt="md">
              <Suspense fallback={tabFallback}>
                <ErrorsTab params={params} page={page} update={update} />
              </Suspense>
            </Tabs.Panel>
            <Tabs.Panel value="jobs" pt="md">
              <Suspense fallback={tabFallback}>
                <JobsTab params={params} page={page} update={update} />
              </Suspense>
            </Tabs.Panel>
            <Tabs.Panel value="outbox" pt="md">
              <Suspense fallback={tabFallback}>
                <OutboxTab />
              </Suspense>
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
      {/* Once loaded a drawer stays mounted, so it closes with its animation and gives focus back. */}
      {(params.get('request') || requestDrawerUsed) && (
        <Suspense fallback={null}>
          <RequestDrawer
            requestId={params.get('request')}
            onClose={() => update({ request: null }, false)}
            onOpenGroup={openGroup}
          />
        </Suspense>
      )}
      {(params.get('group') || groupDrawerUsed) && (
        <Suspense fallback={null}>
          <ErrorGroupDrawer
            fingerprint={params.get('group')}
            onClose={() => update({ group: null }, false)}
            onOpenRequest={openRequest}
          />
        </Suspense>
      )}
    </Container>
  );
}

/** True from the first render where `value` was true on. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
