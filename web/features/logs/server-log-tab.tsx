import { Button, Group, Stack } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type AppLogRow, LOG_LEVEL_NAMES, LOG_LEVELS } from '../../../common/contracts/logs';
import { EmptyCard } from '../reports';
import { useAppLogs } from './api';
import { useT } from './i18n';
import { mergeNewest } from './live-tail';
import { ListStatus, rangeOf, SegmentFilter, TimeRangeFilter, UrlTextInput } from './logs-parts';
import { LogLine } from './request-drawer';

/** The server's own log lines (warn and above always, info when LOG_LEVEL prints it), newest first. */
export function ServerLogTab({
  params,
  update,
  tail,
}: {
  params: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
  tail: AppLogRow[];
}) {
  const t = useT();
  const level = LOG_LEVEL_NAMES.find((value) => value === params.get('level'));
  const q = params.get('q') ?? '';
  const requestId = params.get('requestId')?.trim() || undefined;
  const range = rangeOf(params);
  const list = useAppLogs({ level, q: q || undefined, requestId, ...range, limit: 50 });
  const listed = list.data?.pages.flatMap((page) => page.logs) ?? [];
  const shown = tail.filter(
    (log) =>
      (!range.to || log.at <= range.to) &&
      (!level || LOG_LEVELS[log.level] >= LOG_LEVELS[level]) &&
      (!requestId || log.requestId === requestId) &&
      (!q || log.message.toLowerCase().includes(q.toLowerCase())),
  );
  const rows = mergeNewest(shown, listed);
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <SegmentFilter
          label={t('logs.server.level')}
          ariaLabel={t('logs.server.levelAria')}
          value={level ?? 'info'}
          onChange={(value) => update({ level: value === 'info' ? null : value })}
          data={LOG_LEVEL_NAMES.map((value) => ({ value, label: value }))}
        />
        <UrlTextInput
          label={t('logs.server.message')}
          leftSection={<IconSearch size={16} />}
          value={params.get('q') ?? ''}
          onCommit={(text) => update({ q: text || null })}
          w={{ base: '100%', xs: 240 }}
        />
        <TimeRangeFilter params={params} update={update} />
      </Group>
      <ListStatus
        query={list}
        empty={Boolean(list.data) && rows.length === 0}
        emptyState={<EmptyCard title={t('logs.server.empty')} hint={t('logs.server.emptyHint')} />}
      />
      <Stack gap="sm">
        {rows.map((log) => (
          <LogLine key={log.id} log={log} />
        ))}
      </Stack>
      {list.hasNextPage && (
        <Button
          variant="default"
          onClick={() => list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          mx="auto"
        >
          {t('logs.server.loadOlder')}
        </Button>
      )}
    </Stack>
  );
}
