import { Button, Group, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconSearch, IconUser } from '@tabler/icons-react';
import {
  matchesRequestFilters,
  type RequestLogRow,
  STATUS_CLASSES,
  type StatusClass,
} from '../../../common/contracts/logs';
import { EmptyCard } from '../reports';
import { useRequestLogs } from './api';
import { useLocale, useT } from './i18n';
import { mergeNewest } from './live-tail';
import {
  formatDuration,
  formatLogTime,
  ListStatus,
  rangeOf,
  SegmentFilter,
  StatusBadge,
  TimeRangeFilter,
  UrlTextInput,
} from './logs-parts';

interface Props {
  params: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
  /** Rows from the live tail, newest first (empty when it is off). */
  tail: RequestLogRow[];
  routes: string[];
}

/** Answered API requests, newest first, filtered from the URL; a row opens its drawer (`?request=<id>`). */
export function RequestsTab({ params, update, tail, routes }: Props) {
  const t = useT();
  const status = STATUS_CLASSES.find((value) => value === params.get('status'));
  const q = params.get('q') ?? '';
  const user = params.get('user') ?? '';
  const requestId = params.get('requestId')?.trim() || undefined;
  const filters = {
    status,
    route: params.get('route') || undefined,
    user: user || undefined,
    requestId,
    q: q || undefined,
  };
  const range = rangeOf(params);
  const list = useRequestLogs({ ...filters, ...range, limit: 50 });
  const listed = list.data?.pages.flatMap((page) => page.requests) ?? [];
  const rows = mergeNewest(
    tail.filter((row) => matchesRequestFilters(row, { ...filters, to: range.to })),
    listed,
  );
  const filtered = Object.values(filters).some(Boolean) || params.get('range');

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <SegmentFilter
          label={t('logs.requests.status')}
          ariaLabel={t('logs.requests.statusAria')}
          value={status ?? 'all'}
          onChange={(value) => update({ status: value === 'all' ? null : value })}
          data={[
            { value: 'all', label: t('logs.all') },
            ...STATUS_CLASSES.map((value: StatusClass) => ({ value, label: value })),
          ]}
        />
        <Select
          label={t('logs.requests.route')}
          placeholder={t('logs.requests.anyRoute')}
          searchable
          clearable
          data={routes}
          value={params.get('route')}
          onChange={(value) => update({ route: value })}
          w={{ base: '100%', xs: 280 }}
          nothingFoundMessage={t('logs.requests.noSuchRoute')}
        />
        <UrlTextInput
          label={t('logs.requests.user')}
          placeholder={t('logs.requests.userPlaceholder')}
          leftSection={<IconUser size={16} />}
          value={params.get('user') ?? ''}
          onCommit={(text) => update({ user: text || null })}
          w={{ base: '100%', xs: 200 }}
        />
        <UrlTextInput
          label={t('logs.requests.path')}
          placeholder={t('logs.requests.pathPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={params.get('q') ?? ''}
          onCommit={(text) => update({ q: text || null })}
          w={{ base: '100%', xs: 200 }}
        />
        <TimeRangeFilter params={params} update={update} />
      </Group>

      <ListStatus
        query={list}
        empty={Boolean(list.data) && rows.length === 0}
        emptyState={
          <EmptyCard
            title={requestId ? t('logs.requests.noRequestWithId') : t('logs.requests.noMatch')}
            hint={
              requestId
                ? t('logs.requests.hintId')
                : filtered
                  ? t('logs.requests.hintFiltered')
                  : t('logs.requests.hintEmpty')
            }
          />
        }
      />
      {rows.length > 0 && (
        <Stack gap={0} data-testid="request-log-list">
          {rows.map((row) => (
            <RequestRow key={row.id} row={row} onOpen={() => update({ request: row.requestId })} />
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Button
          variant="default"
          onClick={() => list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          mx="auto"
        >
          {t('logs.requests.loadOlder')}
        </Button>
      )}
    </Stack>
  );
}

function RequestRow({ row, onOpen }: { row: RequestLogRow; onOpen: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <UnstyledButton
      onClick={onOpen}
      py={8}
      px="xs"
      data-testid="request-log-row"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)', minWidth: 0 }}
    >
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <StatusBadge status={row.status} />
        <Text size="sm" fw={600} w={52} style={{ flexShrink: 0 }}>
          {row.method}
        </Text>
        {/* The whole path wraps (at any character on a phone) rather than being cut: a developer reads it. */}
        <Text size="sm" ff="monospace" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {row.path}
        </Text>
        {row.errorFingerprint && (
          <Text size="xs" c="red" style={{ flexShrink: 0 }}>
            {t('logs.requests.error')}
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {formatLogTime(row.at, locale)} · {formatDuration(row.durationMs)} ·{' '}
        {row.user ? (row.user.email ?? row.user.id) : t('logs.anonymous')} · {row.requestId}
      </Text>
    </UnstyledButton>
  );
}
