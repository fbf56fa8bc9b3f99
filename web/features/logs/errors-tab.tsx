import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ErrorGroupRow } from '../../../common/contracts/logs';
import { Pager } from '../../components/pager';
import { EmptyCard } from '../reports';
import { useErrorGroups } from './api';
import { useLocale, useT } from './i18n';
import { formatLogTime, ListStatus, rangeOf, TimeRangeFilter, UrlTextInput } from './logs-parts';

const PAGE_SIZE = 25;

/** Errors grouped by fingerprint, latest first; a group opens its drawer (`?group=<fingerprint>`). */
export function ErrorsTab({
  params,
  page,
  update,
}: {
  params: URLSearchParams;
  page: number;
  update: (changes: Record<string, string | null>, resetPage?: boolean) => void;
}) {
  const t = useT();
  const q = params.get('q') ?? '';
  const list = useErrorGroups({ q: q || undefined, ...rangeOf(params), page, limit: PAGE_SIZE });
  const total = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <UrlTextInput
          label={t('logs.errors.search')}
          placeholder={t('logs.errors.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={params.get('q') ?? ''}
          onCommit={(text) => update({ q: text || null })}
          w={{ base: '100%', xs: 300 }}
        />
        <TimeRangeFilter params={params} update={update} />
      </Group>
      <ListStatus
        query={list}
        empty={list.data?.groups.length === 0}
        emptyState={
          <EmptyCard
            title={t('logs.errors.empty')}
            hint={q || params.get('range') ? t('logs.errors.emptyFiltered') : t('logs.errors.emptyHint')}
          />
        }
      />
      <Stack gap={0}>
        {list.data?.groups.map((group) => (
          <GroupRow
            key={group.fingerprint}
            group={group}
            onOpen={() => update({ group: group.fingerprint }, false)}
          />
        ))}
      </Stack>
      <Pager page={page} total={total} onChange={(next) => update({ page: String(next) }, false)} />
    </Stack>
  );
}

function GroupRow({ group, onOpen }: { group: ErrorGroupRow; onOpen: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <UnstyledButton
      onClick={onOpen}
      py={8}
      px="xs"
      data-testid="error-group-row"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)', minWidth: 0 }}
    >
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }} align="flex-start">
        <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
          ×{group.count}
        </Badge>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={500} lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {group.name}: {group.message}
          </Text>
          {/* Whole, wrapped: a developer reads the frame, on a phone too. */}
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {group.topFrame ?? t('logs.errors.noStack')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('logs.errors.seen', {
              last: formatLogTime(group.lastSeen, locale),
              first: formatLogTime(group.firstSeen, locale),
            })}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}
