import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClockHour4, IconMessages, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DESK_AGES,
  DESK_SORTS,
  type DeskList,
  type DeskSort,
  type DeskTicket,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from '../../../common/contracts/support';
import { USER_TYPES } from '../../../common/roles';
import { SUPPORT_KEY } from '../../app/query-keys';
import { useSession } from '../../app/session';
import { supportSummaryQuery } from '../../app/support-count';
import { useUrlFilters } from '../../app/use-url-filters';
import { Pager } from '../../components/pager';
import { EmptyCard } from '../reports';
import { PAGE_SIZE, useDesk, useLiveSupport } from './api';
import { CannedRepliesModal } from './canned-replies-modal';
import { FilterSelect, OVERDUE_COLOR } from './desk-parts';
import { DeskQueueTable } from './desk-queue-table';
import { useT } from './i18n';
import { categoryLabel, priorityLabel, roleLabel, statusLabel } from './labels';
import { TargetsModal } from './targets-modal';

const STATUS_TABS = ['unresolved', ...TICKET_STATUSES] as const;
type StatusTab = (typeof STATUS_TABS)[number];
const REQUESTER_ROLES = USER_TYPES.filter((role) => role !== 'admin');
const SORT_KEYS: Record<DeskSort, string> = {
  waiting: 'support.desk.sort.waiting',
  newest: 'support.desk.sort.newest',
  updated: 'support.desk.sort.updated',
};
const FILTER_KEYS = ['search', 'priority', 'category', 'role', 'assignee', 'age'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A URL value if it is one of the allowed ones, so a hand-edited link never makes the server refuse the list. */
const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  allowed.find((item) => item === value);

function Figure({
  id,
  label,
  value,
  hint,
  alert,
  onClick,
}: {
  /** Names the figure for tests (desk-figure-<id>), whatever the language. */
  id: string;
  label: string;
  value: number | undefined;
  hint: string;
  alert?: boolean;
  onClick?: () => void;
}) {
  const body = (
    <Card withBorder padding="sm" h="100%">
      <Text size="sm" c="dimmed">
        {label}
      </Text>{' '}
      <Text fz={26} fw={800} c={alert ? OVERDUE_COLOR : undefined} data-testid={`desk-figure-${id}`}>
        {value ?? '–'}
      </Text>{' '}
      <Text size="xs" c={alert ? OVERDUE_COLOR : 'dimmed'}>
        {hint}
      </Text>
    </Card>
  );
  return onClick ? (
    // Named by what it shows ("Unassigned 1 open, nobody on it"; WCAG 2.5.3).
    <UnstyledButton onClick={onClick}>{body}</UnstyledButton>
  ) : (
    body
  );
}

/** Admins the queue can offer as assignees: those of any ticket page opened in this tab and those on the rows. */
function useKnownAdmins(list: DeskList | undefined, myId: string | undefined) {
  const queryClient = useQueryClient();
  const known = new Map<string, string>();
  for (const [, ticket] of queryClient.getQueriesData<DeskTicket>({
    queryKey: [...SUPPORT_KEY, 'desk-ticket'],
  }))
    for (const admin of ticket?.admins ?? []) known.set(admin.id, admin.fullName);
  for (const row of list?.rows ?? []) if (row.assignee) known.set(row.assignee.id, row.assignee.fullName);
  known.delete(myId ?? '');
  return [...known]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** /support: the admin's help desk queue. Filters, sorting and the page live in the URL; new tickets arrive live. */
export default function DeskPage() {
  const t = useT();
  useLiveSupport();
  const session = useSession();
  const { params, page, update } = useUrlFilters();
  const [dialog, setDialog] = useState<'canned' | 'targets' | null>(null);
  const search = params.get('search') ?? '';
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const status: StatusTab = oneOf(STATUS_TABS, params.get('status')) ?? 'unresolved';
  const assigneeParam = params.get('assignee');
  const query = {
    status,
    search: debounced || undefined,
    priority: oneOf(TICKET_PRIORITIES, params.get('priority')),
    category: oneOf(TICKET_CATEGORIES, params.get('category')),
    role: oneOf(REQUESTER_ROLES, params.get('role')),
    assignee:
      assigneeParam === 'me' || assigneeParam === 'none' || UUID.test(assigneeParam ?? '')
        ? (assigneeParam as string)
        : undefined,
    olderThanDays: oneOf(DESK_AGES, params.get('age')),
    sort: oneOf(DESK_SORTS, params.get('sort')) ?? 'waiting',
    page,
  };
  const list = useDesk(query);
  const summary = useQuery(supportSummaryQuery());
  const admins = useKnownAdmins(list.data, session?.userId);
  const counts = list.data?.counts;
  const tabCount = (tab: StatusTab) =>
    counts ? (tab === 'unresolved' ? counts.open + counts.inReview : counts[tab]) : undefined;
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const anyTicketAtAll =
    counts && counts.open + counts.inReview + counts.resolved > 0 ? true : Boolean(summary.data?.open);

  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              {t('nav.Support')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('support.desk.intro')}
            </Text>
          </div>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconMessages size={16} />}
              onClick={() => setDialog('canned')}
            >
              {t('support.desk.canned')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconClockHour4 size={16} />}
              onClick={() => setDialog('targets')}
            >
              {t('support.desk.targets')}
            </Button>
          </Group>
        </Group>

        <SimpleGrid cols={3} spacing="xs">
          <Figure
            id="unresolved"
            label={t('support.desk.unresolved')}
            value={summary.data?.open}
            hint={t('support.desk.unresolvedHint')}
          />
          <Figure
            id="unassigned"
            label={t('support.unassigned')}
            value={summary.data?.unassigned}
            hint={t('support.desk.unassignedHint')}
            onClick={() => update({ status: null, assignee: 'none' })}
          />
          <Figure
            id="overdue"
            label={t('support.desk.overdue')}
            value={summary.data?.overdue}
            hint={summary.data?.overdue ? t('support.desk.overdueHint') : t('support.desk.withinTargets')}
            alert={Boolean(summary.data?.overdue)}
          />
        </SimpleGrid>

        <Tabs value={status} onChange={(value) => update({ status: value === 'unresolved' ? null : value })}>
          <Tabs.List>
            {STATUS_TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {tab === 'unresolved' ? t('support.desk.unresolved') : statusLabel(t, tab)}
                {tabCount(tab) !== undefined && (
                  <Text span size="xs" c="dimmed" ml={6} data-testid={`desk-count-${tab}`}>
                    {tabCount(tab)}
                  </Text>
                )}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>

        <TextInput
          label={t('support.desk.search')}
          placeholder={t('support.desk.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => update({ search: event.currentTarget.value })}
          maxLength={100}
          w={{ base: '100%', sm: 420 }}
        />
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs">
          <FilterSelect
            label={t('support.field.priority')}
            anyLabel={t('support.desk.anyPriority')}
            value={query.priority}
            data={TICKET_PRIORITIES.map((value) => ({ value, label: priorityLabel(t, value) }))}
            onChange={(value) => update({ priority: value })}
          />
          <FilterSelect
            label={t('support.field.category')}
            anyLabel={t('support.desk.anyCategory')}
            value={query.category}
            data={TICKET_CATEGORIES.map((value) => ({ value, label: categoryLabel(t, value) }))}
            onChange={(value) => update({ category: value })}
          />
          <FilterSelect
            label={t('support.field.requester')}
            anyLabel={t('support.desk.anyRole')}
            value={query.role}
            data={REQUESTER_ROLES.map((value) => ({ value, label: roleLabel(t, value) }))}
            onChange={(value) => update({ role: value })}
          />
          <FilterSelect
            label={t('support.field.assignee')}
            anyLabel={t('support.desk.anyone')}
            value={query.assignee}
            data={[
              { value: 'me', label: t('support.desk.me') },
              { value: 'none', label: t('support.unassigned') },
              ...admins,
              ...(query.assignee &&
              UUID.test(query.assignee) &&
              !admins.some((a) => a.value === query.assignee)
                ? [{ value: query.assignee, label: t('support.desk.anotherAdmin') }]
                : []),
            ]}
            onChange={(value) => update({ assignee: value })}
          />
          <FilterSelect
            label={t('support.desk.age')}
            anyLabel={t('support.desk.anyAge')}
            value={query.olderThanDays}
            data={DESK_AGES.map((days) => ({
              value: days,
              label: t('support.desk.olderThan', { days: Number(days) }),
            }))}
            onChange={(value) => update({ age: value })}
          />
          <FilterSelect
            label={t('support.desk.sort')}
            value={query.sort}
            data={DESK_SORTS.map((value) => ({ value, label: t(SORT_KEYS[value]) }))}
            onChange={(value) => update({ sort: value === 'waiting' ? null : value })}
          />
        </SimpleGrid>
        {filtered && (
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => update(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])))}
            >
              {t('support.desk.clearFilters')}
            </Button>
          </Group>
        )}

        {list.isError && <Alert color="red">{list.error.message}</Alert>}
        {list.isPending && <Skeleton h={320} />}
        {list.data?.total === 0 &&
          (filtered ? (
            <EmptyCard title={t('support.desk.noMatch')} hint={t('support.desk.noMatchHint')} />
          ) : !anyTicketAtAll ? (
            <EmptyCard title={t('support.desk.none')} hint={t('support.desk.noneHint')} />
          ) : (
            <EmptyCard
              title={
                status === 'unresolved'
                  ? t('support.desk.nothingWaiting')
                  : t(`support.desk.noStatus.${status}`)
              }
              hint={t('support.desk.arriveHint')}
            />
          ))}
        {list.data && list.data.total > 0 && <DeskQueueTable rows={list.data.rows} />}
        <Pager page={page} total={totalPages} onChange={(value) => update({ page: String(value) }, false)} />
      </Stack>
      <CannedRepliesModal opened={dialog === 'canned'} onClose={() => setDialog(null)} />
      <TargetsModal opened={dialog === 'targets'} onClose={() => setDialog(null)} />
    </Container>
  );
}
