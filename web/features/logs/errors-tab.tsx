import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ErrorGroupRow } from '../../../common/contracts/logs';
import { Pager } from '../../components/pager';
import { EmptyCard } from '../reports';
import { useErrorGroups } from './api';
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
  const q = params.get('q') ?? '';
  const list = useErrorGroups({ q: q || undefined, ...rangeOf(params), page, limit: PAGE_SIZE });
  const total = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <UrlTextInput
          label="Search"
          placeholder="Message or where it was thrown"
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
            title="No errors"
            hint={
              q || params.get('range')
                ? 'None match: widen the search or the time range.'
                : 'Unhandled errors and failed answers (5xx) are grouped here with the request that caused them.'
            }
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
            {group.topFrame ?? 'no stack'}
          </Text>
          <Text size="xs" c="dimmed">
            last {formatLogTime(group.lastSeen)} · first {formatLogTime(group.firstSeen)}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}
